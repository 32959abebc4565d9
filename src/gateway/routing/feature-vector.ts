import { extractTextFeatures } from './text-features';

/**
 * The model's input for one prompt: the sentence embedding of its encoder window (for a router
 * trained with one) followed by the text features of the whole prompt. Training and scoring both
 * build rows here, so they cannot drift.
 */
export function buildFeatureRow(embedding: Float32Array | undefined, text: string): Float64Array {
  const textFeatures = extractTextFeatures(text);
  const width = embedding?.length ?? 0;
  const row = new Float64Array(width + textFeatures.length);
  if (embedding) row.set(embedding, 0);
  row.set(textFeatures, width);
  return row;
}
