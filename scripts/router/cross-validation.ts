import { predictLogistic, trainLogisticRegression, type LogisticTrainingOptions } from '../../src/gateway/routing/training/logistic-regression';

export interface LabelledRows {
  rows: readonly Float64Array[];
  labels: readonly number[];
  weights: readonly number[];
}

/**
 * Out-of-fold scores: for each fold, fit on the other folds and score the held-out one, so no
 * prompt is ever scored by a model that saw it.
 */
export function crossValidatedScores(data: LabelledRows, foldOf: readonly number[], foldCount: number, options: LogisticTrainingOptions): number[] {
  const scores = new Array<number>(data.rows.length).fill(Number.NaN);
  for (let fold = 0; fold < foldCount; fold += 1) {
    const training = foldOf.flatMap((itemFold, index) => (itemFold === fold ? [] : [index]));
    const model = trainLogisticRegression(
      { rows: training.map((index) => data.rows[index]!), labels: training.map((index) => data.labels[index]!), weights: training.map((index) => data.weights[index]!) },
      options,
    );
    foldOf.forEach((itemFold, index) => {
      if (itemFold === fold) scores[index] = predictLogistic(model, data.rows[index]!);
    });
  }
  if (scores.some((score) => Number.isNaN(score))) throw new Error('Some items fell in no fold');
  return scores;
}
