import { textFeatureDirections, textFeatureNames } from '../../src/gateway/routing/text-features';
import { blendColumnPrior } from '../../src/gateway/routing/training/length-prior';
import { trainLogisticRegression, type LogisticModel } from '../../src/gateway/routing/training/logistic-regression';
import { benchmarkNames } from './routellm-data';
import type { RouterTrainingConfig } from './training-config';
import type { TrainingData } from './training-data';

export type FitSettings = Pick<RouterTrainingConfig, 'logistic' | 'directedFeatures' | 'perBenchmarkCentring' | 'lengthPriorWeight'>;

/**
 * Fits the router on the given items (those marked untrainable are skipped): logistic regression
 * with each text feature held to its direction, then the length prior blended in. Train, eval and
 * compare-variants all fit through here.
 */
export function fitRouterModel(data: TrainingData, training: readonly number[], settings: FitSettings): LogisticModel {
  const usable = training.filter((index) => data.trainable[index]);
  const rows = usable.map((index) => data.rows[index]!);
  const benchmarks = [...new Set(usable.map((index) => data.items[index]!.benchmark))].sort((first, second) => benchmarkNames.indexOf(first) - benchmarkNames.indexOf(second));
  const model = trainLogisticRegression(
    {
      rows,
      labels: usable.map((index) => data.labels[index]!),
      weights: usable.map((index) => data.weights[index]!),
      strata: settings.perBenchmarkCentring ? usable.map((index) => benchmarks.indexOf(data.items[index]!.benchmark)) : undefined,
    },
    {
      ...settings.logistic,
      signs: settings.directedFeatures ? [...new Array<number>(data.embeddingDimensions).fill(0), ...textFeatureDirections] : undefined,
    },
  );
  return blendColumnPrior(model, rows, data.embeddingDimensions + textFeatureNames.indexOf('characters'), settings.lengthPriorWeight);
}
