import { createSeededRandom } from '../training/seeded-random';
import { createOnlineRouterState, learnOnlineRouter, scoreOnlineRouter, type RouterObservation } from './online-router';
import type { OnlineRouterState } from './online-router-state';

/** One line of a router replay: a prompt and the quality each model's answer to it got (0-1). */
export interface RouterReplayLine {
  id: string;
  prompt: string;
  weak: number;
  strong: number;
}

export interface RouterReplayOptions {
  /** Share of lines whose labels are learned, as shadow evaluation would sample them. */
  sampleRate: number;
  /** Seeds the sampler: the same stream, rate and seed learn from the same lines. */
  seed: number;
  /** What the learner reads of a prompt (its embedding and the global router's score). */
  observe(line: RouterReplayLine): Promise<RouterObservation>;
  initialState?: OnlineRouterState;
}

export interface RouterReplayAnswer {
  id: string;
  score: number;
}

/**
 * Replays a labelled stream through the online router, in order. Each line's score comes from
 * the state before that line, and is handed to the consumer (a `yield`) before the line's labels
 * are read: the generator only resumes, and only then reads `weak` and `strong`, when the consumer
 * asks for the next answer. A sampled line is then learned, as shadow evaluation would label it.
 */
export async function* replayRouterStream(
  lines: AsyncIterable<RouterReplayLine> | Iterable<RouterReplayLine>,
  options: RouterReplayOptions,
): AsyncGenerator<RouterReplayAnswer, OnlineRouterState> {
  let state = options.initialState ?? createOnlineRouterState();
  const sampler = createSeededRandom(options.seed);
  for await (const line of lines) {
    const observation = await options.observe(line);
    const { score } = scoreOnlineRouter(state, observation);
    // One draw per line, whether or not it is used, so the lines picked do not depend on the answers.
    const sampled = sampler() < options.sampleRate;
    yield { id: line.id, score };
    if (sampled) state = learnOnlineRouter(state, observation, { weak: line.weak, strong: line.strong });
  }
  return state;
}
