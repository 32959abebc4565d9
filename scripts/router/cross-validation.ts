import { predictLogistic, type LogisticModel } from '../../src/gateway/routing/training/logistic-regression';
import type { TrainingData } from './training-data';

export type ModelFitter = (training: readonly number[]) => LogisticModel;

/**
 * Out-of-fold scores: for each fold, fit on the other folds and score the held-out one, so no
 * prompt is ever scored by a model that saw it.
 */
export function crossValidatedScores(
  data: TrainingData,
  foldOf: readonly number[],
  foldCount: number,
  fit: ModelFitter,
): number[] {
  const scores = new Array<number>(data.rows.length).fill(Number.NaN);
  for (let fold = 0; fold < foldCount; fold += 1) {
    const model = fit(foldOf.flatMap((itemFold, index) => (itemFold === fold ? [] : [index])));
    foldOf.forEach((itemFold, index) => {
      if (itemFold === fold) scores[index] = predictLogistic(model, data.rows[index]!);
    });
  }
  if (scores.some((score) => Number.isNaN(score))) throw new Error('Some items fell in no fold');
  return scores;
}

/** Scores of every item by a model that never saw its benchmark (see leave-one-benchmark-out.ts). */
export function scoreWith(data: TrainingData, fit: ModelFitter) {
  return (training: number[], test: number[]): number[] => {
    const model = fit(training);
    return test.map((index) => predictLogistic(model, data.rows[index]!));
  };
}
