import { describe, expect, it } from 'vitest';
import { editMessageRequestSchema, renameSessionRequestSchema } from './chat-sessions';
import { sendMessageRequestSchema } from './conversation';
import { createSystemMessageRequestSchema } from './system-messages';
import { text, type TextKind } from './text-rules';
import { uuidField } from './ids';

const firstProblem = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? 'ok' : result.error!.issues[0]!.message;

describe('text fields', () => {
  const field = (kind: TextKind) => text({ label: 'Note', max: 10, kind, required: 'Note is required' });

  it.each<[string, TextKind, unknown, string]>([
    ['plain text', 'single-line', 'Hello', 'ok'],
    ['no value', 'single-line', undefined, 'Note is required'],
    ['blank text', 'single-line', '   ', 'Note is required'],
    ['a number', 'single-line', 42, 'Note is required'],
    [
      'text one over the limit (its length, not "required")',
      'single-line',
      'x'.repeat(11),
      'Note must be at most 10 characters.',
    ],
    ['NUL', 'verbatim', 'a\u0000b', 'Note cannot contain NUL characters.'],
    ['a form feed in chat text', 'verbatim', 'a\fb\u001b[0m', 'ok'],
    ['line breaks and a tab in a notice', 'multi-line', 'a\r\nb\tc', 'ok'],
    [
      'a bell in a notice',
      'multi-line',
      'a\u0007b',
      'Note cannot contain control characters other than tabs and line breaks.',
    ],
    [
      'NUL in a notice',
      'multi-line',
      'a\u0000b',
      'Note cannot contain control characters other than tabs and line breaks.',
    ],
    ['CR LF in a title', 'single-line', 'a\r\nb', 'Note cannot contain line breaks or other control characters.'],
    ['a tab in a title', 'single-line', 'a\tb', 'Note cannot contain line breaks or other control characters.'],
    [
      'DEL and C1 controls in a title',
      'single-line',
      'a\u007f\u0085',
      'Note cannot contain line breaks or other control characters.',
    ],
    [
      'a Unicode line separator in a title',
      'single-line',
      'a\u2028b',
      'Note cannot contain line breaks or other control characters.',
    ],
    ['a lone high surrogate', 'verbatim', 'a\ud83d', 'Note is not valid Unicode (it has an unpaired surrogate).'],
    ['a lone low surrogate', 'single-line', '\ude00a', 'Note is not valid Unicode (it has an unpaired surrogate).'],
    ['a reversed pair', 'multi-line', '\ude00\ud83d', 'Note is not valid Unicode (it has an unpaired surrogate).'],
    ['an emoji (a whole pair)', 'single-line', 'ok \u{1F600}', 'ok'],
  ])('%s (%s): %s', (_name, kind, value, expected) => {
    expect(firstProblem(field(kind).safeParse(value))).toBe(expected);
  });

  it('trims, except where told not to', () => {
    expect(text({ label: 'Name', max: 10 }).parse('  Ada  ')).toBe('Ada');
    expect(text({ label: 'Password', max: 10, kind: 'verbatim', trim: false }).parse(' pass ')).toBe(' pass ');
  });
});

describe('the payloads of the odd-input findings (issue 10)', () => {
  const owner = { org_id: '00000000-0000-4000-8000-000000000001', user_id: '00000000-0000-4000-8000-000000000002' };

  it('says a prompt over 200,000 characters is too long, not missing', () => {
    expect(firstProblem(sendMessageRequestSchema.safeParse({ ...owner, prompt: 'x'.repeat(200_001) }))).toBe(
      'Prompt must be at most 200,000 characters.',
    );
    expect(firstProblem(sendMessageRequestSchema.safeParse({ ...owner, prompt: 'x'.repeat(200_000) }))).toBe('ok');
  });

  it.each([
    [renameSessionRequestSchema, { title: 'a\u0000' }, 'Title cannot contain line breaks or other control characters.'],
    [editMessageRequestSchema, { content: 'a\u0000' }, 'Content cannot contain NUL characters.'],
    [
      createSystemMessageRequestSchema,
      { content: 'a\u0000' },
      'Content cannot contain control characters other than tabs and line breaks.',
    ],
    [sendMessageRequestSchema, { ...owner, prompt: 'a\u0000' }, 'Prompt cannot contain NUL characters.'],
    [sendMessageRequestSchema, { ...owner, org_id: 'x', prompt: 'a' }, 'Organization ID must be a UUID.'],
    [sendMessageRequestSchema, { ...owner, prompt: 'a', session_id: 'temp-1700000000' }, 'ok'],
    [sendMessageRequestSchema, { ...owner, prompt: 'a', session_id: 'x' }, 'Session ID must be a UUID.'],
  ])('%#: refuses bad characters and ids with the field named', (schema, body, expected) => {
    expect(firstProblem(schema.safeParse(body))).toBe(expected);
  });
});

describe('uuid fields', () => {
  const id = uuidField('Session ID', 'Session ID is required');
  it.each([
    ['6f1c2a9e-3b1d-4c2e-9f0a-1b2c3d4e5f60', 'ok'],
    ['6F1C2A9E-3B1D-4C2E-9F0A-1B2C3D4E5F60', 'ok'],
    ['', 'Session ID is required'],
    [undefined, 'Session ID is required'],
    ['not-a-uuid', 'Session ID must be a UUID.'],
    ['6f1c2a9e-3b1d-4c2e-9f0a-1b2c3d4e5f60\u0000', 'Session ID must be a UUID.'],
    ['6f1c2a9e3b1d4c2e9f0a1b2c3d4e5f60', 'Session ID must be a UUID.'],
  ])('%j: %s', (value, expected) => {
    expect(firstProblem(id.safeParse(value))).toBe(expected);
  });
});
