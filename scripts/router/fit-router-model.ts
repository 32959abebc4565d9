import { textFeatureDirections, textFeatureNames } from '../../src/gateway/routing/text-features';
import { blendColumnPrior } from '../../src/gateway/routing/training/length-prior';
import { trainLogisticRegression, type LogisticModel } from '../../src/gateway/routing/training/logistic-regression';
import { trainPairwiseRanking } from '../../src/gateway/routing/training/pairwise-ranking';
import { benchmarkNames } from './routellm-data';
import type { RouterTrainingConfig } from './training-config';
import type { TrainingData } from './training-data';

export type FitSettings = Pick<
  RouterTrainingConfig,
  'logistic' | 'directedFeatures' | 'perBenchmarkCentring' | 'lengthPriorWeight'
>;

/** What the columns after the embedding are: their prior directions and which one is log length. */
export interface FeatureLayout {
  directions: readonly number[];
  lengthColumn: number;
}

export const committedFeatureLayout: FeatureLayout = {
  directions: textFeatureDirections,
  lengthColumn: textFeatureNames.indexOf('characters'),
};

/** Variants compare-variants.ts measures; the committed router uses the defaults. */
export interface FitOptions {
  layout?: FeatureLayout;
  /** 'pairwise': rank pairs of prompts within a benchmark instead of the pooled log-loss. */
  objective?: 'logistic' | 'pairwise';
}

/**
 * Fits the router on the given items (those marked untrainable are skipped): logistic regression
 * with each text feature held to its direction, then the length prior blended in. Train, eval and
 * compare-variants all fit through here.
 */
export function fitRouterModel(
  data: TrainingData,
  training: readonly number[],
  settings: FitSettings,
  options: FitOptions = {},
): LogisticModel {
  const layout = options.layout ?? committedFeatureLayout;
  const usable = training.filter((index) => data.trainable[index]);
  const rows = usable.map((index) => data.rows[index]!);
  const benchmarks = [...new Set(usable.map((index) => data.items[index]!.benchmark))].sort(
    (first, second) => benchmarkNames.indexOf(first) - benchmarkNames.indexOf(second),
  );
  const benchmarkOf = usable.map((index) => benchmarks.indexOf(data.items[index]!.benchmark));
  const signs = settings.directedFeatures
    ? [...new Array<number>(data.embeddingDimensions).fill(0), ...layout.directions]
    : undefined;
  const model =
    options.objective === 'pairwise'
      ? trainPairwiseRanking(
          {
            rows,
            // MT-Bench's label is already its judge-score gain; GSM8K/MMLU: -1, 0 or 1.
            gains: usable.map((index) =>
              data.items[index]!.benchmark === 'mt-bench'
                ? data.labels[index]!
                : data.items[index]!.strongQuality - data.items[index]!.weakQuality,
            ),
            groups: benchmarkOf,
            groupShares: benchmarks.map((name) =>
              usable.reduce(
                (sum, index) => sum + (data.items[index]!.benchmark === name ? data.weights[index]! : 0),
                0,
              ),
            ),
          },
          { ...settings.logistic, signs, pairsPerGroup: 20_000, seed: 20240601 },
        )
      : trainLogisticRegression(
          {
            rows,
            labels: usable.map((index) => data.labels[index]!),
            weights: usable.map((index) => data.weights[index]!),
            strata: settings.perBenchmarkCentring ? benchmarkOf : undefined,
          },
          { ...settings.logistic, signs },
        );
  return blendColumnPrior(model, rows, data.embeddingDimensions + layout.lengthColumn, settings.lengthPriorWeight);
}
