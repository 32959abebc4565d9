import { solveSymmetric } from '../../routing/learning/symmetric-solve';

/**
 * Logistic regression learned one labelled example at a time, with its uncertainty: a Gaussian
 * belief over the weights (a mean and a precision matrix), updated by one Newton step of the
 * log-posterior per example (the Laplace approximation of online Bayesian logistic regression).
 * Small (a few features), deterministic, and a plain JSON object.
 */
export interface BayesianLogistic {
  mean: number[];
  /** The inverse covariance of the weights, as rows (symmetric). */
  precision: number[][];
}

export function createBayesianLogistic(
  priorMean: readonly number[],
  priorVariances: readonly number[],
): BayesianLogistic {
  return {
    mean: [...priorMean],
    precision: priorMean.map((_, row) =>
      priorMean.map((__, column) => (row === column ? 1 / priorVariances[row]! : 0)),
    ),
  };
}

export const sigmoid = (value: number): number => 1 / (1 + Math.exp(-value));

/** The logit's mean and variance for one row of features (the variance from the weights' uncertainty). */
export function predictLogit(model: BayesianLogistic, values: readonly number[]): { mean: number; variance: number } {
  const mean = values.reduce((sum, value, index) => sum + value * model.mean[index]!, 0);
  const solved = solveSymmetric(model.precision, values);
  const variance = values.reduce((sum, value, index) => sum + value * solved[index]!, 0);
  return { mean, variance: Math.max(0, variance) };
}

/** The belief after one example labelled 1 (same) or 0, with `offset` added to the logit (an entry's own adjustment). */
export function updateLogistic(
  model: BayesianLogistic,
  values: readonly number[],
  label: 0 | 1,
  offset = 0,
): BayesianLogistic {
  const probability = sigmoid(values.reduce((sum, value, index) => sum + value * model.mean[index]!, offset));
  const curvature = Math.max(probability * (1 - probability), 1e-6);
  const precision = model.precision.map((row, rowIndex) =>
    row.map((cell, column) => cell + curvature * values[rowIndex]! * values[column]!),
  );
  const step = solveSymmetric(
    precision,
    values.map((value) => value * (label - probability)),
  );
  return { mean: model.mean.map((weight, index) => weight + step[index]!), precision };
}
