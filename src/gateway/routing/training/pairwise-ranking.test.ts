import { describe, expect, it } from 'vitest';
import { trainPairwiseRanking } from './pairwise-ranking';
import { createSeededRandom } from './seeded-random';

// Two groups: within each, the gain follows the first feature; the second feature only says
// which group a row is in, and the second group gains more across the board.
function twoGroups(seed: number) {
  const random = createSeededRandom(seed);
  const rows: number[][] = [];
  const gains: number[] = [];
  const groups: number[] = [];
  for (let index = 0; index < 400; index += 1) {
    const group = index % 2;
    const signal = random() * 2 - 1;
    rows.push([signal, group * 5]);
    gains.push(group * 10 + (signal + (random() - 0.5) * 0.5 > 0 ? 1 : 0));
    groups.push(group);
  }
  return { rows, gains, groups, groupShares: [0.5, 0.5] };
}

const options = { l2: 0.001, iterations: 300, learningRate: 0.1, pairsPerGroup: 2000, seed: 3 };

describe('pairwise ranking', () => {
  const model = trainPairwiseRanking(twoGroups(1), options);

  it('learns the order within a group and nothing from what separates the groups', () => {
    expect(model.weights[0]).toBeGreaterThan(1);
    expect(model.weights[1]).toBe(0);
    expect(model.bias).toBe(0);
  });

  it('is deterministic and holds a weight to its sign', () => {
    expect(trainPairwiseRanking(twoGroups(1), options)).toEqual(model);
    expect(trainPairwiseRanking(twoGroups(1), { ...options, signs: [-1, 0] }).weights[0]).toBe(0);
  });

  it('refuses data where no pair differs in gain', () => {
    expect(() =>
      trainPairwiseRanking({ rows: [[1], [2]], gains: [1, 1], groups: [0, 0], groupShares: [1] }, options),
    ).toThrow(/No pair/);
  });
});
