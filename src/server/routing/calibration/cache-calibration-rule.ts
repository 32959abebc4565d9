/**
 * The per-organisation calibration of the cache's similarity threshold (docs/decisions/033): an
 * offset added to the policy's threshold, never below 0 (feedback never makes the cache laxer
 * than the policy) nor above `cacheCalibrationLimit`. Only a semantic hit is a signal: a reply
 * served because an earlier question was similar enough, which the threshold decided. A negative
 * rating of it, or asking again (a regeneration or an edit), raises the offset one step; a
 * positive rating lowers it a step about seven times smaller. It settles where about one rated
 * hit in eight is bad; with bad replies rated about three times as often as good ones (as 028
 * assumes), that is about one hit in twenty being wrong: the threshold tightens while the cache's
 * precision on this organisation's questions stays under ~95%.
 */
export const cacheCalibrationLimit = 0.1;
export const stricterCacheStep = 0.02;
export const laxerCacheStep = 0.003;

export type CacheDirection = 'stricter' | 'laxer';

export type CacheSignal =
  | { kind: 'rating'; rating: 'positive' | 'neutral' | 'negative' }
  | { kind: 'regenerated' }
  | { kind: 'edited' };

/** What the decision record says about a reply served from the cache. */
export interface RatedCacheHit {
  reason: string;
  cacheSimilarity: number | null;
}

/**
 * Which way a signal moves the organisation's cache threshold; undefined: not at all. An exact
 * repeat (similarity 1) was not the threshold's doing, and no threshold within reach would refuse it.
 */
export function cacheDirectionOf(route: RatedCacheHit, signal: CacheSignal): CacheDirection | undefined {
  if (route.reason !== 'cache_hit' || route.cacheSimilarity === null || route.cacheSimilarity >= 1) return undefined;
  if (signal.kind !== 'rating' || signal.rating === 'negative') return 'stricter';
  return signal.rating === 'positive' ? 'laxer' : undefined;
}

export function nextCacheOffset(offset: number, direction: CacheDirection): number {
  const moved = direction === 'stricter' ? offset + stricterCacheStep : offset - laxerCacheStep;
  return Math.round(Math.min(cacheCalibrationLimit, Math.max(0, moved)) * 1e6) / 1e6;
}

/** The similarity a hit needs for the organisation: the policy's threshold raised by its offset, at most 1. */
export function calibratedCacheThreshold(policyThreshold: number, offset: number): number {
  return Math.min(1, Math.round((policyThreshold + Math.max(0, offset)) * 1e6) / 1e6);
}
