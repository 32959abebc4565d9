import { afterAll, describe, expect, it } from 'vitest';
import { createLocalSentenceEncoder } from './local-sentence-encoder';
import { cosineSimilarity } from './sentence-encoder';
import { createWorkerPoolEncoder } from './worker-pool-encoder';

describe('the worker-pool encoder', () => {
  const pool = createWorkerPoolEncoder({ threads: 2, jobSize: 2 });
  afterAll(() => pool.close());

  it('gives the same vectors as the single-thread encoder, in input order', async () => {
    const texts = ['How do I bake bread?', 'What is the capital of France?', 'Tell me a joke', 'Paris is the capital', 'Sourdough starter tips'];
    const [pooled, single] = await Promise.all([pool.embed(texts), createLocalSentenceEncoder().embed(texts)]);
    expect(pooled).toHaveLength(texts.length);
    pooled.forEach((vector, index) => expect(cosineSimilarity(vector, single[index]!)).toBeCloseTo(1, 4));
  });

  it('answers many one-text calls at once, as a busy server makes them, each with its own vector', async () => {
    const single = createWorkerPoolEncoder({ threads: 1 });
    try {
      const texts = Array.from({ length: 40 }, (_, index) => `Question number ${index} about ${index % 2 === 0 ? 'bread' : 'the weather in a city far away'}`);
      const oneByOne = await Promise.all(texts.map((text) => single.embed([text])));
      // The same texts embedded strictly one at a time: coalescing them into batches must not change a vector.
      const local = createLocalSentenceEncoder();
      const expected: Float32Array[] = [];
      for (const text of texts) expected.push((await local.embed([text]))[0]!);
      oneByOne.forEach(([vector], index) => expect(cosineSimilarity(vector!, expected[index]!)).toBeCloseTo(1, 4));
    } finally {
      await single.close();
    }
  });
});
