import path from 'node:path';
import { encoderTextFor } from '../../src/gateway/cache/prompt-embedding';
import type { SentenceEncoder } from '../../src/gateway/embeddings/sentence-encoder';
import { cosineSimilarity } from '../../src/gateway/embeddings/sentence-encoder';
import { embedWithCache } from '../router/embedding-cache';
import { repositoryRoot } from '../support/shared-data-dir';
import { readGptCachePairs, readStsPairs } from './cache-datasets';
import { buildEvalPairs, buildNeighbours, neighbourPairs, type EvalPair } from './eval-pairs';

/** Vectors are kept under .tmp/ (gitignored): a second run of the benchmark takes seconds. */
const embeddingCacheDir = path.join(repositoryRoot, '.tmp', 'cache-embeddings');

export interface ScoredPair extends EvalPair {
  /** Cosine similarity of the encoder windows of a and b, as the product computes it. */
  similarity: number;
}

export interface ScoredEvaluation {
  pairs: ScoredPair[];
  /** The encoder's vector for any prompt of the pairs. */
  vectorOf(text: string): Float32Array;
}

/** Builds the benchmark pairs from the shared data and scores each with the sentence encoder. */
export async function scoreEvaluationPairs(dataDir: string, encoder: SentenceEncoder): Promise<ScoredEvaluation> {
  const sources = { gptCache: await readGptCachePairs(dataDir), sts: await readStsPairs(dataDir) };
  const neighbours = await buildNeighbours(sources, (words) => embedWithCache(encoder, words, embeddingCacheDir));
  const pairs = buildEvalPairs(sources, neighbours);
  const texts = [...new Set(pairs.flatMap((pair) => [pair.a, pair.b]))];
  const vectors = await embedWithCache(
    encoder,
    texts.map((text) => encoderTextFor(text)),
    embeddingCacheDir,
  );
  const vectorByText = new Map(texts.map((text, index) => [text, vectors[index]!]));
  const vectorOf = (text: string) => vectorByText.get(text)!;
  const scored = [...pairs, ...neighbourPairs(pairs, vectorOf)].map((pair) => ({
    ...pair,
    similarity: cosineSimilarity(vectorOf(pair.a), vectorOf(pair.b)),
  }));
  return { pairs: scored, vectorOf };
}
