import { indexedEmbeddingDimensions, type Database, type VectorSearchSupport } from '../db/database';
import type { CacheEntry, NewCacheEntry, SimilarEntry } from './cache-entry';
import {
  deleteEntriesForReply,
  deleteEntry,
  deleteExpiredEntries,
  evictBeyond,
  findExactEntry,
  insertEntry,
  recordEntryHit,
  scopeHasEntries,
} from './cache-repository';
import { createInProcessSearch, type InProcessIndexStats, type InProcessSearchOptions } from './in-process-search';
import { createPgvectorSearch } from './pgvector-search';
import { createTieredSearch } from './tiered-search';
import type { SearchStrategy, VectorSearch } from './vector-search';

export interface CacheStoreOptions {
  db: Database;
  /** What the database offers (DatabaseHandle.vectorSearch): pgvector is used where it exists. */
  vectorSearch: VectorSearchSupport;
  /** The encoder whose vectors this store searches; entries from another encoder are never compared. */
  encoderId: string;
  /** Default 512, the embedded encoder's and the HNSW index's size. */
  dimensions?: number;
  /** Overrides the choice made from vectorSearch (tests, benchmarks). */
  strategy?: SearchStrategy;
  /** Memory budget, refresh age and first-load wait of the in-process index, and (tiered) the largest scope it holds. */
  inProcess?: Pick<
    InProcessSearchOptions,
    'memoryBudgetBytes' | 'maxScopes' | 'maxScopeVectors' | 'maxIndexAgeMs' | 'firstLoadWaitMs' | 'clock'
  >;
  /** HNSW candidate list per search (default 100). */
  efSearch?: number;
}

interface InsertResult {
  entry: CacheEntry;
  /** Expired and least-recently-used entries of the organisation deleted to make room. */
  removedCount: number;
}

/** The semantic cache's storage: every call names the organisation and touches only its rows. */
export interface CacheStore {
  readonly strategy: SearchStrategy;
  /** The newest unexpired entry stored under exactly this key. */
  findExact(orgId: string, exactKey: string, now?: Date): Promise<CacheEntry | undefined>;
  /** Whether the organisation's scope holds any unexpired entry of the store's encoder. */
  hasEntries(orgId: string, scopeKey: string, now?: Date): Promise<boolean>;
  /** Up to `k` unexpired entries of the organisation and scope, most similar first. */
  searchSimilar(
    orgId: string,
    scopeKey: string,
    embedding: Float32Array,
    k: number,
    now?: Date,
  ): Promise<SimilarEntry[]>;
  /**
   * Stores an entry; then, when housekeeping is due (see `createHousekeepingSchedule`), deletes the
   * organisation's expired entries and the least recently used beyond `maxEntries`.
   */
  insert(entry: NewCacheEntry, limits: { maxEntries: number }, now?: Date): Promise<InsertResult>;
  /** Counts a hit (which also makes the entry recently used); false when it no longer exists. */
  recordHit(orgId: string, id: string, now?: Date): Promise<boolean>;
  /** A negative rating: deletes the entries made from this reply; answers how many. */
  removeForReply(orgId: string, replyMessageId: string): Promise<number>;
  remove(orgId: string, id: string): Promise<boolean>;
  /** Size of the in-process index (undefined with pgvector): for logs and benchmarks. */
  describeIndex(): InProcessIndexStats | undefined;
}

