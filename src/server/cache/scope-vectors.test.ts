import { describe, expect, it } from 'vitest';
import { createScopeVectors } from './scope-vectors';

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function unitVector(random: () => number, dimensions: number): Float32Array {
  const vector = Float32Array.from({ length: dimensions }, () => random() * 2 - 1);
  const length = Math.hypot(...vector);
  return vector.map((value) => value / length);
}

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, index) => sum + value * b[index]!, 0);

/** The exhaustive answer, computed the slow, obvious way. */
function reference(stored: Map<string, Float32Array>, query: Float32Array, count: number) {
  return [...stored]
    .map(([id, vector]) => ({ id, similarity: dot(vector, query) }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, count);
}

describe('scope vectors', () => {
  const dimensions = 24;

  it('finds the same nearest vectors as an exhaustive search, across blocks and after removals', () => {
    const random = seededRandom(7);
    const vectors = createScopeVectors(dimensions);
    const stored = new Map<string, Float32Array>();
    for (let index = 0; index < 9000; index += 1) {
      const vector = unitVector(random, dimensions);
      vectors.add(`v${index}`, vector, Number.POSITIVE_INFINITY);
      stored.set(`v${index}`, vector);
    }
    for (let index = 0; index < 9000; index += 3) {
      expect(vectors.remove(`v${index}`)).toBe(true);
      stored.delete(`v${index}`);
    }
    expect(vectors.size).toBe(stored.size);
    for (let query = 0; query < 20; query += 1) {
      const probe = unitVector(random, dimensions);
      const found = vectors.nearest(probe, 7, 0);
      const expected = reference(stored, probe, 7);
      expect(found.map((neighbour) => neighbour.id)).toEqual(expected.map((neighbour) => neighbour.id));
      found.forEach((neighbour, index) => {
        expect(neighbour.similarity).toBeCloseTo(expected[index]!.similarity, 5);
      });
    }
  });

  it('skips expired vectors and ignores a second add of the same id', () => {
    const random = seededRandom(11);
    const vectors = createScopeVectors(dimensions);
    const fresh = unitVector(random, dimensions);
    const stale = unitVector(random, dimensions);
    vectors.add('fresh', fresh, 2_000);
    vectors.add('stale', stale, 1_000);
    expect(vectors.add('fresh', stale, 5_000)).toBe(false);
    expect(vectors.nearest(stale, 5, 1_500).map((neighbour) => neighbour.id)).toEqual(['fresh']);
    expect(vectors.nearest(stale, 5, 500).map((neighbour) => neighbour.id)).toEqual(['stale', 'fresh']);
  });

  it('normalises what it stores, so similarity is the cosine', () => {
    const vectors = createScopeVectors(3);
    vectors.add('long', Float32Array.from([3, 0, 4]), Number.POSITIVE_INFINITY);
    const [neighbour] = vectors.nearest(Float32Array.from([0.6, 0, 0.8]), 1, 0);
    expect(neighbour?.similarity).toBeCloseTo(1, 6);
  });

  it('grows a small scope gradually and gives whole blocks back when emptied', () => {
    const random = seededRandom(3);
    const vectors = createScopeVectors(dimensions);
    vectors.add('only', unitVector(random, dimensions), Number.POSITIVE_INFINITY);
    const small = vectors.bytes;
    expect(small).toBeLessThan(64 * dimensions * 4);
    for (let index = 0; index < 10_000; index += 1)
      vectors.add(`v${index}`, unitVector(random, dimensions), Number.POSITIVE_INFINITY);
    const large = vectors.bytes;
    for (let index = 0; index < 10_000; index += 1) vectors.remove(`v${index}`);
    expect(vectors.size).toBe(1);
    expect(vectors.bytes).toBeLessThan(large / 2);
    expect(vectors.nearest(unitVector(random, dimensions), 3, 0).map((neighbour) => neighbour.id)).toEqual(['only']);
  });

  it('refuses vectors of another length', () => {
    const vectors = createScopeVectors(4);
    expect(() => vectors.add('x', new Float32Array(5), 0)).toThrow(/4 dimensions/);
    expect(() => vectors.nearest(new Float32Array(3), 1, 0)).toThrow(/4 dimensions/);
  });
});
