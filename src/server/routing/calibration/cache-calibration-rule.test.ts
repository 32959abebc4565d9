import { describe, expect, it } from 'vitest';
import {
  cacheCalibrationLimit,
  cacheDirectionOf,
  calibratedCacheThreshold,
  laxerCacheStep,
  nextCacheOffset,
  stricterCacheStep,
} from './cache-calibration-rule';

const hit = (cacheSimilarity: number | null, reason = 'cache_hit') => ({ reason, cacheSimilarity });

describe("which way a signal moves the cache's threshold", () => {
  it('a negative rating, a regeneration or an edit after a semantic hit asks for a stricter cache; a positive rating a laxer one; neutral nothing', () => {
    expect(cacheDirectionOf(hit(0.81), { kind: 'rating', rating: 'negative' })).toBe('stricter');
    expect(cacheDirectionOf(hit(0.81), { kind: 'regenerated' })).toBe('stricter');
    expect(cacheDirectionOf(hit(0.81), { kind: 'edited' })).toBe('stricter');
    expect(cacheDirectionOf(hit(0.81), { kind: 'rating', rating: 'positive' })).toBe('laxer');
    expect(cacheDirectionOf(hit(0.81), { kind: 'rating', rating: 'neutral' })).toBeUndefined();
  });

  it('says nothing about exact repeats (no threshold refuses them) or replies not from the cache', () => {
    expect(cacheDirectionOf(hit(1), { kind: 'rating', rating: 'negative' })).toBeUndefined();
    expect(cacheDirectionOf(hit(null, 'router_score'), { kind: 'rating', rating: 'negative' })).toBeUndefined();
    expect(cacheDirectionOf(hit(0.8, 'router_score'), { kind: 'regenerated' })).toBeUndefined();
  });
});

describe("the cache's offset", () => {
  it('rises a step per bad hit and falls about seven times slower per good one', () => {
    expect(nextCacheOffset(0, 'stricter')).toBeCloseTo(stricterCacheStep, 9);
    expect(nextCacheOffset(stricterCacheStep, 'laxer')).toBeCloseTo(stricterCacheStep - laxerCacheStep, 9);
    expect(stricterCacheStep / laxerCacheStep).toBeGreaterThan(6);
  });

  it('never goes below 0 (the policy threshold) nor above +0.10, however many signals arrive', () => {
    expect(nextCacheOffset(0, 'laxer')).toBe(0);
    let offset = 0;
    for (let index = 0; index < 50; index += 1) offset = nextCacheOffset(offset, 'stricter');
    expect(offset).toBe(cacheCalibrationLimit);
    for (let index = 0; index < 500; index += 1) offset = nextCacheOffset(offset, 'laxer');
    expect(offset).toBe(0);
  });

  it('raises the policy threshold, at most to 1', () => {
    expect(calibratedCacheThreshold(0.76, 0.04)).toBeCloseTo(0.8, 9);
    expect(calibratedCacheThreshold(0.95, 0.1)).toBe(1);
    expect(calibratedCacheThreshold(0.76, -0.05)).toBe(0.76);
  });
});
