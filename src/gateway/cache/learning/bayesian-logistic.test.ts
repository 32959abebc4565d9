import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../../routing/training/seeded-random';
import { createBayesianLogistic, predictLogit, sigmoid, updateLogistic } from './bayesian-logistic';

describe('online Bayesian logistic regression', () => {
  it('recovers the weights that generated the labels, and grows surer as labels arrive', () => {
    const random = createSeededRandom(12);
    const truth = [-1, 2];
    let model = createBayesianLogistic([0, 0], [4, 4]);
    const probe = [1, 0.5];
    const varianceBefore = predictLogit(model, probe).variance;
    for (let index = 0; index < 3000; index += 1) {
      const row = [1, random() * 4 - 2];
      const label = random() < sigmoid(truth[0]! + truth[1]! * row[1]!) ? 1 : 0;
      model = updateLogistic(model, row, label);
    }
    expect(model.mean[0]).toBeCloseTo(truth[0]!, 0);
    expect(model.mean[1]).toBeCloseTo(truth[1]!, 0);
    expect(predictLogit(model, probe).variance).toBeLessThan(varianceBefore / 100);
  });

  it('stays at its prior with no label, and leaves the model it was given unchanged', () => {
    const model = createBayesianLogistic([0.5, -1], [1, 2]);
    expect(predictLogit(model, [1, 1])).toEqual({ mean: -0.5, variance: 3 });
    const before = JSON.stringify(model);
    updateLogistic(model, [1, 1], 1);
    expect(JSON.stringify(model)).toBe(before);
  });
});
