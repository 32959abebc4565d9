import type { Executor } from '../db/database';
import type { SimilarEntry } from './cache-entry';
import { readLiveEntries } from './cache-repository';
import { loadScopeVectors } from './load-scope-vectors';
import type { ScopeVectors } from './scope-vectors';
import { toUnitVector, type VectorSearch } from './vector-search';

export interface InProcessSearchOptions {
  db: Executor;
  encoderId: string;
  dimensions: number;
  /** Vectors kept in memory across all scopes; the least recently searched scopes are dropped past it. Default 512 MiB. */
  memoryBudgetBytes?: number;
  /** Scopes kept in memory, empty ones included. Default 10,000. */
  maxScopes?: number;
  /** A scope with more vectors than this is not held (a tiered search leaves it to pgvector). Default: only the memory budget limits it. */
  maxScopeVectors?: number;
  /** A scope is reloaded in the background once this old, to pick up rows written by other processes. Default 5 minutes. */
  maxIndexAgeMs?: number;
  /**
   * How long a scope's first search waits for its vectors to load (100,000 rows take seconds);
   * past it the search is a miss and the load goes on in the background. Default 500 ms.
   */
  firstLoadWaitMs?: number;
  /** Milliseconds clock for index ages (tests move it). */
  clock?: () => number;
}

/** Beyond its floats, an indexed entry costs its id string, a map slot and an expiry time. */
const bytesPerEntryOverhead = 160;
/** Extra neighbours fetched so a few rows deleted behind the index's back do not leave fewer than k. */
const candidateMargin = 4;
const attemptsBeforeReload = 3;

interface ScopeState {
  key: string;
  orgId: string;
  scopeKey: string;
  /** Searchable vectors; undefined until the first load, or when the scope alone exceeds the budget. */
  vectors?: ScopeVectors;
  tooLarge: boolean;
  loadedAt: number;
  loading?: Promise<void>;
  /** Changes made while a load runs, replayed onto what it loaded. */
  pending?: { id: string; vector?: Float32Array; expiresAtMs?: number }[];
  /** Bytes this scope adds to the total. */
  bytes: number;
}

/**
 * Exact nearest-neighbour search in this process, for databases without pgvector. Each
 * organisation's scope is loaded from the database on its first search and kept up to date by the
 * store's own writes. Rows can also vanish behind its back (a deleted session cascades, another
 * process evicts), so every candidate is read again from the database by id before it is served;
 * ids that no longer exist are dropped from the index on the way.
 */
