import { extractTextFeatures } from './text-features';

/**
 * The model's input for one prompt: the sentence embedding of its encoder window followed by the
 * text features of the whole prompt. Training and scoring both build rows here, so they cannot drift.
 */
export function buildFeatureRow(embedding: Float32Array, text: string): Float64Array {
  const textFeatures = extractTextFeatures(text);
  const row = new Float64Array(embedding.length + textFeatures.length);
  row.set(embedding, 0);
  row.set(textFeatures, embedding.length);
  return row;
}
