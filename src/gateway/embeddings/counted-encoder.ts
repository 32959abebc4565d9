import type { SentenceEncoder } from './sentence-encoder';

/**
 * An encoder that reports each call it passes on (with the number of texts), for the encoder-calls
 * metric: placed under the remembering layer, it counts the encoder's real work.
 */
export function createCountedEncoder(encoder: SentenceEncoder, onCall: (texts: number) => void): SentenceEncoder {
  return {
    id: encoder.id,
    dimensions: encoder.dimensions,
    embed(texts) {
      onCall(texts.length);
      return encoder.embed(texts);
    },
  };
}
