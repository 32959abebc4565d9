import { decideCacheHit, type CacheDecision } from '../../src/gateway/cache/cache-decision';
import type { CacheSettings } from '../../src/gateway/cache/cache-settings';
import { defaultVerifierOptions, type VerifierOptions } from '../../src/gateway/cache/near-miss-verifier';
import type { Split } from './eval-pairs';
import type { ScoredPair } from './scored-pairs';

/** 'product' is the shipped verifier; other names are variants measured beside it (eval-variants.ts). */
export type VerifierVariants = Readonly<Record<string, VerifierOptions>>;

/**
 * The cache's decision on each pair, computed once: whether the guards and the exact tier let
 * it through, and whether each verifier variant accepts its content. Only the similarity test
 * depends on the threshold, so a sweep needs no second pass through the verifier.
 */
export interface DecidedPair extends ScoredPair {
  /** The product's decision with similarity forced to pass: guards, exact tier and verifier only. */
  withVerifier: CacheDecision;
  /** Each variant's verdict with similarity forced to pass (the product's under 'product'). */
  verified: Readonly<Record<string, boolean>>;
  /** Guards and exact tier only (the verifier skipped): the "encoder alone" column. */
  guardsPass: boolean;
  exact: boolean;
}

export function decidePairs(
  pairs: readonly ScoredPair[],
  settings: CacheSettings,
  variants: VerifierVariants = {},
): DecidedPair[] {
  const passing = { ...settings, similarityThreshold: 0 };
  return pairs.map((pair) => {
    const withVerifier = decideCacheHit(pair.b, { prompt: pair.a, similarity: 1 }, passing, defaultVerifierOptions);
    const guardsPass =
      !withVerifier.reason.startsWith('query-') &&
      !withVerifier.reason.startsWith('entry-') &&
      withVerifier.reason !== 'disabled';
    const verified: Record<string, boolean> = { product: withVerifier.hit };
    for (const [name, options] of Object.entries(variants))
      verified[name] = decideCacheHit(pair.b, { prompt: pair.a, similarity: 1 }, passing, options).hit;
    return { ...pair, withVerifier, verified, guardsPass, exact: withVerifier.reason === 'exact' };
  });
}

/** `verifier`: a variant name, 'product' for the shipped verifier, or false for the encoder alone (guards and exact tier kept). */
export function isHit(pair: DecidedPair, threshold: number, verifier: string | false): boolean {
  if (!pair.guardsPass) return false;
  if (pair.exact) return true;
  if (pair.similarity < threshold) return false;
  return verifier === false ? true : pair.verified[verifier] === true;
}

export interface Interval {
  low: number;
  high: number;
}

export interface SweepPoint {
  threshold: number;
  precision: number;
  /** Hits on positive pairs / positive pairs ("recall", "hit rate"). */
  hitRate: number;
  hits: number;
  falseHits: number;
  positives: number;
  precisionInterval: Interval;
  hitRateInterval: Interval;
}

export function measure(pairs: readonly DecidedPair[], threshold: number, verifier: string | false): SweepPoint {
  let hits = 0;
  let falseHits = 0;
  let positives = 0;
  for (const pair of pairs) {
    if (pair.positive) positives += 1;
    if (!isHit(pair, threshold, verifier)) continue;
    hits += 1;
    if (!pair.positive) falseHits += 1;
  }
  const trueHits = hits - falseHits;
  return {
    threshold,
    precision: hits === 0 ? 1 : trueHits / hits,
    hitRate: positives === 0 ? 0 : trueHits / positives,
    hits,
    falseHits,
    positives,
    precisionInterval: wilsonInterval(trueHits, hits),
    hitRateInterval: wilsonInterval(trueHits, positives),
  };
}

/**
 * 95% Wilson score interval of a proportion: honest for small counts and for proportions near
 * 0 or 1, where the normal approximation claims certainty it does not have (9 hits of 9 is
 * 70-100%, not 100% +- 0).
 */
export function wilsonInterval(successes: number, trials: number, z = 1.96): Interval {
  if (trials === 0) return { low: 0, high: 1 };
  const proportion = successes / trials;
  const denominator = 1 + (z * z) / trials;
  const centre = (proportion + (z * z) / (2 * trials)) / denominator;
  const margin =
    (z * Math.sqrt((proportion * (1 - proportion)) / trials + (z * z) / (4 * trials * trials))) / denominator;
  return { low: Math.max(0, centre - margin), high: Math.min(1, centre + margin) };
}

export const inSplit = (pairs: readonly DecidedPair[], split: Split | 'full') =>
  split === 'full' ? pairs : pairs.filter((pair) => pair.split === split);
