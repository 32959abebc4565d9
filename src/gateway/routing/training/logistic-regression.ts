/**
 * Weighted logistic regression with soft labels and an L2 penalty, fitted by full-batch Adam for
 * a fixed number of steps: no randomness, so the same data gives the same weights. Inputs are
 * standardised with the training set's means and spreads, which are part of the model.
 */
export interface LogisticModel {
  means: number[];
  scales: number[];
  weights: number[];
  bias: number;
}

export interface LogisticTrainingOptions {
  /** Penalty on the squared weights (not the bias), relative to the mean loss. */
  l2: number;
  iterations: number;
  learningRate: number;
}

export interface TrainingData {
  /** One row of features per example, all of the same length. */
  rows: readonly ArrayLike<number>[];
  /** Target probability that the strong model is needed, 0..1. */
  labels: readonly number[];
  /** Relative weight of each example. */
  weights: readonly number[];
}

export const defaultLogisticOptions: LogisticTrainingOptions = { l2: 0.01, iterations: 400, learningRate: 0.05 };

const sigmoid = (value: number): number => 1 / (1 + Math.exp(-value));

function standardisation(rows: readonly ArrayLike<number>[], dimensions: number): { means: number[]; scales: number[] } {
  const means = new Array<number>(dimensions).fill(0);
  const squares = new Array<number>(dimensions).fill(0);
  for (const row of rows) for (let column = 0; column < dimensions; column += 1) means[column]! += row[column]!;
  for (let column = 0; column < dimensions; column += 1) means[column]! /= rows.length;
  for (const row of rows)
    for (let column = 0; column < dimensions; column += 1) squares[column]! += (row[column]! - means[column]!) ** 2;
  const scales = squares.map((sum) => {
    const spread = Math.sqrt(sum / rows.length);
    return spread > 1e-9 ? spread : 1;
  });
  return { means, scales };
}

/** Fits the model; throws on empty or ragged data. */
export function trainLogisticRegression(data: TrainingData, options: LogisticTrainingOptions = defaultLogisticOptions): LogisticModel {
  const count = data.rows.length;
  if (count === 0) throw new Error('No training examples');
  if (data.labels.length !== count || data.weights.length !== count) throw new Error('Rows, labels and weights differ in length');
  const dimensions = data.rows[0]!.length;
  if (data.rows.some((row) => row.length !== dimensions)) throw new Error('Feature rows differ in length');

  const { means, scales } = standardisation(data.rows, dimensions);
  const matrix = new Float64Array(count * dimensions);
  data.rows.forEach((row, index) => {
    for (let column = 0; column < dimensions; column += 1) matrix[index * dimensions + column] = (row[column]! - means[column]!) / scales[column]!;
  });
  const totalWeight = data.weights.reduce((sum, weight) => sum + weight, 0);
  const exampleWeights = data.weights.map((weight) => weight / totalWeight);

  const parameters = new Float64Array(dimensions + 1); // last entry is the bias
  const gradient = new Float64Array(dimensions + 1);
  const firstMoment = new Float64Array(dimensions + 1);
  const secondMoment = new Float64Array(dimensions + 1);
  const [beta1, beta2, epsilon] = [0.9, 0.999, 1e-8];

  for (let step = 1; step <= options.iterations; step += 1) {
    gradient.fill(0);
    for (let index = 0; index < count; index += 1) {
      const offset = index * dimensions;
      let logit = parameters[dimensions]!;
      for (let column = 0; column < dimensions; column += 1) logit += parameters[column]! * matrix[offset + column]!;
      const error = (sigmoid(logit) - data.labels[index]!) * exampleWeights[index]!;
      for (let column = 0; column < dimensions; column += 1) gradient[column]! += error * matrix[offset + column]!;
      gradient[dimensions]! += error;
    }
    for (let column = 0; column < dimensions; column += 1) gradient[column]! += options.l2 * parameters[column]!;
    for (let column = 0; column <= dimensions; column += 1) {
      firstMoment[column] = beta1 * firstMoment[column]! + (1 - beta1) * gradient[column]!;
      secondMoment[column] = beta2 * secondMoment[column]! + (1 - beta2) * gradient[column]! ** 2;
      const corrected = firstMoment[column]! / (1 - beta1 ** step);
      const scale = Math.sqrt(secondMoment[column]! / (1 - beta2 ** step)) + epsilon;
      parameters[column]! -= (options.learningRate * corrected) / scale;
    }
  }
  return { means, scales, weights: Array.from(parameters.subarray(0, dimensions)), bias: parameters[dimensions]! };
}

/** The model's probability that the strong model is needed, for one feature row. */
export function predictLogistic(model: LogisticModel, row: ArrayLike<number>): number {
  let logit = model.bias;
  for (let column = 0; column < model.weights.length; column += 1) logit += (model.weights[column]! * (row[column]! - model.means[column]!)) / model.scales[column]!;
  return sigmoid(logit);
}
