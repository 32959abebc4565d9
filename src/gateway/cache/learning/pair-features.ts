import { isCacheable } from '../cacheability';
import { compareContent, unmatchedContentWords, type VerificationReason } from '../near-miss-verifier';
import { normalisePrompt } from '../normalise-prompt';
import { analysePrompt } from '../prompt-content';

/**
 * What the learned cache reads of a lookup: a new prompt, the stored prompt nearest to it and the
 * encoder's cosine similarity of the two. Two cases are settled by rule, as in the product's
 * cache (decision 026): a prompt the guards refuse (about now, about the user) is never answered
 * from the cache, and an exact repeat always is. Every other pair becomes a few numbers: the
 * similarity, whether the near-miss verifier accepts it, how many content words differ, and
 * which of the verifier's hard rules (numbers, negation, names, kind of question) it breaks.
 */
type PairGate = 'not-cacheable' | 'exact' | 'learned';

export const pairFeatureNames = [
  'bias',
  'similarity',
  'verifier-match',
  'unmatched-words',
  'one-word-swapped',
  'matched-share',
  'different-numbers',
  'different-negation',
  'different-entities',
  'different-question',
] as const;

export interface PairFeatures {
  gate: PairGate;
  /** In pairFeatureNames order; empty unless the gate is 'learned'. */
  values: number[];
  /** The verifier's verdict, for explanations. */
  verifierReason?: VerificationReason;
}

/**
 * Similarity enters centred on 0.8 in steps of 0.1, so its weight reads "logits per 0.1 of
 * similarity", and is held to 0.5-1: below 0.5 a stored prompt is unrelated however far below.
 */
const similarityCentre = 0.8;
const similarityStep = 0.1;
const similarityFloor = 0.5;

export function describePair(query: string, cachedPrompt: string, similarity: number): PairFeatures {
  if (!isCacheable(query).cacheable || !isCacheable(cachedPrompt).cacheable)
    return { gate: 'not-cacheable', values: [] };
  if (normalisePrompt(query) === normalisePrompt(cachedPrompt)) return { gate: 'exact', values: [] };
  const [queryContent, cachedContent] = [analysePrompt(query), analysePrompt(cachedPrompt)];
  const verdict = compareContent(queryContent, cachedContent);
  const unmatched = unmatchedContentWords(queryContent, cachedContent);
  const cachedWords = new Set(cachedContent.contentWords);
  const ownUnmatched = unmatched.filter(
    (word) => queryContent.contentWords.includes(word) && !cachedWords.has(word),
  ).length;
  const otherUnmatched = unmatched.length - ownUnmatched;
  const contentWords = queryContent.contentWords.length + cachedContent.contentWords.length;
  const flag = (reason: VerificationReason) => (verdict.reason === reason ? 1 : 0);
  return {
    gate: 'learned',
    verifierReason: verdict.reason,
    values: [
      1,
      (Math.min(1, Math.max(similarityFloor, similarity)) - similarityCentre) / similarityStep,
      verdict.hit ? 1 : 0,
      Math.log1p(unmatched.length),
      ownUnmatched === 1 && otherUnmatched === 1 ? 1 : 0,
      contentWords === 0 ? 1 : 1 - unmatched.length / contentWords,
      flag('different-numbers'),
      flag('different-negation'),
      flag('different-entities'),
      flag('different-question'),
    ],
  };
}
