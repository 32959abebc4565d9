import { createSeededRandom } from '../../routing/training/seeded-random';
import {
  createCacheLearnerState,
  decideCacheLookup,
  learnCacheOutcome,
  type CacheAction,
  type CacheLookup,
} from './cache-learner';
import type { CacheLearnerState } from './cache-learner-state';

/** One line of a cache replay: `a` a new prompt, `b` the stored one, `same` whether b's reply answers a. */
export interface CacheReplayLine {
  id: string;
  a: string;
  b: string;
  same: boolean;
}

export interface CacheReplayOptions {
  /** Share of hits served without the judge that are checked afterwards (their label revealed). */
  checkRate: number;
  /** Whether borderline lookups may ask the judge (here: the label itself, as a perfect judge). */
  judgeAllowed: boolean;
  seed: number;
  /** What the learner reads of a pair: its features and the stored entry it is about. */
  describe(line: CacheReplayLine): Promise<CacheLookup>;
  initialState?: CacheLearnerState;
  /** Called with each decision before any label of its line is read (for tests and diagnostics). */
  onDecision?(id: string, action: CacheAction): void;
}

export interface CacheReplayAnswer {
  id: string;
  hit: boolean;
  asked_judge: boolean;
}

/**
 * Replays labelled pairs through the learned cache, in order. The decision (hit, miss or ask the
 * judge) is taken from the state before the line and before its label is read. Asking the judge
 * reveals the label, and the cache answers with it: a judged hit is right by construction, and
 * costs a judge call. A hit served without the judge is yielded first; only when the generator
 * resumes is it checked, at the check rate, which reveals its label. Misses reveal nothing.
 */
export async function* replayCacheStream(
  lines: AsyncIterable<CacheReplayLine> | Iterable<CacheReplayLine>,
  options: CacheReplayOptions,
): AsyncGenerator<CacheReplayAnswer, CacheLearnerState> {
  let state = options.initialState ?? createCacheLearnerState();
  const random = createSeededRandom(options.seed);
  for await (const line of lines) {
    const lookup = await options.describe(line);
    const decision = decideCacheLookup(state, lookup, options.judgeAllowed);
    // One draw per line, whether or not it is used, so the lines checked do not depend on the answers.
    const checked = random() < options.checkRate;
    options.onDecision?.(line.id, decision.action);
    if (decision.action === 'ask-judge') {
      const same = line.same;
      yield { id: line.id, hit: same, asked_judge: true };
      state = learnCacheOutcome(state, { ...lookup, same, source: 'judge', decision });
      continue;
    }
    const hit = decision.action === 'hit';
    yield { id: line.id, hit, asked_judge: false };
    if (hit && checked) state = learnCacheOutcome(state, { ...lookup, same: line.same, source: 'check', decision });
  }
  return state;
}
