import { describe, expect, it } from 'vitest';
import type { SentenceEncoder } from '../embeddings/sentence-encoder';
import { embedInLengthOrder } from './length-ordered-embedding';

describe('embedInLengthOrder', () => {
  it('asks the encoder for each distinct text once, shortest first, and answers in input order', async () => {
    const calls: string[][] = [];
    const encoder: SentenceEncoder = {
      id: 'length',
      dimensions: 1,
      async embed(texts) {
        calls.push([...texts]);
        return texts.map((text) => Float32Array.of(text.length));
      },
    };
    const texts = ['three', 'a', 'twelve chars', 'a', 'bb'];
    const vectors = await embedInLengthOrder(encoder, texts);
    expect(calls).toEqual([['a', 'bb', 'three', 'twelve chars']]);
    expect(vectors.map((vector) => vector[0])).toEqual([5, 1, 12, 1, 2]);
  });
});
