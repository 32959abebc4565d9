/**
 * Unit vectors kept in a learner's state as 8-bit integers (one byte a dimension, written as
 * base64 with the vector's scale), so that a state with hundreds of remembered prompts stays a
 * few hundred kilobytes of JSON. Cosine similarity between a full vector and a stored one changes
 * by less than 0.01 (each component is rounded to 1/254 of the vector's largest component).
 */
export interface QuantisedVector {
  /** The value one integer step stands for. */
  scale: number;
  /** The components as signed bytes, base64. */
  bytes: string;
}

export function quantiseVector(vector: ArrayLike<number>): QuantisedVector {
  let largest = 0;
  for (let index = 0; index < vector.length; index += 1) largest = Math.max(largest, Math.abs(vector[index]!));
  const scale = largest > 0 ? largest / 127 : 1;
  const integers = new Int8Array(vector.length);
  for (let index = 0; index < vector.length; index += 1) integers[index] = Math.round(vector[index]! / scale);
  return { scale, bytes: Buffer.from(integers.buffer, integers.byteOffset, integers.byteLength).toString('base64') };
}

export function restoreVector(quantised: QuantisedVector): Float32Array {
  const buffer = Buffer.from(quantised.bytes, 'base64');
  const integers = new Int8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const vector = new Float32Array(integers.length);
  for (let index = 0; index < integers.length; index += 1) vector[index] = integers[index]! * quantised.scale;
  return vector;
}

/** Scales a vector to length 1 in place (a zero vector stays zero) and returns it. */
export function normaliseInPlace(vector: Float32Array): Float32Array {
  let squares = 0;
  for (const value of vector) squares += value * value;
  const length = Math.sqrt(squares);
  if (length > 0) for (let index = 0; index < vector.length; index += 1) vector[index]! /= length;
  return vector;
}

export function dotProduct(first: Float32Array, second: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < first.length; index += 1) sum += first[index]! * second[index]!;
  return sum;
}
