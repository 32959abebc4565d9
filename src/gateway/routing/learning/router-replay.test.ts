import { describe, expect, it } from 'vitest';
import {
  createOnlineRouterState,
  defaultOnlineRouterSettings,
  learnOnlineRouter,
  scoreOnlineRouter,
  type RouterObservation,
} from './online-router';

const testEncoder = { id: 'test-8', dimensions: 8, windowCharacters: 64 };
const freshState = () => createOnlineRouterState(defaultOnlineRouterSettings, testEncoder);
import { replayRouterStream, type RouterReplayLine } from './router-replay';

/** A small made-up stream: two topics, one where the strong model gains a lot, one where it gains nothing. */
function unitVector(topic: number, jitter: number): Float32Array {
  const vector = new Float32Array(8);
  vector[topic] = 1;
  vector[7] = jitter;
  const length = Math.hypot(...vector);
  return vector.map((value) => value / length);
}

const prompts = Array.from({ length: 40 }, (_, index) => ({
  id: `line-${index}`,
  prompt: index % 2 === 0 ? `Prove the lemma number ${index} about primes` : `Say hello to person ${index}`,
  weak: index % 2 === 0 ? 0 : 1,
  strong: 1,
}));

const observeByPrompt = async (line: RouterReplayLine): Promise<RouterObservation> => ({
  embedding: unitVector(line.prompt.startsWith('Prove') ? 0 : 1, (line.id.length % 3) / 10),
  staticScore: 0.5,
});

/** Lines whose labels log the moment they are read, into the same log as the answers. */
function watchedLines(log: string[]): RouterReplayLine[] {
  return prompts.map((line) => ({
    id: line.id,
    prompt: line.prompt,
    get weak() {
      log.push(`label ${line.id}`);
      return line.weak;
    },
    get strong() {
      log.push(`label ${line.id}`);
      return line.strong;
    },
  }));
}

/** Every line whose label was read was answered before: the index of the answer precedes every read. */
function labelsReadBeforeTheirAnswer(log: readonly string[]): string[] {
  return prompts
    .map((line) => line.id)
    .filter((id) => {
      const firstRead = log.indexOf(`label ${id}`);
      return firstRead >= 0 && firstRead < log.indexOf(`answer ${id}`);
    });
}

/** A replay that reads the labels before answering, as a wrong implementation would: the check must catch it. */
async function* peekingReplay(lines: RouterReplayLine[]) {
  let state = freshState();
  for (const line of lines) {
    const observation = await observeByPrompt(line);
    state = learnOnlineRouter(state, observation, { weak: line.weak, strong: line.strong });
    yield { id: line.id, score: scoreOnlineRouter(state, observation).score };
  }
}

describe('replayRouterStream', () => {
  it('answers each line before reading its labels, and learns from every sampled line', async () => {
    const log: string[] = [];
    const replay = replayRouterStream(watchedLines(log), {
      sampleRate: 1,
      seed: 3,
      observe: observeByPrompt,
      initialState: freshState(),
    });
    let next = await replay.next();
    while (!next.done) {
      log.push(`answer ${next.value.id}`);
      next = await replay.next();
    }
    expect(log.filter((entry) => entry.startsWith('answer'))).toHaveLength(prompts.length);
    expect(labelsReadBeforeTheirAnswer(log)).toEqual([]);
    expect(next.value.labels).toBe(prompts.length);
  });

  it('the check catches a replay that reads a label before answering', async () => {
    const log: string[] = [];
    for await (const answer of peekingReplay(watchedLines(log))) log.push(`answer ${answer.id}`);
    expect(labelsReadBeforeTheirAnswer(log)).toHaveLength(prompts.length);
  });

  it('never reads the labels of lines the sampler leaves out, and learns only the sampled share', async () => {
    const log: string[] = [];
    const replay = replayRouterStream(watchedLines(log), {
      sampleRate: 0.25,
      seed: 7,
      observe: observeByPrompt,
      initialState: freshState(),
    });
    let next = await replay.next();
    while (!next.done) next = await replay.next();
    const read = new Set(log.map((entry) => entry.replace('label ', '')));
    expect(read.size).toBe(next.value.labels);
    expect(next.value.labels).toBeGreaterThan(3);
    expect(next.value.labels).toBeLessThan(20);
  });

  it('learns the gap of each topic from the stream: hard prompts score above easy ones once labelled', async () => {
    const answers: { id: string; score: number }[] = [];
    for await (const answer of replayRouterStream(prompts, {
      sampleRate: 1,
      seed: 1,
      observe: observeByPrompt,
      initialState: freshState(),
    }))
      answers.push(answer);
    // The first line is scored by the state before any label: the global router's ranking alone.
    expect(answers[0]!.score).toBe(scoreOnlineRouter(freshState(), await observeByPrompt(prompts[0]!)).score);
    const late = answers.slice(-10);
    const hard = late.filter((_, index) => index % 2 === 0).map((answer) => answer.score);
    const easy = late.filter((_, index) => index % 2 === 1).map((answer) => answer.score);
    expect(Math.min(...hard)).toBeGreaterThan(Math.max(...easy));
  });

  it('gives the same answers for the same stream, rate and seed', async () => {
    const run = async () => {
      const scores: number[] = [];
      for await (const answer of replayRouterStream(prompts, {
        sampleRate: 0.5,
        seed: 9,
        observe: observeByPrompt,
        initialState: freshState(),
      }))
        scores.push(answer.score);
      return scores;
    };
    expect(await run()).toEqual(await run());
  });
});
