import { extractTextFeatures, textFeatureNames } from './text-features';

/**
 * A small fixed set of kinds of prompts, so an organisation's feedback can move the router's
 * threshold for the prompts its users judge harshly without moving it for the others
 * (docs/decisions/033). Read by one rule from the router's own text features, first match wins:
 * code, then maths, then writing, then a question, else conversation (and anything else).
 */
export const promptKinds = ['code', 'maths', 'writing', 'question', 'conversation'] as const;
export type PromptKind = (typeof promptKinds)[number];

/** How a reason names the prompts of a kind. */
export const promptKindLabels: Readonly<Record<PromptKind, string>> = {
  code: 'code prompts',
  maths: 'maths prompts',
  writing: 'writing prompts',
  question: 'questions',
  conversation: 'conversation and other prompts',
};

type FeatureName = (typeof textFeatureNames)[number];

/** The counts behind the features (each a log1p count or a 0/1 flag). */
function countsOf(text: string): Record<FeatureName, number> {
  const values = extractTextFeatures(text);
  return Object.fromEntries(
    textFeatureNames.map((name, index) => [name, Math.round(Math.expm1(values[index]!))]),
  ) as Record<FeatureName, number>;
}

// A question the features do not mark (the look-up cue covers short what/who/which... questions only).
const asksQuestion =
  /\?\s*$|^\s*(?:how|why|what|who|when|where|which|is|are|can|could|does|do|did|should|tell me|give me)\b/i;

/** The kind of one prompt on its own. */
export function kindOfText(text: string): PromptKind {
  const count = countsOf(text);
  if (
    count.codeFence > 0 ||
    count.programmingWords >= 2 ||
    (count.programmingWords >= 1 && count.codeTokens + count.identifiers >= 1) ||
    count.codeTokens >= 4
  )
    return 'code';
  if (count.latex > 0 || count.equation > 0 || count.mathWords >= 2 || (count.mathWords >= 1 && count.numbers >= 1))
    return 'maths';
  if (count.creativeWords >= 1 || count.rolePlay > 0) return 'writing';
  if (count.lookupQuestion > 0 || count.reasoningWords >= 1 || asksQuestion.test(text)) return 'question';
  return 'conversation';
}

/**
 * The kind of the current user turn. A follow-up that shows no kind of its own ("now make it
 * faster", "and in French") takes the kind of the turn before it, which is what it is about.
 */
export function promptKind(prompt: string, previousUserTurn?: string): PromptKind {
  const own = kindOfText(prompt);
  return own === 'conversation' && previousUserTurn !== undefined ? kindOfText(previousUserTurn) : own;
}
