import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../../routing/training/seeded-random';
import {
  createCacheLearnerState,
  decideCacheLookup,
  defaultCacheLearnerSettings,
  learnCacheOutcome,
  type CacheLookup,
} from './cache-learner';
import { parseCacheLearnerState, type CacheLearnerState } from './cache-learner-state';
import { describePair } from './pair-features';

const lookup = (query: string, cached: string, similarity: number): CacheLookup => ({
  entryKey: cached,
  features: describePair(query, cached, similarity),
});
const reworded = (index: number) =>
  lookup(`What is the best way to repot fern ${index}?`, `How do I repot fern ${index}?`, 0.9);
const swapped = (index: number) => lookup(`How do I repot cactus ${index}?`, `How do I repot fern ${index}?`, 0.88);

/** Judge every borderline lookup of a stream where rewordings are the same question and swaps are not. */
function learnFromJudge(state: CacheLearnerState, count: number, sameShare = 1): CacheLearnerState {
  const random = createSeededRandom(3);
  let current = state;
  for (let index = 0; index < count; index += 1) {
    const pair = index % 2 === 0 ? reworded(index) : swapped(index);
    const decision = decideCacheLookup(current, pair, true);
    if (decision.action !== 'ask-judge') continue;
    const same = index % 2 === 0 && random() < sameShare;
    current = learnCacheOutcome(current, { ...pair, same, source: 'judge', decision });
  }
  return current;
}

describe('the learned cache', () => {
  it('settles exact repeats and questions about now by rule', () => {
    const state = createCacheLearnerState();
    expect(decideCacheLookup(state, lookup('how do I repot a fern', 'How do I repot a fern?', 1), true).action).toBe(
      'hit',
    );
    expect(decideCacheLookup(state, lookup('What is the news today?', 'What is the news?', 0.95), true).reason).toBe(
      'not-cacheable',
    );
  });

  it('starts unsure: a likely pair goes to the judge, an unlikely one is a miss, and without a judge both miss', () => {
    const state = createCacheLearnerState();
    expect(decideCacheLookup(state, reworded(1), true)).toMatchObject({ action: 'ask-judge', reason: 'borderline' });
    const unrelated = lookup('How do I bake sourdough bread?', 'How do I repot a fern?', 0.3);
    expect(decideCacheLookup(state, unrelated, true)).toMatchObject({ action: 'miss', reason: 'outside-bound' });
    expect(decideCacheLookup(state, reworded(1), false).action).toBe('miss');
  });

  it('serves a kind of pair without the judge once its labels put the chance of a wrong answer under δ', () => {
    // At δ = 2% it takes several hundred "same" verdicts (about 700 here) before a kind of pair is certified.
    expect(decideCacheLookup(learnFromJudge(createCacheLearnerState(), 600), reworded(999), true).action).toBe(
      'ask-judge',
    );
    const state = learnFromJudge(createCacheLearnerState(), 1600);
    const decision = decideCacheLookup(state, reworded(999), true);
    expect(decision).toMatchObject({ action: 'hit', reason: 'within-bound' });
    expect(decision.wrongBound).toBeLessThanOrEqual(defaultCacheLearnerSettings.delta);
    expect(decideCacheLookup(state, swapped(999), true).action).toBe('miss');
  }, 60_000);

  it('never certifies a kind of pair that is wrong more often than δ, however many labels it sees', () => {
    // Rewordings that are the same question only 90% of the time: a 2% bound can never hold for them.
    const state = learnFromJudge(createCacheLearnerState(), 2000, 0.9);
    const decision = decideCacheLookup(state, reworded(999), true);
    expect(decision.action).toBe('ask-judge');
    expect(decision.probability).toBeGreaterThan(0.8);
    expect(decision.probability).toBeLessThan(0.95);
    // With a 20% bound, the same labels allow it.
    const lenient = { ...state, settings: { ...state.settings, delta: 0.2 } };
    expect(decideCacheLookup(lenient, reworded(999), true).action).toBe('hit');
  }, 60_000);

  it('tightens when checked hits are wrong more often than the model expected', () => {
    const state = learnFromJudge(createCacheLearnerState(), 1600);
    const before = decideCacheLookup(state, reworded(999), true);
    let audited = state;
    for (let index = 0; index < 5; index += 1)
      audited = learnCacheOutcome(audited, {
        ...reworded(2000 + index),
        same: false,
        source: 'check',
        decision: before,
      });
    expect(audited.audit).toMatchObject({ checked: 5, wrong: 5 });
    const after = decideCacheLookup(audited, reworded(999), true);
    expect(before.action).toBe('hit');
    expect(after.wrongBound).toBeGreaterThan(before.wrongBound * 2);
    expect(after.action).not.toBe('hit');
  }, 60_000);

  it("learns an entry's own shift from its outcomes, within a bounded number of entries", () => {
    let state = createCacheLearnerState({ ...defaultCacheLearnerSettings, entryCapacity: 3 });
    const pair = reworded(5);
    for (let index = 0; index < 6; index += 1)
      state = learnCacheOutcome(state, {
        ...pair,
        same: false,
        source: 'judge',
        decision: decideCacheLookup(state, pair, true),
      });
    expect(state.entries[pair.entryKey]!.offset).toBeLessThan(-0.3);
    expect(decideCacheLookup(state, pair, true).probability).toBeLessThan(
      decideCacheLookup(state, reworded(6), true).probability,
    );
    for (let index = 10; index < 14; index += 1) {
      const other = reworded(index);
      state = learnCacheOutcome(state, {
        ...other,
        same: true,
        source: 'judge',
        decision: decideCacheLookup(state, other, true),
      });
    }
    expect(Object.keys(state.entries)).toHaveLength(3);
    expect(state.entries[pair.entryKey]).toBeUndefined();
  });

  it('is pure, round-trips through JSON and the schema, and resets to where it started', () => {
    const state = learnFromJudge(createCacheLearnerState(), 60);
    const before = JSON.stringify(state);
    decideCacheLookup(state, reworded(7), true);
    learnCacheOutcome(state, {
      ...reworded(7),
      same: true,
      source: 'judge',
      decision: decideCacheLookup(state, reworded(7), true),
    });
    expect(JSON.stringify(state)).toBe(before);
    const restored = parseCacheLearnerState(JSON.parse(before));
    expect(decideCacheLookup(restored, swapped(3), true)).toEqual(decideCacheLookup(state, swapped(3), true));
    expect(createCacheLearnerState()).toEqual(createCacheLearnerState());
    expect(() => parseCacheLearnerState({ ...state, featureNames: ['bias'] })).toThrow(/feature names/);
  });
});
