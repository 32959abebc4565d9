import { describe, expect, it } from 'vitest';
import { blendColumnPrior } from './length-prior';
import { predictLogistic, type LogisticModel } from './logistic-regression';

const logit = (probability: number) => Math.log(probability / (1 - probability));

describe('blending a column prior into a fitted model', () => {
  // A model that only reads column 0; column 1 is the length the prior adds.
  const model: LogisticModel = { means: [1, 10], scales: [2, 4], weights: [1.5, 0], bias: -1 };
  const rows = [
    [0, 4],
    [1, 8],
    [2, 12],
    [5, 16],
  ];

  it('adds the prior to the standardised, centred learned logit, folded into one linear model', () => {
    const blended = blendColumnPrior(model, rows, 1, 2);
    const learned = rows.map((row) => logit(predictLogistic(model, row)));
    const mean = learned.reduce((sum, value) => sum + value, 0) / learned.length;
    const spread = Math.sqrt(learned.reduce((sum, value) => sum + (value - mean) ** 2, 0) / learned.length);
    const lengths = rows.map((row) => row[1]!);
    const lengthMean = lengths.reduce((sum, value) => sum + value, 0) / lengths.length;
    const lengthSpread = Math.sqrt(lengths.reduce((sum, value) => sum + (value - lengthMean) ** 2, 0) / lengths.length);
    for (const row of [...rows, [3, 30]]) {
      const expected =
        (logit(predictLogistic(model, row)) - mean) / spread + (2 * (row[1]! - lengthMean)) / lengthSpread;
      expect(logit(predictLogistic(blended, row))).toBeCloseTo(expected, 9);
    }
  });

  it('leaves the model as it is with a weight of 0', () => {
    expect(blendColumnPrior(model, rows, 1, 0)).toBe(model);
  });
});
