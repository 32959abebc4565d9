import { decideCacheHit, type CacheDecision } from '../../src/gateway/cache/cache-decision';
import type { CacheSettings } from '../../src/gateway/cache/cache-settings';
import type { ScoredPair } from './scored-pairs';
import type { Split } from './eval-pairs';

/**
 * The cache's decision on each pair, computed once: whether the guards and the exact tier let
 * it through, and whether the verifier accepts its content. Only the similarity test depends on
 * the threshold, so a sweep needs no second pass through the verifier.
 */
export interface DecidedPair extends ScoredPair {
  /** The product's decision with similarity forced to pass: guards, exact tier and verifier only. */
  withVerifier: CacheDecision;
  /** Guards and exact tier only (the verifier skipped): the "without verifier" column. */
  guardsPass: boolean;
  exact: boolean;
}

export function decidePairs(pairs: readonly ScoredPair[], settings: CacheSettings): DecidedPair[] {
  return pairs.map((pair) => {
    const withVerifier = decideCacheHit(pair.b, { prompt: pair.a, similarity: 1 }, { ...settings, similarityThreshold: 0 });
    const guardsPass = !withVerifier.reason.startsWith('query-') && !withVerifier.reason.startsWith('entry-') && withVerifier.reason !== 'disabled';
    return { ...pair, withVerifier, guardsPass, exact: withVerifier.reason === 'exact' };
  });
}

export function isHit(pair: DecidedPair, threshold: number, verifier: boolean): boolean {
  if (!pair.guardsPass) return false;
  if (pair.exact) return true;
  if (pair.similarity < threshold) return false;
  return verifier ? pair.withVerifier.hit : true;
}

export interface SweepPoint {
  threshold: number;
  precision: number;
  hitRate: number;
  hits: number;
  falseHits: number;
}

export function measure(pairs: readonly DecidedPair[], threshold: number, verifier: boolean): SweepPoint {
  let hits = 0;
  let falseHits = 0;
  let positives = 0;
  let truePositiveHits = 0;
  for (const pair of pairs) {
    const hit = isHit(pair, threshold, verifier);
    if (pair.positive) positives += 1;
    if (!hit) continue;
    hits += 1;
    if (pair.positive) truePositiveHits += 1;
    else falseHits += 1;
  }
  return { threshold, precision: hits === 0 ? 1 : truePositiveHits / hits, hitRate: positives === 0 ? 0 : truePositiveHits / positives, hits, falseHits };
}

export const inSplit = (pairs: readonly DecidedPair[], split: Split | 'full') => (split === 'full' ? pairs : pairs.filter((pair) => pair.split === split));