export function createCacheStore(options: CacheStoreOptions): CacheStore {
  const { db } = options;
  const dimensions = options.dimensions ?? indexedEmbeddingDimensions;
  const search = chooseSearch(options, dimensions);
  const housekeeping = createHousekeepingSchedule();

  return {
    strategy: search.strategy,
    findExact: (orgId, exactKey, now = new Date()) => findExactEntry(db, orgId, exactKey, now),
    hasEntries: (orgId, scopeKey, now = new Date()) => scopeHasEntries(db, orgId, scopeKey, options.encoderId, now),
    async searchSimilar(orgId, scopeKey, embedding, k, now = new Date()) {
      if (embedding.length !== dimensions)
        throw new Error(`Expected an embedding of ${dimensions} dimensions, got ${embedding.length}`);
      return search.search(orgId, scopeKey, embedding, k, now);
    },
    async insert(entry, limits, now = new Date()) {
      const stored = await insertEntry(db, entry, now);
      search.added(stored, entry.embedding);
      if (!housekeeping.due(entry.orgId, limits.maxEntries, now)) return { entry: stored, removedCount: 0 };
      const removed = [
        ...(await deleteExpiredEntries(db, entry.orgId, now)),
        ...(await evictBeyond(db, entry.orgId, limits.maxEntries)),
      ];
      search.removed(entry.orgId, removed);
      return { entry: stored, removedCount: removed.length };
    },
    recordHit: (orgId, id, now = new Date()) => recordEntryHit(db, orgId, id, now),
    async removeForReply(orgId, replyMessageId) {
      const removed = await deleteEntriesForReply(db, orgId, replyMessageId);
      search.removed(orgId, removed);
      return removed.length;
    },
    async remove(orgId, id) {
      const removed = await deleteEntry(db, orgId, id);
      search.removed(orgId, removed);
      return removed.length > 0;
    },
    describeIndex: () => search.describe?.(),
  };
}

/**
 * Scopes of up to this many vectors are searched in process when pgvector is there too: below it
 * the exhaustive search is faster than the HNSW index in the embedded database (at 10,000 they are
 * even, docs/benchmarks/cache-latency.md), and 5,000 vectors hold 10 MiB.
 */
const tieredInProcessMaxVectors = 5_000;

function chooseSearch(options: CacheStoreOptions, dimensions: number): VectorSearch {
  // The HNSW index covers one vector length; other lengths would be a sequential scan in SQL.
  const pgvectorUsable = options.vectorSearch === 'pgvector' && dimensions === indexedEmbeddingDimensions;
  const strategy = options.strategy ?? (pgvectorUsable ? 'tiered' : 'in-process');
  if (strategy === 'in-process')
    return createInProcessSearch({ db: options.db, encoderId: options.encoderId, dimensions, ...options.inProcess });
  if (options.vectorSearch !== 'pgvector')
    throw new Error(`The ${strategy} strategy needs a database with the vector extension`);
  const pgvector = createPgvectorSearch({
    db: options.db,
    encoderId: options.encoderId,
    dimensions,
    efSearch: options.efSearch,
  });
  if (strategy === 'pgvector') return pgvector;
  // The first search of a scope goes to pgvector while its vectors load, rather than waiting for them.
  const small = createInProcessSearch({
    db: options.db,
    encoderId: options.encoderId,
    dimensions,
    maxScopeVectors: tieredInProcessMaxVectors,
    firstLoadWaitMs: 0,
    ...options.inProcess,
  });
  return createTieredSearch(small, pgvector);
}

/** Housekeeping runs at least this often per organisation, whatever the number of inserts. */
const housekeepingIntervalMs = 10_000;
/** ...and after this share of `maxEntries` new entries, so a cache overshoots its size by at most 1%. */
const housekeepingShareOfMax = 0.01;

/**
 * When an insert also cleans up. Counting a large organisation's entries and looking for expired
 * ones costs more than the insert itself, so it is not done on every reply: after 1% of
 * `maxEntries` inserts (every insert for a cache of under 200) or 10 seconds. Expired entries are
 * never served in between; reads filter them out.
 */
function createHousekeepingSchedule() {
  const byOrganisation = new Map<string, { inserts: number; at: number }>();
  return {
    due(orgId: string, maxEntries: number, now: Date): boolean {
      const state = byOrganisation.get(orgId) ?? { inserts: 0, at: now.getTime() };
      state.inserts += 1;
      const due =
        state.inserts >= Math.max(1, Math.floor(maxEntries * housekeepingShareOfMax)) ||
        now.getTime() - state.at >= housekeepingIntervalMs;
      byOrganisation.set(orgId, due ? { inserts: 0, at: now.getTime() } : state);
      return due;
    },
  };
}
