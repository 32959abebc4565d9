import { createWorkerPoolEncoder } from '../../src/gateway/embeddings/worker-pool-encoder';
import { buildFeatureRow } from '../../src/gateway/routing/feature-vector';
import { encoderWindow } from '../../src/gateway/routing/routing-text';
import { assignGroupedFolds } from '../../src/gateway/routing/training/grouped-folds';
import { embedWithCache } from './embedding-cache';
import { loadRoutellmItems, type RoutingItem } from './routellm-data';
import type { RouterTrainingConfig } from './training-config';
import { belowChanceSubjects, exampleWeights, needsStrongLabel } from './training-examples';

export interface TrainingData {
  items: RoutingItem[];
  rows: Float64Array[];
  labels: number[];
  weights: number[];
  /** False for items never trained on (a below-chance MMLU subject); they are still scored and evaluated. */
  trainable: boolean[];
  /** Cross-validation fold of each item. */
  folds: number[];
  /** Columns of each row taken by the embedding (0 without an encoder). */
  embeddingDimensions: number;
  encoder: { id: string; dimensions: number } | null;
  seconds: { load: number; embed: number; features: number };
}

/**
 * Loads the benchmarks, embeds the encoder window of every prompt when the config reads one
 * (through the on-disk cache), builds feature rows, labels, weights and grouped folds: everything
 * train, eval and compare-variants share.
 */
export async function prepareTrainingData(config: RouterTrainingConfig): Promise<TrainingData> {
  let started = performance.now();
  const elapsed = () => {
    const seconds = (performance.now() - started) / 1000;
    started = performance.now();
    return seconds;
  };
  const items = await loadRoutellmItems();
  const load = elapsed();

  let embeddings: (Float32Array | undefined)[] = items.map(() => undefined);
  let encoderInfo: TrainingData['encoder'] = null;
  const window = config.encoderWindowCharacters;
  if (window !== null) {
    const encoder = createWorkerPoolEncoder();
    try {
      embeddings = await embedWithCache(
        encoder,
        items.map((item) => encoderWindow(item.text, window)),
      );
    } finally {
      await encoder.close();
    }
    encoderInfo = { id: encoder.id, dimensions: encoder.dimensions };
  }
  const embed = elapsed();

  const rows = items.map((item, index) => buildFeatureRow(embeddings[index], item.text));
  const folds = assignGroupedFolds(
    items.map((item) => ({ group: item.group, stratum: item.benchmark })),
    config.folds,
    config.seed,
  );
  const faulty = config.dropBelowChanceSubjects ? belowChanceSubjects(items) : new Set<string>();
  return {
    items,
    rows,
    labels: items.map((item) => needsStrongLabel(item, config)),
    weights: exampleWeights(items, config),
    trainable: items.map(
      (item) => !(item.benchmark === 'mmlu' && item.category !== undefined && faulty.has(item.category)),
    ),
    folds,
    embeddingDimensions: encoderInfo?.dimensions ?? 0,
    encoder: encoderInfo,
    seconds: { load, embed, features: elapsed() },
  };
}
