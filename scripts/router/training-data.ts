import { createWorkerPoolEncoder } from '../../src/gateway/embeddings/worker-pool-encoder';
import { buildFeatureRow } from '../../src/gateway/routing/feature-vector';
import { encoderWindow } from '../../src/gateway/routing/routing-text';
import { assignGroupedFolds } from '../../src/gateway/routing/training/grouped-folds';
import { embedWithCache } from './embedding-cache';
import { loadRoutellmItems, type RoutingItem } from './routellm-data';
import type { RouterTrainingConfig } from './training-config';
import { exampleWeights, needsStrongLabel } from './training-examples';

export interface TrainingData {
  items: RoutingItem[];
  rows: Float64Array[];
  labels: number[];
  weights: number[];
  /** Cross-validation fold of each item. */
  folds: number[];
  encoder: { id: string; dimensions: number };
  seconds: { load: number; embed: number; features: number };
}

/**
 * Loads the benchmarks, embeds the encoder window of every prompt (through the on-disk cache),
 * builds feature rows, labels, weights and grouped folds: everything train and eval share.
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

  const encoder = createWorkerPoolEncoder();
  let embeddings: Float32Array[];
  try {
    embeddings = await embedWithCache(encoder, items.map((item) => encoderWindow(item.text, config.encoderWindowCharacters)));
  } finally {
    await encoder.close();
  }
  const embed = elapsed();

  const rows = items.map((item, index) => buildFeatureRow(embeddings[index]!, item.text));
  const folds = assignGroupedFolds(items.map((item) => ({ group: item.group, stratum: item.benchmark })), config.folds, config.seed);
  return {
    items,
    rows,
    labels: items.map((item) => needsStrongLabel(item, config)),
    weights: exampleWeights(items, config),
    folds,
    encoder: { id: encoder.id, dimensions: encoder.dimensions },
    seconds: { load, embed, features: elapsed() },
  };
}
