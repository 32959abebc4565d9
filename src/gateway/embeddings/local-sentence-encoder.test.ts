import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalSentenceEncoder } from './local-sentence-encoder';
import { cosineSimilarity } from './sentence-encoder';

describe('the embedded sentence encoder', () => {
  const encoder = createLocalSentenceEncoder({ batchSize: 3 });
  // Loading the model takes seconds on a busy 2-core machine: once, before the tests, with room.
  beforeAll(() => encoder.embed(['warm up']), 120_000);

  it('gives unit vectors of its stated size, in input order, across batches', async () => {
    const texts = [
      'How do I bake bread?',
      'What is the capital of France?',
      'Tell me a joke',
      'How can I make bread at home?',
    ];
    const vectors = await encoder.embed(texts);
    expect(vectors).toHaveLength(4);
    for (const vector of vectors) {
      expect(vector).toHaveLength(encoder.dimensions);
      expect(cosineSimilarity(vector, vector)).toBeCloseTo(1, 4);
    }
    // The paraphrase (4th, in the second batch) is closer to the first sentence than the unrelated ones are.
    const paraphrase = cosineSimilarity(vectors[0]!, vectors[3]!);
    expect(paraphrase).toBeGreaterThan(cosineSimilarity(vectors[0]!, vectors[1]!));
    expect(paraphrase).toBeGreaterThan(cosineSimilarity(vectors[0]!, vectors[2]!));
  });

  it('embeds a sentence the same way alone and in a batch', async () => {
    const [alone] = await encoder.embed(['Reset my password']);
    const batch = await encoder.embed(['Something else entirely', 'Reset my password']);
    expect(cosineSimilarity(alone!, batch[1]!)).toBeCloseTo(1, 4);
  });

  it('answers an empty text with a zero vector, alone or among others (the model cannot embed no tokens)', async () => {
    const [alone] = await encoder.embed(['']);
    expect(alone).toHaveLength(encoder.dimensions);
    expect(alone!.every((value) => value === 0)).toBe(true);
    const mixed = await encoder.embed(['Reset my password', '', 'Tell me a joke']);
    expect(mixed[1]!.every((value) => value === 0)).toBe(true);
    expect(cosineSimilarity(mixed[0]!, mixed[0]!)).toBeCloseTo(1, 4);
    expect(cosineSimilarity(mixed[2]!, mixed[2]!)).toBeCloseTo(1, 4);
  });
});