export function createInProcessSearch(options: InProcessSearchOptions): InProcessSearch {
  const { db, encoderId, dimensions } = options;
  const memoryBudgetBytes = options.memoryBudgetBytes ?? 512 * 1024 * 1024;
  const maxScopeVectors = options.maxScopeVectors ?? Number.POSITIVE_INFINITY;
  const scopeBytesLimit = Math.min(memoryBudgetBytes, maxScopeVectors * dimensions * Float32Array.BYTES_PER_ELEMENT);
  const maxScopes = options.maxScopes ?? 10_000;
  const maxIndexAgeMs = options.maxIndexAgeMs ?? 5 * 60_000;
  const firstLoadWaitMs = options.firstLoadWaitMs ?? 500;
  const clock = options.clock ?? Date.now;
  // Insertion order is recency order: a search moves its scope to the end.
  const scopes = new Map<string, ScopeState>();
  let totalBytes = 0;

  const keyOf = (orgId: string, scopeKey: string) => `${orgId}\u0000${scopeKey}`;

  function track(scope: ScopeState): void {
    const bytes = scope.vectors ? scope.vectors.bytes + scope.vectors.size * bytesPerEntryOverhead : 0;
    if (scopes.get(scope.key) === scope) totalBytes += bytes - scope.bytes;
    scope.bytes = bytes;
  }

  function forget(scope: ScopeState): void {
    if (scopes.get(scope.key) !== scope) return;
    scopes.delete(scope.key);
    totalBytes -= scope.bytes;
  }

  /** Drops least recently searched scopes until within budget; `current` goes last, marked too large. */
  function enforceBudget(current: ScopeState): void {
    for (const scope of scopes.values()) {
      if (totalBytes <= memoryBudgetBytes && scopes.size <= maxScopes) return;
      if (scope !== current) forget(scope);
    }
    if (totalBytes > memoryBudgetBytes) {
      current.vectors = undefined;
      current.tooLarge = true;
      track(current);
    }
  }

  async function load(scope: ScopeState, now: Date): Promise<void> {
    scope.pending = [];
    try {
      const loaded = await loadScopeVectors(db, {
        orgId: scope.orgId,
        scopeKey: scope.scopeKey,
        encoderId,
        dimensions,
        now,
        maxBytes: scopeBytesLimit,
      });
      if (loaded) for (const change of scope.pending) applyChange(loaded, change);
      scope.vectors = loaded;
      scope.tooLarge = !loaded;
      scope.loadedAt = clock();
      track(scope);
      enforceBudget(scope);
    } finally {
      scope.pending = undefined;
      scope.loading = undefined;
    }
  }

  /** The scope's state, moved to the most recent end and loaded (or reloaded) as needed. */
  async function scopeFor(orgId: string, scopeKey: string, now: Date, forceReload: boolean): Promise<ScopeState> {
    const key = keyOf(orgId, scopeKey);
    let scope = scopes.get(key);
    if (scope) scopes.delete(key);
    scope ??= { key, orgId, scopeKey, tooLarge: false, loadedAt: 0, bytes: 0 };
    scopes.set(key, scope);
    if (scopes.size > maxScopes) enforceBudget(scope);
    const neverLoaded = !scope.vectors && !scope.tooLarge;
    if (forceReload) {
      scope.loading ??= load(scope, now);
      await scope.loading;
    } else if (neverLoaded) {
      scope.loading ??= load(scope, now);
      await settlesWithin(scope.loading, firstLoadWaitMs);
    } else if (clock() - scope.loadedAt > maxIndexAgeMs && !scope.loading) {
      // Serve the current vectors while a fresh copy loads; a failed refresh is retried next time.
      scope.loading = load(scope, now).catch(() => undefined);
    }
    return scope;
  }

  async function searchIfHeld(
    orgId: string,
    scopeKey: string,
    embedding: Float32Array,
    k: number,
    now: Date,
  ): Promise<SimilarEntry[] | undefined> {
    if (k <= 0) return [];
    if (embedding.length !== dimensions)
      throw new Error(`Expected a query of ${dimensions} dimensions, got ${embedding.length}`);
    const query = toUnitVector(embedding);
    for (let attempt = 0; ; attempt += 1) {
      const reload = attempt === attemptsBeforeReload;
      const scope = await scopeFor(orgId, scopeKey, now, reload);
      const vectors = scope.vectors;
      if (!vectors) return undefined;
      const neighbours = vectors.nearest(
        query,
        (k + candidateMargin) * 4 ** Math.min(attempt, attemptsBeforeReload - 1),
        now.getTime(),
      );
      const live = new Map(
        (
          await readLiveEntries(
            db,
            orgId,
            scopeKey,
            neighbours.map((neighbour) => neighbour.id),
            now,
          )
        ).map((entry) => [entry.id, entry]),
      );
      const found: SimilarEntry[] = [];
      for (const neighbour of neighbours) {
        const entry = live.get(neighbour.id);
        if (entry) found.push({ entry, similarity: neighbour.similarity });
        else vectors.remove(neighbour.id);
      }
      const vanished = neighbours.length - found.length;
      if (vanished > 0) track(scope);
      if (vanished === 0 || found.length >= k || reload) return found.slice(0, k);
    }
  }

  return {
    strategy: 'in-process',
    // A scope not held (still loading, or too large) is a miss here; a tiered search asks pgvector instead.
    search: async (orgId, scopeKey, embedding, k, now) =>
      (await searchIfHeld(orgId, scopeKey, embedding, k, now)) ?? [],
    searchIfHeld,
    added(entry, embedding) {
      if (entry.encoderId !== encoderId || embedding.length !== dimensions) return;
      const scope = scopes.get(keyOf(entry.orgId, entry.scopeKey));
      if (!scope) return;
      const change = { id: entry.id, vector: embedding, expiresAtMs: entry.expiresAt.getTime() };
      scope.pending?.push(change);
      if (!scope.vectors) return;
      applyChange(scope.vectors, change);
      if (scope.vectors.size > maxScopeVectors) {
        scope.vectors = undefined;
        scope.tooLarge = true;
      }
      track(scope);
      enforceBudget(scope);
    },
    removed(orgId, entries) {
      for (const { id, scopeKey } of entries) {
        const scope = scopes.get(keyOf(orgId, scopeKey));
        if (!scope) continue;
        scope.pending?.push({ id });
        if (scope.vectors?.remove(id)) track(scope);
      }
    },
    describe() {
      let vectors = 0;
      for (const scope of scopes.values()) vectors += scope.vectors?.size ?? 0;
      return { scopes: scopes.size, vectors, bytes: totalBytes, memoryBudgetBytes };
    },
  };
}

export interface InProcessSearch extends VectorSearch {
  /** The nearest entries when the scope's vectors are held in memory; undefined when they are not (loading, or too large). */
  searchIfHeld(
    orgId: string,
    scopeKey: string,
    embedding: Float32Array,
    k: number,
    now: Date,
  ): Promise<SimilarEntry[] | undefined>;
  describe(): InProcessIndexStats;
}

export interface InProcessIndexStats {
  scopes: number;
  vectors: number;
  /** Estimated bytes held: Float32 vectors plus per-entry bookkeeping. */
  bytes: number;
  memoryBudgetBytes: number;
}

/** Waits for `promise` up to `milliseconds` (0: not at all); rethrows its failure if it fails in time, and swallows a later one. */
async function settlesWithin(promise: Promise<void>, milliseconds: number): Promise<void> {
  if (!Number.isFinite(milliseconds)) return promise;
  promise.catch(() => undefined);
  if (milliseconds <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, milliseconds);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function applyChange(vectors: ScopeVectors, change: { id: string; vector?: Float32Array; expiresAtMs?: number }): void {
  if (change.vector) vectors.add(change.id, change.vector, change.expiresAtMs ?? Number.POSITIVE_INFINITY);
  else vectors.remove(change.id);
}
