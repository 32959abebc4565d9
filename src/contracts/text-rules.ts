import { z } from 'zod';

/**
 * What characters a text field takes (docs/decisions/016):
 * - `single-line`: names, titles, ids, model ids: no control character at all, line breaks included;
 * - `multi-line`: notices: tabs and line breaks, no other control character;
 * - `verbatim`: chat text and passwords: everything but NUL, because pasted code and terminal
 *   output carry form feeds and escape sequences that the database and the models take as they are.
 * No field takes NUL (PostgreSQL's text cannot hold it) or an unpaired UTF-16 surrogate (not
 * Unicode: on its way to the database it would become U+FFFD, so what is saved is not what was sent).
 */
export type TextKind = 'single-line' | 'multi-line' | 'verbatim';

const refusedCharacters: Record<TextKind, RegExp> = {
  'single-line': /[\p{Cc}\p{Zl}\p{Zp}]/u,
  'multi-line': /(?![\t\n\r])\p{Cc}/u,
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the one character verbatim text refuses; matching it is the point
  verbatim: /\u0000/,
};

const unpairedSurrogate = /\p{Cs}/u;

const refusalText: Record<TextKind, (label: string) => string> = {
  'single-line': (label) => `${label} cannot contain line breaks or other control characters.`,
  'multi-line': (label) => `${label} cannot contain control characters other than tabs and line breaks.`,
  verbatim: (label) => `${label} cannot contain NUL characters.`,
};

export const textRuleMessages = {
  tooLong: (label: string, max: number) => `${label} must be at most ${max.toLocaleString('en-US')} characters.`,
  refused: (label: string, kind: TextKind) => refusalText[kind](label),
  unpairedSurrogate: (label: string) => `${label} is not valid Unicode (it has an unpaired surrogate).`,
  notText: (label: string) => `${label} must be text.`,
} as const;

/** Whether `value` breaks no character rule of `kind`. */
export function isAcceptableText(value: string, kind: TextKind): boolean {
  return !refusedCharacters[kind].test(value) && !unpairedSurrogate.test(value);
}

export interface TextOptions {
  /** The field as people read it: 'Title' gives 'Title must be at most 200 characters.' */
  label: string;
  max: number;
  /** Default `single-line`. */
  kind?: TextKind;
  /** The spec's text for a missing or blank value; without it the field may be empty. */
  required?: string;
  /** Default true; passwords keep their spaces. */
  trim?: boolean;
}

/** A text field under the rules above, with a message of its own for every way it can fail. */
export function text({ label, max, kind = 'single-line', required, trim = true }: TextOptions) {
  let schema = z.string({
    error: (issue) => (issue.code === 'invalid_type' ? (required ?? textRuleMessages.notText(label)) : undefined),
  });
  if (trim) schema = schema.trim();
  if (required) schema = schema.min(1, { error: required });
  return schema
    .max(max, { error: textRuleMessages.tooLong(label, max) })
    .refine((value) => !refusedCharacters[kind].test(value), { error: textRuleMessages.refused(label, kind) })
    .refine((value) => !unpairedSurrogate.test(value), { error: textRuleMessages.unpairedSurrogate(label) });
}
