import { describe, expect, it } from 'vitest';
import { calibrationMoveOf, type RatedDecision } from './calibration-signal';

const candidates = [
  { model_id: 'small', tier: 1, eligible: true },
  { model_id: 'large', tier: 3, eligible: true },
];
const decision = (changes: Partial<RatedDecision> = {}): RatedDecision => ({
  mode: 'auto',
  reason: 'router_score',
  servedModelId: 'small',
  candidates,
  promptKind: 'code',
  cacheSimilarity: null,
  ...changes,
});
const negative = { kind: 'rating', rating: 'negative' } as const;

describe('the offset a signal moves', () => {
  it("a cheap reply moves the router's threshold for its prompt's kind only", () => {
    expect(calibrationMoveOf(decision(), negative)).toEqual({ target: 'code', direction: 'stronger' });
    expect(calibrationMoveOf(decision({ promptKind: 'writing' }), { kind: 'rating', rating: 'positive' })).toEqual({
      target: 'writing',
      direction: 'cheaper',
    });
    expect(calibrationMoveOf(decision({ promptKind: 'maths' }), { kind: 'regenerated', newTier: 3 })).toEqual({
      target: 'maths',
      direction: 'stronger',
    });
  });

  it("a reply from the cache moves the cache's threshold, whatever tier a regeneration asks", () => {
    const cached = decision({ reason: 'cache_hit', cacheSimilarity: 0.83 });
    expect(calibrationMoveOf(cached, negative)).toEqual({ target: 'cache', direction: 'stricter' });
    expect(calibrationMoveOf(cached, { kind: 'regenerated', newTier: 1 })).toEqual({
      target: 'cache',
      direction: 'stricter',
    });
    expect(calibrationMoveOf(cached, { kind: 'rating', rating: 'positive' })).toEqual({
      target: 'cache',
      direction: 'laxer',
    });
    expect(calibrationMoveOf(decision({ reason: 'cache_hit', cacheSimilarity: 1 }), negative)).toBeUndefined();
  });

  it('moves nothing for a strong reply, a chosen model, or a decision recorded before kinds', () => {
    expect(calibrationMoveOf(decision({ servedModelId: 'large' }), negative)).toBeUndefined();
    expect(calibrationMoveOf(decision({ mode: 'forced', reason: 'forced' }), negative)).toBeUndefined();
    expect(calibrationMoveOf(decision({ promptKind: null }), negative)).toBeUndefined();
  });
});
