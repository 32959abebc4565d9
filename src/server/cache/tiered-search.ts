import type { InProcessSearch } from './in-process-search';
import type { VectorSearch } from './vector-search';

/**
 * Small scopes in process, large ones in pgvector (docs/benchmarks/cache-latency.md): an exact
 * search over a few thousand vectors in memory costs well under a millisecond plus one read by
 * primary key, where an HNSW search in the embedded database costs several milliseconds of
 * WebAssembly on the server's one thread whatever the size; past some thousands of vectors the
 * index wins. A scope is searched in process once its vectors are held (they load in the
 * background on its first search), in pgvector before that and whenever it has grown too large.
 */
export function createTieredSearch(small: InProcessSearch, large: VectorSearch): VectorSearch {
  return {
    strategy: 'tiered',
    async search(orgId, scopeKey, embedding, k, now) {
      return (
        (await small.searchIfHeld(orgId, scopeKey, embedding, k, now)) ??
        large.search(orgId, scopeKey, embedding, k, now)
      );
    },
    added(entry, embedding) {
      small.added(entry, embedding);
      large.added(entry, embedding);
    },
    removed(orgId, entries) {
      small.removed(orgId, entries);
      large.removed(orgId, entries);
    },
    describe: () => small.describe(),
  };
}
