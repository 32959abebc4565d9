import { describe, expect, it } from 'vitest';
import {
  adjustedThreshold,
  calibrationLimit,
  cheaperStep,
  directionOf,
  nextOffset,
  strongerStep,
  type RatedRoute,
} from './calibration-rule';

const candidates = [
  { model_id: 'small', tier: 1, eligible: true },
  { model_id: 'middle', tier: 2, eligible: true },
  { model_id: 'large', tier: 3, eligible: true },
];
const routed = (servedModelId: string, changes: Partial<RatedRoute> = {}): RatedRoute => ({
  mode: 'auto',
  reason: 'router_score',
  servedModelId,
  candidates,
  ...changes,
});

describe('which way a signal moves the threshold', () => {
  it('a negative rating of a cheaper-tier reply asks for stronger, a positive one for cheaper, a neutral one for nothing', () => {
    expect(directionOf(routed('small'), { kind: 'rating', rating: 'negative' })).toBe('stronger');
    expect(directionOf(routed('middle'), { kind: 'rating', rating: 'negative' })).toBe('stronger');
    expect(directionOf(routed('small'), { kind: 'rating', rating: 'positive' })).toBe('cheaper');
    expect(directionOf(routed('small'), { kind: 'rating', rating: 'neutral' })).toBeUndefined();
  });

  it('a regeneration counts only when a stronger tier answers it', () => {
    expect(directionOf(routed('small'), { kind: 'regenerated', newTier: 3 })).toBe('stronger');
    expect(directionOf(routed('middle'), { kind: 'regenerated', newTier: 3 })).toBe('stronger');
    expect(directionOf(routed('middle'), { kind: 'regenerated', newTier: 2 })).toBeUndefined();
    expect(directionOf(routed('middle'), { kind: 'regenerated', newTier: 1 })).toBeUndefined();
  });

  it('a prompt rewritten and asked again after a cheaper-tier reply asks for stronger, not after the strongest', () => {
    expect(directionOf(routed('small'), { kind: 'edited' })).toBe('stronger');
    expect(directionOf(routed('large'), { kind: 'edited' })).toBeUndefined();
    expect(directionOf(routed('small', { mode: 'forced', reason: 'forced' }), { kind: 'edited' })).toBeUndefined();
  });

  it('says nothing about replies the router did not send to a cheaper tier', () => {
    const negative = { kind: 'rating', rating: 'negative' } as const;
    expect(directionOf(routed('large'), negative)).toBeUndefined();
    expect(directionOf(routed('small', { mode: 'forced', reason: 'forced' }), negative)).toBeUndefined();
    expect(directionOf(routed('small', { reason: 'cache_hit' }), negative)).toBeUndefined();
    expect(directionOf(routed('small', { reason: 'fallback' }), negative)).toBeUndefined();
    expect(directionOf(routed('small', { servedModelId: null }), negative)).toBeUndefined();
    // The strongest tier open to the caller was the one that answered: nothing stronger to send it to.
    const closed = candidates.map((candidate) =>
      candidate.tier === 3 ? { ...candidate, eligible: false } : candidate,
    );
    expect(directionOf(routed('middle', { candidates: closed }), negative)).toBeUndefined();
  });
});

describe('the offset', () => {
  it('moves one small step per signal, stronger three times as fast as cheaper', () => {
    expect(nextOffset(0, 'stronger')).toBeCloseTo(-strongerStep, 9);
    expect(nextOffset(0, 'cheaper')).toBeCloseTo(cheaperStep, 9);
    expect(strongerStep / cheaperStep).toBeCloseTo(3, 9);
    expect(nextOffset(nextOffset(0, 'stronger'), 'cheaper')).toBeCloseTo(-strongerStep + cheaperStep, 9);
  });

  it('stays within ±0.15 however many signals arrive', () => {
    let offset = 0;
    for (let index = 0; index < 100; index += 1) offset = nextOffset(offset, 'stronger');
    expect(offset).toBe(-calibrationLimit);
    for (let index = 0; index < 1000; index += 1) offset = nextOffset(offset, 'cheaper');
    expect(offset).toBe(calibrationLimit);
  });

  it('adds to the threshold within 0..1, leaving "nothing goes to the strong model" alone', () => {
    expect(adjustedThreshold(0.42, -0.05)).toBeCloseTo(0.37, 9);
    expect(adjustedThreshold(0.05, -0.15)).toBe(0);
    expect(adjustedThreshold(0.95, 0.15)).toBe(1);
    expect(adjustedThreshold(Infinity, -0.15)).toBe(Infinity);
  });
});
