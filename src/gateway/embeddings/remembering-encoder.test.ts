import { describe, expect, it } from 'vitest';
import { createRememberingEncoder } from './remembering-encoder';
import type { SentenceEncoder } from './sentence-encoder';

/** A counting encoder: each text becomes [its length, call number], so a reused vector shows. */
function countingEncoder() {
  const calls: string[][] = [];
  const encoder: SentenceEncoder = {
    id: 'counting',
    dimensions: 2,
    async embed(texts) {
      calls.push([...texts]);
      if (texts.includes('fail')) throw new Error('encoder down');
      return texts.map((text) => Float32Array.from([text.length, calls.length]));
    },
  };
  return { encoder, calls };
}

describe('createRememberingEncoder', () => {
  it('embeds a text once and answers it again from memory, in input order', async () => {
    const { encoder, calls } = countingEncoder();
    const remembering = createRememberingEncoder(encoder);
    const first = await remembering.embed(['a', 'bb']);
    const second = await remembering.embed(['ccc', 'bb', 'a']);
    expect(calls).toEqual([['a', 'bb'], ['ccc']]);
    expect(second.map((vector) => [...vector])).toEqual([[3, 2], [...first[1]!], [...first[0]!]]);
  });

  it('shares an embedding in progress between callers', async () => {
    const { encoder, calls } = countingEncoder();
    const remembering = createRememberingEncoder(encoder);
    await Promise.all([remembering.embed(['same']), remembering.embed(['same'])]);
    expect(calls).toEqual([['same']]);
  });

  it('forgets the least recently used text past its capacity', async () => {
    const { encoder, calls } = countingEncoder();
    const remembering = createRememberingEncoder(encoder, { capacity: 2 });
    await remembering.embed(['a', 'b']);
    await remembering.embed(['a']);
    await remembering.embed(['c']);
    await remembering.embed(['a', 'b']);
    expect(calls).toEqual([['a', 'b'], ['c'], ['b']]);
  });

  it('does not remember a failure', async () => {
    const { encoder, calls } = countingEncoder();
    const remembering = createRememberingEncoder(encoder);
    await expect(remembering.embed(['fail'])).rejects.toThrow('encoder down');
    await expect(remembering.embed(['fail'])).rejects.toThrow('encoder down');
    expect(calls).toHaveLength(2);
  });
});

describe('createRememberingEncoder with more texts than it keeps', () => {
  it('still answers every text of one call', async () => {
    const { encoder } = countingEncoder();
    const vectors = await createRememberingEncoder(encoder, { capacity: 1 }).embed(['a', 'bb', 'ccc']);
    expect(vectors.map((vector) => vector[0])).toEqual([1, 2, 3]);
  });
});
