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
});
