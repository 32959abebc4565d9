import { describe, expect, it } from 'vitest';
import { createCacheLearnerState, describePair, learnCacheOutcome, decideCacheLookup } from '../../../gateway';
import { cacheDecidingLabels } from './cache-learner-repository';
import { learnedHitText, learnedLookupOf, learnedMissText } from './learned-lookup';

const features = describePair('Please write a short poem about cats', 'Write a short poem about cats', 0.9);

/** A state that has learned `count` labels, all `same`, of this pair's features on entries of their own. */
function taught(count: number, same = true) {
  let state = createCacheLearnerState();
  for (let index = 0; index < count; index++) {
    const lookup = { entryKey: `entry-${index}`, features };
    state = learnCacheOutcome(state, {
      ...lookup,
      same,
      source: 'judge',
      decision: decideCacheLookup(state, lookup, true),
    });
  }
  return state;
}

describe("the learned cache's decision of one lookup", () => {
  it.each([
    ['Auto, enough labels', cacheDecidingLabels, true, true],
    ['Auto, one label short', cacheDecidingLabels - 1, true, false],
    ['a chosen model, enough labels', cacheDecidingLabels, false, false],
  ])('%s: decides %s', (_case, labels, auto, decides) => {
    const learned = learnedLookupOf(taught(labels), 'new-entry', features, { delta: 0.05, judgeAllowed: true, auto });
    expect(learned.decides).toBe(decides);
    expect(learned.labels).toBe(labels);
  });

  it("takes the policy's δ, not the one the state was created with", () => {
    const state = taught(120);
    expect(state.settings.delta).toBe(0.02);
    const lax = learnedLookupOf(state, 'new-entry', features, { delta: 0.05, judgeAllowed: false, auto: true });
    const strict = learnedLookupOf(state, 'new-entry', features, { delta: 0.02, judgeAllowed: false, auto: true });
    expect(lax.decision.wrongBound).toBe(strict.decision.wrongBound);
    expect(lax.decision.wrongBound).toBeGreaterThan(0.02);
    expect(lax.decision.wrongBound).toBeLessThanOrEqual(0.05);
    expect(lax.decision.action).toBe('hit');
    expect(strict.decision.action).toBe('miss');
    // The judge is asked only where it is allowed.
    expect(
      learnedLookupOf(state, 'new-entry', features, { delta: 0.02, judgeAllowed: true, auto: true }).decision.action,
    ).toBe('ask-judge');
  });

  it('leaves the state as it was', () => {
    const state = taught(3);
    const copy = structuredClone(state);
    learnedLookupOf(state, 'entry-1', features, { delta: 0.3, judgeAllowed: true, auto: true });
    expect(state).toEqual(copy);
  });

  it('explains a hit and a miss with the bound, the error rate and the labels', () => {
    const learned = {
      decides: true,
      labels: 134,
      delta: 0.02,
      decision: { action: 'hit' as const, reason: 'within-bound' as const, probability: 0.99, wrongBound: 0.0123 },
    };
    expect(learnedHitText(learned)).toBe(
      "your organization's learned cache threshold (learned from 134 labels): at most 1.2% chance of a wrong answer, within its 2% error rate",
    );
    expect(learnedHitText({ ...learned, labels: 1 })).toContain('(learned from 1 label)');
    expect(learnedMissText({ ...learned, delta: 0.005, decision: { ...learned.decision, wrongBound: 0.4 } })).toBe(
      "outside your organization's learned cache bound (up to 40% chance of a wrong answer, above its 0.5% error rate)",
    );
  });
});
