/**
 * What kind of answer a question asks for, from its first question word: a reason ("why"), a way
 * ("how"), an amount ("how many", "how long"), a time, a place or a person. "What", "which" and
 * yes/no questions can ask for any of these, so they have none. Two prompts asking for different
 * kinds are different questions however many words they share ("Why do you peel peaches to can
 * them?" / "How do you peel peaches?"), and the sentence encoder cannot tell them apart.
 */
export type QuestionIntent = 'reason' | 'way' | 'amount' | 'time' | 'place' | 'person';

const amountAfterHow = new Set([
  'many',
  'much',
  'long',
  'often',
  'far',
  'old',
  'big',
  'tall',
  'large',
  'fast',
  'soon',
  'high',
  'deep',
  'heavy',
  'wide',
]);
const intents = new Map<string, QuestionIntent>([
  ['why', 'reason'],
  ['when', 'time'],
  ['where', 'place'],
  ['who', 'person'],
  ['whom', 'person'],
  ['whose', 'person'],
]);
const generic = new Set(['what', 'which']);

/** The intent of the first question word among `words` (lower-cased, in order); undefined when it asks for any kind of answer. */
export function questionIntent(words: readonly string[]): QuestionIntent | undefined {
  for (const [index, written] of words.entries()) {
    const word = written.replace(/'(?:s|re|d|ll)$/, ''); // "where's", "who're", "why'd"
    if (generic.has(word)) return undefined;
    if (word === 'how') return amountAfterHow.has(words[index + 1] ?? '') ? 'amount' : 'way';
    const intent = intents.get(word);
    if (intent) return intent;
  }
  return undefined;
}
