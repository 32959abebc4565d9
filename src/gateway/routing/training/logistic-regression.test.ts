import { describe, expect, it } from 'vitest';
import { predictLogistic, trainLogisticRegression } from './logistic-regression';
import { createSeededRandom } from './seeded-random';

// A synthetic set: the label follows the first feature (plus noise); the second is noise; the third is constant.
function syntheticSet(size: number, seed: number) {
  const random = createSeededRandom(seed);
  const rows = Array.from({ length: size }, () => [random() * 4 - 2, random() * 10, 3]);
  const labels = rows.map((row) => (row[0]! + (random() - 0.5) > 0 ? 1 : 0));
  return { rows, labels, weights: rows.map(() => 1) };
}

describe('logistic regression', () => {
  const training = syntheticSet(400, 1);
  const model = trainLogisticRegression(training, { l2: 0.001, iterations: 300, learningRate: 0.1 });

  it('learns the informative feature and ignores the noise', () => {
    expect(model.weights[0]).toBeGreaterThan(2);
    expect(Math.abs(model.weights[1]!)).toBeLessThan(0.5);
    expect(model.weights[2]).toBe(0); // a constant column carries nothing after standardisation
  });

  it('scores held-out examples well', () => {
    const heldOut = syntheticSet(200, 2);
    const correct = heldOut.rows.filter(
      (row, index) => (predictLogistic(model, row) >= 0.5 ? 1 : 0) === heldOut.labels[index],
    ).length;
    expect(correct / heldOut.rows.length).toBeGreaterThan(0.85);
  });

  it('is deterministic', () => {
    expect(trainLogisticRegression(training, { l2: 0.001, iterations: 300, learningRate: 0.1 })).toEqual(model);
  });

  it('follows example weights and soft labels', () => {
    const rows = [[0], [0], [1], [1]];
    const unweighted = trainLogisticRegression(
      { rows, labels: [0, 1, 0.5, 0.5], weights: [1, 1, 1, 1] },
      { l2: 0, iterations: 500, learningRate: 0.1 },
    );
    expect(predictLogistic(unweighted, [0])).toBeCloseTo(0.5, 2);
    const weighted = trainLogisticRegression(
      { rows, labels: [0, 1, 0.5, 0.5], weights: [1, 3, 1, 1] },
      { l2: 0, iterations: 500, learningRate: 0.1 },
    );
    expect(predictLogistic(weighted, [0])).toBeCloseTo(0.75, 2);
  });

  it('holds a weight to its prior direction', () => {
    // The label falls with the first feature; a prior that says it can only raise it keeps its weight at 0.
    const rows = training.rows.map((row) => [row[0]!, row[1]!]);
    const labels = training.labels.map((label) => 1 - label);
    const free = trainLogisticRegression(
      { rows, labels, weights: training.weights },
      { l2: 0.001, iterations: 300, learningRate: 0.1 },
    );
    const held = trainLogisticRegression(
      { rows, labels, weights: training.weights },
      { l2: 0.001, iterations: 300, learningRate: 0.1, signs: [1, 0] },
    );
    expect(free.weights[0]).toBeLessThan(-2);
    expect(held.weights[0]).toBe(0);
    expect(() =>
      trainLogisticRegression(
        { rows, labels, weights: training.weights },
        { l2: 0, iterations: 1, learningRate: 0.1, signs: [1] },
      ),
    ).toThrow(/One sign per feature/);
  });

  it('with strata, learns only from differences within each stratum', () => {
    // Stratum 1 has a higher feature and a higher base rate, but within each stratum the feature says nothing.
    const rows: number[][] = [];
    const labels: number[] = [];
    const strata: number[] = [];
    for (let index = 0; index < 200; index += 1) {
      const stratum = index % 2;
      rows.push([stratum * 5 + (index % 7)]);
      labels.push(stratum === 1 ? 0.8 : 0.2);
      strata.push(stratum);
    }
    const weights = rows.map(() => 1);
    const pooled = trainLogisticRegression(
      { rows, labels, weights },
      { l2: 0.001, iterations: 400, learningRate: 0.1 },
    );
    const within = trainLogisticRegression(
      { rows, labels, weights, strata },
      { l2: 0.001, iterations: 400, learningRate: 0.1 },
    );
    expect(pooled.weights[0]).toBeGreaterThan(0.5);
    expect(Math.abs(within.weights[0]!)).toBeLessThan(0.05);
    // An unseen row gets the mean of the two intercepts: a score near 0.5.
    expect(predictLogistic(within, [5])).toBeCloseTo(0.5, 1);
  });

  it('refuses ragged or empty data', () => {
    expect(() => trainLogisticRegression({ rows: [], labels: [], weights: [] })).toThrow(/No training examples/);
    expect(() => trainLogisticRegression({ rows: [[1, 2], [1]], labels: [0, 1], weights: [1, 1] })).toThrow(
      /differ in length/,
    );
  });
});
