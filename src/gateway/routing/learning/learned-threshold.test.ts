import { describe, expect, it } from 'vitest';
import { learnedThresholdForQuality } from './learned-threshold';
import { createOnlineRouterState, defaultOnlineRouterSettings, learnOnlineRouter } from './online-router';
import { parseOnlineRouterState } from './online-router-state';

const encoder = { id: 'test-4', dimensions: 4, windowCharacters: 64 };

/** Labels in two topics (the strong model needed on topic 0 only), learned in turn. */
function trained(count: number) {
  let state = createOnlineRouterState(defaultOnlineRouterSettings, encoder);
  for (let index = 0; index < count; index += 1) {
    const hard = index % 4 === 0;
    const embedding = new Float32Array(4);
    embedding[hard ? 0 : 1] = 1;
    state = learnOnlineRouter(state, { embedding, staticScore: 0.5 }, { weak: hard ? 0 : 1, strong: 1 });
  }
  return state;
}

describe('the learned threshold', () => {
  it('waits for enough labels, then sends the prompts that need it to the strong model', () => {
    expect(learnedThresholdForQuality(trained(100), 0.95)).toBeUndefined();
    const state = trained(400);
    const chosen = learnedThresholdForQuality(state, 0.95)!;
    expect(chosen.labels).toBe(400);
    // A quarter of the prompts need the strong model; once learned, about that share goes to it.
    expect(chosen.strongShare).toBeGreaterThan(0.15);
    expect(chosen.strongShare).toBeLessThan(0.35);
    expect(chosen.qualityShare).toBeGreaterThanOrEqual(0.95 - 1e-9);
    expect(chosen.threshold).not.toBeNull();
  });

  it('keeps only the latest 500 outcomes, and needs no strong call when the weak model does as well', () => {
    let state = createOnlineRouterState(defaultOnlineRouterSettings, encoder);
    const embedding = Float32Array.from([0, 0, 1, 0]);
    for (let index = 0; index < 600; index += 1)
      state = learnOnlineRouter(state, { embedding, staticScore: 0.5 }, { weak: 0.8, strong: 0.8 });
    expect(state.outcomes).toHaveLength(500);
    expect(learnedThresholdForQuality(state, 0.95)).toMatchObject({ threshold: null, strongShare: 0 });
    const overfull = { ...state, outcomes: [...state.outcomes, { score: 0.5, weak: 0.8, strong: 0.8 }] };
    expect(() => parseOnlineRouterState(JSON.parse(JSON.stringify(overfull)))).toThrow(/too many remembered outcomes/);
  });
});
