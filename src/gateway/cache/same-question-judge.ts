import type { Picodollars } from '../../money';
import type { CacheSettings } from './cache-settings';
import { decideCacheHit, type CacheCandidate, type CacheDecision } from './cache-decision';

/**
 * An optional second opinion for borderline pairs: a deployment's cheapest enabled cloud model,
 * asked whether two prompts ask the same thing (`model-same-question-judge.ts`; decision 026).
 * What it costs is counted against the saving of the hit it allows.
 */
export interface SameQuestionJudge {
  judge(
    query: string,
    cachedPrompt: string,
    signal?: AbortSignal,
  ): Promise<{ same: boolean; costPicodollars: Picodollars }>;
}

export type JudgedCacheDecision = CacheDecision & {
  /** What asking the judge cost, when it was asked. */
  judgeCostPicodollars?: Picodollars;
};

/**
 * Borderline: above the threshold, numbers, negation, names and identifiers all agree, and only
 * the wording differs by more than the one word the verifier allows. These are the pairs where
 * the encoder and a word comparison cannot tell a rewording ("pump up" / "boost") from a changed
 * request ("hot water" / "cold water"), and the only ones the judge is asked about.
 */
export function isBorderline(decision: CacheDecision): boolean {
  return !decision.hit && decision.reason === 'different-content';
}

/** The product's decision, with the judge consulted for borderline pairs only. */
export async function decideCacheHitWithJudge(
  query: string,
  candidate: CacheCandidate,
  settings: CacheSettings,
  judge: SameQuestionJudge | undefined,
  signal?: AbortSignal,
): Promise<JudgedCacheDecision> {
  const decision = decideCacheHit(query, candidate, settings);
  if (!judge || !isBorderline(decision)) return decision;
  const verdict = await judge.judge(query, candidate.prompt, signal);
  return verdict.same
    ? {
        hit: true,
        reason: 'judged-same',
        differences: decision.differences,
        judgeCostPicodollars: verdict.costPicodollars,
      }
    : { ...decision, judgeCostPicodollars: verdict.costPicodollars };
}
