import { predictLogistic, type LogisticModel } from './logistic-regression';

/**
 * Blends a monotone prior into a fitted model: the new logit is the learned logit divided by its
 * spread over the training rows, plus `weight` standard deviations of one column (the prompt's
 * log length). Longer prompts needing the strong model more is the one cue that holds within
 * every benchmark we have; the learned part ranks kinds of task. The result is again a linear
 * model, folded into the same weights, so scoring stays one dot product. It is centred so that
 * the training rows' mean logit is 0: the score ranks prompts (0.5 is a typical prompt) and the
 * calibration, not the score itself, says where the strong model starts.
 */
export function blendColumnPrior(
  model: LogisticModel,
  rows: readonly ArrayLike<number>[],
  column: number,
  weight: number,
): LogisticModel {
  if (weight === 0) return model;
  const logits = rows.map((row) => {
    const probability = Math.min(1 - 1e-12, Math.max(1e-12, predictLogistic(model, row)));
    return Math.log(probability / (1 - probability));
  });
  const logitSpread = standardDeviation(logits) || 1;
  const values = rows.map((row) => row[column]!);
  const valueMean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const valueSpread = standardDeviation(values) || 1;
  const weights = model.weights.map((value) => value / logitSpread);
  // The column enters as (x - mean) / scale; the prior adds weight * (x - valueMean) / valueSpread.
  weights[column]! += (weight * model.scales[column]!) / valueSpread;
  const logitMean = logits.reduce((sum, value) => sum + value, 0) / logits.length;
  const bias = (model.bias - logitMean) / logitSpread + (weight * (model.means[column]! - valueMean)) / valueSpread;
  return { ...model, weights, bias };
}

function standardDeviation(values: readonly number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
}
