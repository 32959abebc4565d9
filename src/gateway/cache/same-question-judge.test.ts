import { describe, expect, it } from 'vitest';
import { resolveCacheSettings } from './cache-settings';
import { decideCacheHitWithJudge, type SameQuestionJudge } from './same-question-judge';

const settings = resolveCacheSettings({ similarityThreshold: 0.8 });

/** A judge that answers from a table and records what it was asked. */
function fakeJudge(same: boolean, costPicodollars = 20_000_000n): SameQuestionJudge & { asked: [string, string][] } {
  const asked: [string, string][] = [];
  return {
    asked,
    judge: async (query, cachedPrompt) => {
      asked.push([query, cachedPrompt]);
      return { same, costPicodollars };
    },
  };
}

describe('the optional same-question judge', () => {
  const reworded = { prompt: 'How do I pump up the water pressure in my garden hose?', similarity: 0.95 };
  const query = 'How can I boost the water pressure in my garden hose?';

  it('is asked about a borderline pair only, and its yes is a hit whose cost is reported', async () => {
    const judge = fakeJudge(true);
    const decision = await decideCacheHitWithJudge(query, reworded, settings, judge);
    expect(decision).toMatchObject({ hit: true, reason: 'judged-same', judgeCostPicodollars: 20_000_000n });
    expect(judge.asked).toEqual([[query, reworded.prompt]]);
  });

  it('keeps the miss when the judge says no, still reporting the cost', async () => {
    const decision = await decideCacheHitWithJudge(query, reworded, settings, fakeJudge(false, 30_000_000n));
    expect(decision).toMatchObject({ hit: false, reason: 'different-content', judgeCostPicodollars: 30_000_000n });
  });

  it.each([
    [
      'below the threshold',
      'How can I boost the water pressure in my garden hose?',
      { prompt: 'How do I pump up the water pressure in my garden hose?', similarity: 0.7 },
    ],
    ['a changed number', 'What is 15% of 90?', { prompt: 'What is 15% of 80?', similarity: 0.99 }],
    [
      'a changed name',
      'What is the capital of Germany?',
      { prompt: 'What is the capital of France?', similarity: 0.99 },
    ],
    ['a flipped negation', 'Why does my code compile?', { prompt: "Why doesn't my code compile?", similarity: 0.99 }],
    ['a question about now', 'What is the weather today?', { prompt: 'What is the weather today?', similarity: 1 }],
    ['an exact repeat', 'tell me a joke', { prompt: 'Tell me a joke.', similarity: 1 }],
    [
      'a one-word addition the verifier already allows',
      'What is wrong with my gas boiler?',
      { prompt: 'What could be wrong with my boiler?', similarity: 0.9 },
    ],
  ])('is never asked about %s', async (_, question, candidate) => {
    const judge = fakeJudge(true);
    const decision = await decideCacheHitWithJudge(question, candidate, settings, judge);
    expect(judge.asked).toEqual([]);
    expect(decision.judgeCostPicodollars).toBeUndefined();
  });

  it('changes nothing when no judge is configured', async () => {
    expect(await decideCacheHitWithJudge(query, reworded, settings, undefined)).toMatchObject({
      hit: false,
      reason: 'different-content',
    });
  });
});
