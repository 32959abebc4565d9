import { describe, expect, it } from 'vitest';
import { createCountedEncoder } from '../embeddings/counted-encoder';
import type { SentenceEncoder } from '../embeddings/sentence-encoder';
import { createLazyPromptEmbedding } from './lazy-prompt-embedding';
import { encoderTextFor } from './prompt-embedding';

/** An encoder answering [length, 1] per text, failing on 'fail', counted by createCountedEncoder. */
function countedEncoder() {
  const calls: number[] = [];
  const inner: SentenceEncoder = {
    id: 'counting-2',
    dimensions: 2,
    async embed(texts) {
      if (texts.includes('fail')) throw new Error('encoder down');
      return texts.map((text) => Float32Array.from([text.length, 1]));
    },
  };
  return { encoder: createCountedEncoder(inner, (texts) => calls.push(texts)), calls };
}

describe('createLazyPromptEmbedding', () => {
  it('calls the encoder only when the vector is first asked for, and once however often it is asked', async () => {
    const { encoder, calls } = countedEncoder();
    const embedding = createLazyPromptEmbedding(encoder, '  What   is a fjord? ');
    expect(embedding.started).toBe(false);
    expect(embedding.text).toBe(encoderTextFor('What is a fjord?'));
    expect(embedding.encoderId).toBe('counting-2');
    expect(calls).toEqual([]);
    const [first, second] = await Promise.all([embedding.vector(), embedding.vector()]);
    expect(await embedding.vector()).toBe(first);
    expect(second).toBe(first);
    expect(embedding.started).toBe(true);
    expect(calls).toEqual([1]);
    expect([...first]).toEqual(['What is a fjord?'.length, 1]);
  });

  it('answers the same failure to every reader of one request instead of calling again', async () => {
    const { encoder, calls } = countedEncoder();
    const embedding = createLazyPromptEmbedding(encoder, 'fail');
    await expect(embedding.vector()).rejects.toThrow('encoder down');
    await expect(embedding.vector()).rejects.toThrow('encoder down');
    expect(calls).toEqual([1]);
  });

  it('gives an empty prompt a zero vector without calling the encoder', async () => {
    const { encoder, calls } = countedEncoder();
    expect([...(await createLazyPromptEmbedding(encoder, '   ').vector())]).toEqual([0, 0]);
    expect(calls).toEqual([]);
  });
});
