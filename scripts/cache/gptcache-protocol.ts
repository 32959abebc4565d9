import { selectCacheHit } from '../../src/gateway/cache/cache-decision';
import type { CacheSettings } from '../../src/gateway/cache/cache-settings';
import { normalisePrompt } from '../../src/gateway/cache/normalise-prompt';
import { cosineSimilarity } from '../../src/gateway/embeddings/sentence-encoder';
import type { ScoredPair } from './scored-pairs';

/**
 * GPTCache's own benchmark (examples/benchmark/benchmark_sqlite_faiss_onnx.py): store every
 * origin question, ask every paraphrase, and count a hit as positive when the entry returned is
 * the paraphrase's own origin, negative when it is another one. Here the store returns the
 * nearest entries and the product's selectCacheHit picks among them, verifier included.
 */
export interface RetrievalResult {
  positive: number;
  negative: number;
  queries: number;
}

export const candidatesPerLookup = 5;

export function runGptCacheProtocol(
  paraphrases: readonly ScoredPair[],
  vectorOf: (text: string) => Float32Array,
  settings: CacheSettings,
  verifier: boolean,
): RetrievalResult {
  const entries = [
    ...new Map(paraphrases.map((pair) => [pair.a, { prompt: pair.a, vector: vectorOf(pair.a) }])).values(),
  ];
  let positive = 0;
  let negative = 0;
  for (const pair of paraphrases) {
    const query = vectorOf(pair.b);
    const nearest = entries
      .map((entry) => ({ prompt: entry.prompt, similarity: cosineSimilarity(query, entry.vector) }))
      .sort((first, second) => second.similarity - first.similarity)
      .slice(0, candidatesPerLookup);
    const chosen = verifier
      ? selectCacheHit(pair.b, nearest, settings).entry
      : nearest[0] && nearest[0].similarity >= settings.similarityThreshold
        ? nearest[0]
        : undefined;
    if (!chosen) continue;
    if (normalisePrompt(chosen.prompt) === normalisePrompt(pair.a)) positive += 1;
    else negative += 1;
  }
  return { positive, negative, queries: paraphrases.length };
}

/** GPTCache's published figures for its mock data (its examples/README). */
export const gptCachePublished = [
  { threshold: 0.95, precision: 0.944, hitRate: 0.45 },
  { threshold: 0.9, precision: 0.913, hitRate: 0.88 },
  { threshold: 0.8, precision: 0.908, hitRate: 0.997 },
] as const;
