import { describe, expect, it } from 'vitest';
import {
  createOnlineRouterState,
  defaultOnlineRouterSettings,
  learnOnlineRouter,
  scoreOnlineRouter,
  type RouterObservation,
} from './online-router';
import { parseOnlineRouterState, type OnlineRouterState } from './online-router-state';

const encoder = { id: 'test-16', dimensions: 16, windowCharacters: 64 };
const fresh = (capacity = defaultOnlineRouterSettings.memoryCapacity) =>
  createOnlineRouterState({ ...defaultOnlineRouterSettings, memoryCapacity: capacity }, encoder);

/** A unit vector near axis `topic`, moved a little by `wobble` along the last axis. */
function near(topic: number, wobble = 0): Float32Array {
  const vector = new Float32Array(16);
  vector[topic] = 1;
  vector[15] = wobble;
  const length = Math.hypot(...vector);
  return vector.map((value) => value / length);
}

const observation = (topic: number, staticScore: number, wobble = 0): RouterObservation => ({
  embedding: near(topic, wobble),
  staticScore,
});

/** Labels in two topics: on topic 0 the strong model is needed, on topic 1 the weak one does as well. */
function trained(count: number, state = fresh()): OnlineRouterState {
  let current = state;
  for (let index = 0; index < count; index += 1) {
    const hard = index % 2 === 0;
    // The global router believes the opposite of the truth here: high scores on the easy topic.
    current = learnOnlineRouter(current, observation(hard ? 0 : 1, hard ? 0.3 : 0.7, (index % 5) / 20), {
      weak: hard ? 0 : 0.9,
      strong: hard ? 1 : 0.9,
    });
  }
  return current;
}

describe('the online router', () => {
  it('with no label ranks prompts exactly as the global router does', () => {
    const state = fresh();
    const scores = [0.05, 0.2, 0.5, 0.8, 0.97].map(
      (staticScore, topic) => scoreOnlineRouter(state, observation(topic, staticScore)).score,
    );
    expect([...scores].sort((first, second) => first - second)).toEqual(scores);
    expect(new Set(scores).size).toBe(scores.length);
  });

  it("learns a topic's gain from its labels, even where the global router ranks the other way", () => {
    const state = trained(40);
    const hard = scoreOnlineRouter(state, observation(0, 0.3, 0.1));
    const easy = scoreOnlineRouter(state, observation(1, 0.7, 0.1));
    expect(hard.score).toBeGreaterThan(easy.score);
    expect(hard.gain).toBeGreaterThan(0.6);
    expect(easy.gain).toBeLessThan(0.2);
  });

  it('far from every label, keeps to the calibrated global router', () => {
    const state = trained(40);
    const unseen = scoreOnlineRouter(state, observation(7, 0.6));
    expect(unseen.gain).toBeCloseTo(unseen.globalPart, 2);
  });

  it('is pure: scoring and learning leave the given state as it was', () => {
    const state = trained(10);
    const before = JSON.stringify(state);
    scoreOnlineRouter(state, observation(0, 0.5));
    const after = learnOnlineRouter(state, observation(2, 0.5), { weak: 0, strong: 1 });
    expect(JSON.stringify(state)).toBe(before);
    expect(after.labels).toBe(state.labels + 1);
  });

  it('stays within its memory: past capacity a label merges into its most similar remembered prompt', () => {
    const state = trained(50, fresh(8));
    expect(state.memory).toHaveLength(8);
    expect(state.memory.reduce((sum, item) => sum + item.weight, 0)).toBe(50);
    expect(state.labels).toBe(50);
    // The default capacity with the 512-dimension encoder stays under half a megabyte of JSON.
    const large = createOnlineRouterState();
    let full = large;
    const embedding = new Float32Array(512);
    for (let index = 0; index < large.settings.memoryCapacity + 20; index += 1) {
      embedding.fill(0);
      embedding[index % 512] = 1;
      embedding[(index * 7) % 512]! += 0.5;
      const length = Math.hypot(...embedding);
      full = learnOnlineRouter(
        full,
        { embedding: embedding.map((value) => value / length), staticScore: 0.5 },
        { weak: 0, strong: 1 },
      );
    }
    expect(full.memory).toHaveLength(large.settings.memoryCapacity);
    expect(JSON.stringify(full).length).toBeLessThan(500_000);
  }, 30_000);

  it('round-trips through JSON and the schema, scoring exactly as before', () => {
    const state = trained(30);
    const restored = parseOnlineRouterState(JSON.parse(JSON.stringify(state)));
    for (const [topic, staticScore] of [
      [0, 0.2],
      [1, 0.9],
      [4, 0.5],
    ] as const)
      expect(scoreOnlineRouter(restored, observation(topic, staticScore, 0.05))).toEqual(
        scoreOnlineRouter(state, observation(topic, staticScore, 0.05)),
      );
  });

  it('resets to the state it started from', () => {
    expect(fresh()).toEqual(createOnlineRouterState(defaultOnlineRouterSettings, encoder));
    expect(fresh().labels).toBe(0);
  });

  it('refuses a label outside 0-1, an embedding of another size and a malformed stored state', () => {
    expect(() => learnOnlineRouter(fresh(), observation(0, 0.5), { weak: -0.1, strong: 1 })).toThrow(/from 0 to 1/);
    expect(() => scoreOnlineRouter(fresh(), { embedding: new Float32Array(4), staticScore: 0.5 })).toThrow(
      /16-dimension/,
    );
    const overfull = { ...trained(12, fresh(8)), settings: { ...defaultOnlineRouterSettings, memoryCapacity: 4 } };
    expect(() => parseOnlineRouterState(JSON.parse(JSON.stringify(overfull)))).toThrow(/memory capacity/);
    expect(() => parseOnlineRouterState({ ...fresh(), format: 'tokenwise-online-router/0' })).toThrow(/Invalid/);
  });
});
