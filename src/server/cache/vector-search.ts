import type { CacheEntry, RemovedEntry, SimilarEntry } from './cache-entry';

/** 'tiered': in process for small scopes, pgvector for large ones (tiered-search.ts). */
export type SearchStrategy = 'pgvector' | 'in-process' | 'tiered';

/**
 * The semantic tier's nearest-neighbour search, in SQL (pgvector) or in process. Both answer with
 * the unexpired entries of one organisation and scope from the store's encoder, most similar first.
 */
export interface VectorSearch {
  readonly strategy: SearchStrategy;
  search(orgId: string, scopeKey: string, embedding: Float32Array, k: number, now: Date): Promise<SimilarEntry[]>;
  /** The store wrote this row. */
  added(entry: CacheEntry, embedding: Float32Array): void;
  /** The store deleted these rows of one organisation. */
  removed(orgId: string, entries: readonly RemovedEntry[]): void;
  /** What an in-memory index holds; absent where the database is the index. */
  describe?(): { scopes: number; vectors: number; bytes: number; memoryBudgetBytes: number };
}

/** Scales a copy of `vector` to length 1, so cosine similarity is a dot product. */
export function toUnitVector(vector: Float32Array): Float32Array {
  let squares = 0;
  for (const value of vector) squares += value * value;
  const length = Math.sqrt(squares) || 1;
  return vector.map((value) => value / length);
}
