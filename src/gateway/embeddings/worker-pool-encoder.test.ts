import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSentenceEncoder } from './local-sentence-encoder';
import { cosineSimilarity } from './sentence-encoder';
import { createWorkerPoolEncoder } from './worker-pool-encoder';

// Each thread starts tsx and loads its own copy of the model: seconds on a busy 2-core machine.
// The loading happens once, before the tests, with room; the tests then time only the embedding.
const modelLoadMs = 180_000;
const embeddingWorkMs = 60_000;

describe('the worker-pool encoder', () => {
  const pool = createWorkerPoolEncoder({ threads: 2, jobSize: 2 });
  const single = createWorkerPoolEncoder({ threads: 1 });
  const local = createLocalSentenceEncoder();

  beforeAll(async () => {
    // Two jobs of two texts: one reaches each of the pool's threads.
    await Promise.all([
      pool.embed(['warm', 'up', 'both', 'threads']),
      single.embed(['warm up']),
      local.embed(['warm up']),
    ]);
  }, modelLoadMs);
  afterAll(() => Promise.all([pool.close(), single.close()]));

  it(
    'gives the same vectors as the single-thread encoder, in input order',
    async () => {
      const texts = [
        'How do I bake bread?',
        'What is the capital of France?',
        'Tell me a joke',
        'Paris is the capital',
        'Sourdough starter tips',
      ];
      const [pooled, expected] = await Promise.all([pool.embed(texts), local.embed(texts)]);
      expect(pooled).toHaveLength(texts.length);
      pooled.forEach((vector, index) => {
        expect(cosineSimilarity(vector, expected[index]!)).toBeCloseTo(1, 4);
      });
    },
    embeddingWorkMs,
  );

  it(
    'answers many one-text calls at once, as a busy server makes them, each with its own vector',
    async () => {
      const texts = Array.from(
        { length: 40 },
        (_, index) => `Question number ${index} about ${index % 2 === 0 ? 'bread' : 'the weather in a city far away'}`,
      );
      const oneByOne = await Promise.all(texts.map((text) => single.embed([text])));
      // The same texts embedded strictly one at a time: coalescing them into batches must not change a vector.
      const expected: Float32Array[] = [];
      for (const text of texts) expected.push((await local.embed([text]))[0]!);
      oneByOne.forEach(([vector], index) => {
        expect(cosineSimilarity(vector!, expected[index]!)).toBeCloseTo(1, 4);
      });
    },
    embeddingWorkMs,
  );
});
