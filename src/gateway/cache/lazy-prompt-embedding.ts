import type { SentenceEncoder } from '../embeddings/sentence-encoder';
import { embedPrompts, encoderTextFor } from './prompt-embedding';

/**
 * One request's embedding of its prompt, computed the first time something asks for it and shared
 * by everything after: the router (when its artifact reads the same encoder and window), the
 * cache's look-up and the store of the reply. Nothing asks when the cache cannot answer and the
 * router reads no encoder, so such a request never reaches the encoder (docs/decisions/062).
 */
export interface LazyPromptEmbedding {
  /** The encoder the vector comes from; a vector is only ever used by a reader of the same encoder. */
  readonly encoderId: string;
  /** What the encoder reads: the prompt's window (encoderTextFor). */
  readonly text: string;
  /** Whether the vector was asked for, so the encoder called. */
  readonly started: boolean;
  /** The vector; every call answers the same promise, a failure included (one request, one try). */
  vector(): Promise<Float32Array>;
}

export function createLazyPromptEmbedding(encoder: SentenceEncoder, prompt: string): LazyPromptEmbedding {
  let computing: Promise<Float32Array> | undefined;
  return {
    encoderId: encoder.id,
    text: encoderTextFor(prompt),
    get started() {
      return computing !== undefined;
    },
    vector() {
      computing ??= embedPrompts(encoder, [prompt]).then(([vector]) => vector!);
      return computing;
    },
  };
}
