import { describe, expect, it } from 'vitest';
import type { CacheLookup } from './cache-learner';
import { replayCacheStream, type CacheReplayLine } from './cache-replay';
import { describePair } from './pair-features';

/** Invented pairs: rewordings of a stored question (same), and one-word changes of it (different). */
const pairs = Array.from({ length: 60 }, (_, index) => {
  const topic = ['bake sourdough bread', 'repot a fern', 'tune a bicycle chain', 'fold a paper crane'][index % 4]!;
  const same = index % 3 !== 0;
  return {
    id: `pair-${index}`,
    a: same ? `What is the best way to ${topic}?` : `How do I ${topic} without any tools?`,
    b: `How do I ${topic}?`,
    same,
    similarity: same ? 0.88 : 0.84,
  };
});

const describeLine = async (line: CacheReplayLine): Promise<CacheLookup> => {
  const similarity = pairs.find((pair) => pair.id === line.id)!.similarity;
  return { entryKey: line.b, features: describePair(line.a, line.b, similarity) };
};

/** Lines whose label logs the moment it is read, into the same log as the decisions and answers. */
function watchedLines(log: string[]): CacheReplayLine[] {
  return pairs.map((pair) => ({
    id: pair.id,
    a: pair.a,
    b: pair.b,
    get same() {
      log.push(`label ${pair.id}`);
      return pair.same;
    },
  }));
}

/** Ids whose label was read before the cache had decided on them (a judge call) or answered them. */
function labelsReadTooEarly(log: readonly string[]): string[] {
  return pairs
    .map((pair) => pair.id)
    .filter((id) => {
      const read = log.indexOf(`label ${id}`);
      if (read < 0) return false;
      const judged = log.indexOf(`decision ${id} ask-judge`);
      const answered = log.indexOf(`answer ${id}`);
      return !((judged >= 0 && judged < read) || (answered >= 0 && answered < read));
    });
}

async function runWatched(judgeAllowed: boolean, checkRate: number) {
  const log: string[] = [];
  const replay = replayCacheStream(watchedLines(log), {
    checkRate,
    judgeAllowed,
    seed: 5,
    describe: describeLine,
    onDecision: (id, action) => log.push(`decision ${id} ${action}`),
  });
  const answers = [];
  let next = await replay.next();
  while (!next.done) {
    log.push(`answer ${next.value.id}`);
    answers.push(next.value);
    next = await replay.next();
  }
  return { log, answers, state: next.value };
}

describe('replayCacheStream', () => {
  it('reads a label only after deciding to ask the judge, or after answering a hit it then checks', async () => {
    const { log, answers } = await runWatched(true, 1);
    expect(answers).toHaveLength(pairs.length);
    expect(labelsReadTooEarly(log)).toEqual([]);
    expect(answers.some((answer) => answer.asked_judge)).toBe(true);
  });

  it('the check catches a label read before the decision', async () => {
    const log: string[] = [];
    for (const line of watchedLines(log)) {
      const peeked = line.same;
      log.push(`decision ${line.id} ${peeked ? 'hit' : 'miss'}`, `answer ${line.id}`);
    }
    expect(labelsReadTooEarly(log)).toHaveLength(pairs.length);
  });

  it('answers a judged lookup with the judge verdict, and reveals no label of a miss', async () => {
    const { log, answers } = await runWatched(true, 0);
    for (const answer of answers) {
      const pair = pairs.find((candidate) => candidate.id === answer.id)!;
      if (answer.asked_judge) expect(answer.hit).toBe(pair.same);
      if (!answer.asked_judge && !answer.hit) expect(log).not.toContain(`label ${answer.id}`);
    }
  });

  it('without the judge and with no checks it reads no label at all', async () => {
    const { log, answers } = await runWatched(false, 0);
    expect(answers.every((answer) => !answer.asked_judge)).toBe(true);
    expect(log.filter((entry) => entry.startsWith('label'))).toEqual([]);
  });
});
