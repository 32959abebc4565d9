/**
 * Turns sentences into unit-length vectors, so that cosine similarity is a dot product. The cache
 * and the router depend on this interface only: the embedded encoder is the default and an
 * OpenAI-compatible embeddings endpoint can take its place.
 */
export interface SentenceEncoder {
  /** Names the encoder and its weights; vectors from different encoders must never be compared. */
  readonly id: string;
  readonly dimensions: number;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** Scales a vector to length 1 (a zero vector stays zero). */
export function normalise(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values);
  let squares = 0;
  for (const value of vector) squares += value * value;
  const length = Math.sqrt(squares);
  if (length > 0) for (let index = 0; index < vector.length; index += 1) vector[index]! /= length;
  return vector;
}

/** Cosine similarity of two unit vectors. */
export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`Vectors differ in length: ${a.length} and ${b.length}`);
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += a[index]! * b[index]!;
  return sum;
}
