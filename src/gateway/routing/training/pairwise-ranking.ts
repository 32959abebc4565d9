import type { LogisticModel } from './logistic-regression';
import { createSeededRandom } from './seeded-random';

/**
 * A linear ranking model fitted on pairs of prompts from the same group (one benchmark): for a
 * pair where the strong model gains more on the first, the loss is log(1 + exp(-(s1 - s2))).
 * APGR only asks for an order, and pairs never span two groups, so nothing is learned from
 * what separates one benchmark from another. Measured against the logistic regression in
 * docs/benchmarks/router.md ("What was tried"); the committed router does not use it.
 *
 * Pairs are drawn with a seeded generator, so the same data gives the same weights. The result
 * is a LogisticModel with bias 0: its logit is a ranking score, not a calibrated probability.
 */
export interface PairwiseRankingData {
  rows: readonly ArrayLike<number>[];
  /** How much the strong model gains on each example; only the order within a group matters. */
  gains: readonly number[];
  /** Group of each example (0..n-1): pairs are drawn within a group only. */
  groups: readonly number[];
  /** Share of the total loss each group gets, whatever its number of pairs. */
  groupShares: readonly number[];
}

export interface PairwiseRankingOptions {
  l2: number;
  iterations: number;
  learningRate: number;
  /** Per column: 1 keeps its weight >= 0, -1 keeps it <= 0, 0 (or absent) leaves it free. */
  signs?: readonly number[];
  pairsPerGroup: number;
  seed: number;
}

function samplePairs(
  data: PairwiseRankingData,
  options: PairwiseRankingOptions,
): { first: number; second: number; weight: number }[] {
  const random = createSeededRandom(options.seed);
  const pairs: { first: number; second: number; weight: number }[] = [];
  const groupCount = Math.max(...data.groups) + 1;
  for (let group = 0; group < groupCount; group += 1) {
    const members = data.groups.flatMap((value, index) => (value === group ? [index] : []));
    const drawn: [number, number][] = [];
    for (let attempt = 0; drawn.length < options.pairsPerGroup && attempt < options.pairsPerGroup * 20; attempt += 1) {
      const first = members[Math.floor(random() * members.length)]!;
      const second = members[Math.floor(random() * members.length)]!;
      const difference = data.gains[first]! - data.gains[second]!;
      if (difference > 0) drawn.push([first, second]);
      else if (difference < 0) drawn.push([second, first]);
    }
    for (const [first, second] of drawn) pairs.push({ first, second, weight: data.groupShares[group]! / drawn.length });
  }
  if (pairs.length === 0) throw new Error('No pair of examples differs in gain within a group');
  const total = pairs.reduce((sum, pair) => sum + pair.weight, 0);
  return pairs.map((pair) => ({ ...pair, weight: pair.weight / total }));
}

/** Fits the ranking model; inputs are standardised with the training rows' means and spreads. */
export function trainPairwiseRanking(data: PairwiseRankingData, options: PairwiseRankingOptions): LogisticModel {
  const count = data.rows.length;
  if (count === 0) throw new Error('No training examples');
  if (data.gains.length !== count || data.groups.length !== count)
    throw new Error('Rows, gains and groups differ in length');
  const dimensions = data.rows[0]!.length;
  const means = Array.from(
    { length: dimensions },
    (_, column) => data.rows.reduce((sum, row) => sum + row[column]!, 0) / count,
  );
  const scales = means.map((mean, column) => {
    const spread = Math.sqrt(data.rows.reduce((sum, row) => sum + (row[column]! - mean) ** 2, 0) / count);
    return spread > 1e-9 ? spread : 1;
  });
  const pairs = samplePairs(data, options);
  const differences = pairs.map(({ first, second }) =>
    Float64Array.from(
      { length: dimensions },
      (_, column) => (data.rows[first]![column]! - data.rows[second]![column]!) / scales[column]!,
    ),
  );

  const weights = new Float64Array(dimensions);
  const gradient = new Float64Array(dimensions);
  const firstMoment = new Float64Array(dimensions);
  const secondMoment = new Float64Array(dimensions);
  const [beta1, beta2, epsilon] = [0.9, 0.999, 1e-8];
  for (let step = 1; step <= options.iterations; step += 1) {
    gradient.fill(0);
    differences.forEach((difference, index) => {
      let margin = 0;
      for (let column = 0; column < dimensions; column += 1) margin += weights[column]! * difference[column]!;
      const error = -pairs[index]!.weight / (1 + Math.exp(margin));
      for (let column = 0; column < dimensions; column += 1) gradient[column]! += error * difference[column]!;
    });
    for (let column = 0; column < dimensions; column += 1) {
      gradient[column]! += options.l2 * weights[column]!;
      firstMoment[column] = beta1 * firstMoment[column]! + (1 - beta1) * gradient[column]!;
      secondMoment[column] = beta2 * secondMoment[column]! + (1 - beta2) * gradient[column]! ** 2;
      const corrected = firstMoment[column]! / (1 - beta1 ** step);
      weights[column]! -=
        (options.learningRate * corrected) / (Math.sqrt(secondMoment[column]! / (1 - beta2 ** step)) + epsilon);
      const sign = options.signs?.[column] ?? 0;
      if (sign * weights[column]! < 0) weights[column] = 0;
    }
  }
  return { means, scales, weights: Array.from(weights), bias: 0 };
}
