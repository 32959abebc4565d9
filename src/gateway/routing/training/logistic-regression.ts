/**
 * Weighted logistic regression with soft labels and an L2 penalty, fitted by full-batch Adam for
 * a fixed number of steps: no randomness, so the same data gives the same weights. Inputs are
 * standardised with the training set's means and spreads, which are part of the model.
 *
 * Two options keep the model from learning what only tells its training sets apart:
 * - strata (one per benchmark): each feature is centred within its stratum and each stratum gets
 *   its own intercept, so the weights are learned only from differences between prompts of the
 *   same benchmark, never from what separates one benchmark's format from another's;
 * - signs: a column's weight can be held at >= 0 or <= 0 (a prior on the direction of an effect),
 *   projected after every step.
 */
export interface LogisticModel {
  means: number[];
  scales: number[];
  weights: number[];
  bias: number;
}

export interface LogisticTrainingOptions {
  /** Penalty on the squared weights (not the intercepts), relative to the mean loss. */
  l2: number;
  iterations: number;
  learningRate: number;
  /** Per column: 1 keeps its weight >= 0, -1 keeps it <= 0, 0 (or absent) leaves it free. */
  signs?: readonly number[];
}

export interface TrainingData {
  /** One row of features per example, all of the same length. */
  rows: readonly ArrayLike<number>[];
  /** Target probability that the strong model is needed, 0..1. */
  labels: readonly number[];
  /** Relative weight of each example. */
  weights: readonly number[];
  /** Optional stratum of each example (0..n-1): centre features and fit an intercept per stratum. */
  strata?: readonly number[];
}

const defaultLogisticOptions: LogisticTrainingOptions = { l2: 0.01, iterations: 400, learningRate: 0.05 };

const sigmoid = (value: number): number => 1 / (1 + Math.exp(-value));

/**
 * Per-stratum means (one stratum when none are given) and each column's spread around its
 * stratum's mean, counting examples (not their weights); the model's centre is the overall mean.
 */
function standardisation(
  rows: readonly ArrayLike<number>[],
  dimensions: number,
  strata: readonly number[],
  strataCount: number,
) {
  const stratumMeans = Array.from({ length: strataCount }, () => new Float64Array(dimensions));
  const stratumSizes = new Float64Array(strataCount);
  rows.forEach((row, index) => {
    const stratum = strata[index]!;
    stratumSizes[stratum]! += 1;
    for (let column = 0; column < dimensions; column += 1) stratumMeans[stratum]![column]! += row[column]!;
  });
  stratumMeans.forEach((means, stratum) => {
    for (let column = 0; column < dimensions; column += 1) means[column]! /= stratumSizes[stratum]! || 1;
  });
  const squares = new Float64Array(dimensions);
  rows.forEach((row, index) => {
    const means = stratumMeans[strata[index]!]!;
    for (let column = 0; column < dimensions; column += 1) squares[column]! += (row[column]! - means[column]!) ** 2;
  });
  const scales = Array.from(squares, (sum) => {
    const spread = Math.sqrt(sum / rows.length);
    return spread > 1e-9 ? spread : 1;
  });
  const means = Array.from({ length: dimensions }, (_, column) =>
    stratumMeans.reduce(
      (sum, stratumMean, stratum) => sum + (stratumSizes[stratum]! / rows.length) * stratumMean[column]!,
      0,
    ),
  );
  return { stratumMeans, means, scales };
}

/** Fits the model; throws on empty or ragged data. */
export function trainLogisticRegression(
  data: TrainingData,
  options: LogisticTrainingOptions = defaultLogisticOptions,
): LogisticModel {
  const count = data.rows.length;
  if (count === 0) throw new Error('No training examples');
  if (data.labels.length !== count || data.weights.length !== count)
    throw new Error('Rows, labels and weights differ in length');
  if (data.strata && data.strata.length !== count) throw new Error('Rows and strata differ in length');
  const dimensions = data.rows[0]!.length;
  if (data.rows.some((row) => row.length !== dimensions)) throw new Error('Feature rows differ in length');
  if (options.signs && options.signs.length !== dimensions) throw new Error('One sign per feature column is needed');

  const strata = data.strata ?? new Array<number>(count).fill(0);
  const strataCount = Math.max(...strata) + 1;
  const { stratumMeans, means, scales } = standardisation(data.rows, dimensions, strata, strataCount);
  const matrix = new Float64Array(count * dimensions);
  data.rows.forEach((row, index) => {
    const centre = stratumMeans[strata[index]!]!;
    for (let column = 0; column < dimensions; column += 1)
      matrix[index * dimensions + column] = (row[column]! - centre[column]!) / scales[column]!;
  });
  const totalWeight = data.weights.reduce((sum, weight) => sum + weight, 0);
  const exampleWeights = data.weights.map((weight) => weight / totalWeight);

  // Weights first, then one intercept per stratum.
  const size = dimensions + strataCount;
  const parameters = new Float64Array(size);
  const gradient = new Float64Array(size);
  const firstMoment = new Float64Array(size);
  const secondMoment = new Float64Array(size);
  const [beta1, beta2, epsilon] = [0.9, 0.999, 1e-8];

  for (let step = 1; step <= options.iterations; step += 1) {
    gradient.fill(0);
    for (let index = 0; index < count; index += 1) {
      const offset = index * dimensions;
      const intercept = dimensions + strata[index]!;
      let logit = parameters[intercept]!;
      for (let column = 0; column < dimensions; column += 1) logit += parameters[column]! * matrix[offset + column]!;
      const error = (sigmoid(logit) - data.labels[index]!) * exampleWeights[index]!;
      for (let column = 0; column < dimensions; column += 1) gradient[column]! += error * matrix[offset + column]!;
      gradient[intercept]! += error;
    }
    for (let column = 0; column < dimensions; column += 1) gradient[column]! += options.l2 * parameters[column]!;
    for (let column = 0; column < size; column += 1) {
      firstMoment[column] = beta1 * firstMoment[column]! + (1 - beta1) * gradient[column]!;
      secondMoment[column] = beta2 * secondMoment[column]! + (1 - beta2) * gradient[column]! ** 2;
      const corrected = firstMoment[column]! / (1 - beta1 ** step);
      const scale = Math.sqrt(secondMoment[column]! / (1 - beta2 ** step)) + epsilon;
      parameters[column]! -= (options.learningRate * corrected) / scale;
    }
    if (options.signs)
      for (let column = 0; column < dimensions; column += 1) {
        const sign = options.signs[column]!;
        if (sign * parameters[column]! < 0) parameters[column] = 0;
      }
  }
  // An unseen prompt belongs to no stratum: it gets the weighted mean of their intercepts.
  const stratumWeights = new Float64Array(strataCount);
  exampleWeights.forEach((weight, index) => {
    stratumWeights[strata[index]!]! += weight;
  });
  let bias = 0;
  for (let stratum = 0; stratum < strataCount; stratum += 1)
    bias += stratumWeights[stratum]! * parameters[dimensions + stratum]!;
  return { means, scales, weights: Array.from(parameters.subarray(0, dimensions)), bias };
}

/** The model's probability that the strong model is needed, for one feature row. */
export function predictLogistic(model: LogisticModel, row: ArrayLike<number>): number {
  let logit = model.bias;
  for (let column = 0; column < model.weights.length; column += 1)
    logit += (model.weights[column]! * (row[column]! - model.means[column]!)) / model.scales[column]!;
  return sigmoid(logit);
}
