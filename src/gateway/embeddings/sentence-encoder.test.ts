import { describe, expect, it } from 'vitest';
import { cosineSimilarity, normalise } from './sentence-encoder';

describe('vector helpers', () => {
  it('normalises to unit length and keeps direction', () => {
    const vector = normalise([3, 4]);
    expect(Array.from(vector)).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
    expect(cosineSimilarity(vector, normalise([6, 8]))).toBeCloseTo(1, 6);
    expect(cosineSimilarity(vector, normalise([-4, 3]))).toBeCloseTo(0, 6);
  });

  it('leaves a zero vector at zero and refuses vectors of different lengths', () => {
    expect(Array.from(normalise([0, 0]))).toEqual([0, 0]);
    expect(() => cosineSimilarity(new Float32Array(2), new Float32Array(3))).toThrow('differ in length');
  });
});
