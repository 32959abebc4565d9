import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../training/seeded-random';
import { dotProduct, normaliseInPlace, quantiseVector, restoreVector } from './quantised-vector';

function randomUnitVector(random: () => number, size: number): Float32Array {
  return normaliseInPlace(Float32Array.from({ length: size }, () => random() - 0.5));
}

describe('quantised vectors', () => {
  it('keep cosine similarity within 0.01 of the full vectors, at one byte a dimension', () => {
    const random = createSeededRandom(4);
    for (let trial = 0; trial < 50; trial += 1) {
      const [first, second] = [randomUnitVector(random, 512), randomUnitVector(random, 512)];
      const stored = quantiseVector(second);
      expect(Buffer.from(stored.bytes, 'base64')).toHaveLength(512);
      expect(Math.abs(dotProduct(first, restoreVector(stored)) - dotProduct(first, second))).toBeLessThan(0.01);
    }
  });

  it('keep a zero vector zero and survive JSON', () => {
    const stored = JSON.parse(JSON.stringify(quantiseVector(new Float32Array(8))));
    expect([...restoreVector(stored)]).toEqual(new Array(8).fill(0));
  });
});
