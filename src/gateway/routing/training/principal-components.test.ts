import { describe, expect, it } from 'vitest';
import { principalComponents, project } from './principal-components';
import { createSeededRandom } from './seeded-random';

describe('principal components', () => {
  it('finds the direction of largest spread first and projects onto it', () => {
    const random = createSeededRandom(3);
    // Spread 3 along (1, 1, 0) / sqrt 2, spread 0.3 along z, nothing else.
    const rows = Array.from({ length: 500 }, () => {
      const [along, across] = [(random() - 0.5) * 6, (random() - 0.5) * 0.6];
      return [2 + along / Math.SQRT2, -1 + along / Math.SQRT2, across];
    });
    const projection = principalComponents(
      rows,
      rows.map(() => 1),
      2,
    );
    const [first, second] = projection.components;
    expect(Math.abs(first![0]!)).toBeCloseTo(Math.SQRT1_2, 3);
    expect(first![0]! * first![1]!).toBeGreaterThan(0);
    expect(Math.abs(second![2]!)).toBeCloseTo(1, 3);
    expect(project(projection, projection.mean)).toEqual([0, 0]);
  });
});
