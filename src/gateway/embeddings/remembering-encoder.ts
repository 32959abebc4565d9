import type { SentenceEncoder } from './sentence-encoder';

export interface RememberingEncoderOptions {
  /** Texts whose vectors are kept, the least recently used dropped first. */
  capacity?: number;
}

/**
 * An encoder that remembers its last vectors by text. In one chat request the router and the
 * cache often embed the same text (a question shorter than the router's window), and people
 * repeat questions; the second embedding then costs nothing. Texts being embedded are shared
 * too, so two requests asking at once run the model once.
 */
export function createRememberingEncoder(
  encoder: SentenceEncoder,
  options: RememberingEncoderOptions = {},
): SentenceEncoder {
  const capacity = options.capacity ?? 2_000;
  const remembered = new Map<string, Promise<Float32Array>>();

  function remember(text: string, vector: Promise<Float32Array>): void {
    remembered.set(text, vector);
    if (remembered.size > capacity) remembered.delete(remembered.keys().next().value!);
    // A failed embedding is not remembered: the next request tries again.
    vector.catch(() => remembered.get(text) === vector && remembered.delete(text));
  }

  return {
    id: encoder.id,
    dimensions: encoder.dimensions,
    async embed(texts) {
      const vectors = new Map<string, Promise<Float32Array>>();
      for (const text of texts) {
        const known = remembered.get(text);
        if (!known) continue;
        vectors.set(text, known);
        // Most recently used last, so the oldest is the first key.
        remembered.delete(text);
        remembered.set(text, known);
      }
      const missing = [...new Set(texts.filter((text) => !vectors.has(text)))];
      if (missing.length > 0) {
        const embedding = encoder.embed(missing);
        missing.forEach((text, index) => {
          const vector = embedding.then((embedded) => embedded[index]!);
          vectors.set(text, vector);
          remember(text, vector);
        });
      }
      return Promise.all(texts.map((text) => vectors.get(text)!));
    },
  };
}
