import { asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/database';
import { cacheEntries } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { entryColumns, type SimilarEntry } from './cache-entry';
import type { VectorSearch } from './vector-search';

export interface PgvectorSearchOptions {
  db: Database;
  encoderId: string;
  dimensions: number;
  /** HNSW candidate list per search (pgvector's default is 40); higher finds more, slower. */
  efSearch?: number;
}

/**
 * Nearest entries in SQL over the HNSW index that database.ts creates on `embedding::vector(N)`.
 *
 * The index holds every organisation's rows and pgvector filters by organisation and scope after
 * walking the graph. From pgvector 0.8 an iterative scan keeps walking until `k` rows pass the
 * filter (up to hnsw.max_scan_tuples); before 0.8, or when that limit is hit, fewer than `k` rows
 * come back. Fewer than `k` means the filter is selective, so the exact search that follows (no
 * index scan: the planner filters by the (org_id, scope_key) btree and sorts) is cheap, and an
 * organisation's entries are never missed because other organisations' entries crowd the graph.
 */
export function createPgvectorSearch(options: PgvectorSearchOptions): VectorSearch {
  const { db, encoderId, dimensions } = options;
  if (!Number.isInteger(dimensions) || dimensions <= 0) throw new Error(`Invalid vector dimensions: ${dimensions}`);
  const efSearch = options.efSearch ?? 100;
  let iterativeScan: Promise<boolean> | undefined;

  async function supportsIterativeScan(): Promise<boolean> {
    // Both drivers (PGlite, node-postgres) answer a raw query with { rows }.
    const result = (await db.execute(
      sql`select extversion as version from pg_extension where extname = 'vector'`,
    )) as unknown as { rows: { version?: string }[] };
    const [major = 0, minor = 0] = (result.rows[0]?.version ?? '0').split('.').map(Number);
    return major > 0 || minor >= 8;
  }

  async function nearest(search: NearestEntries) {
    if (search.exact) return nearestEntriesQuery(db, search);
    iterativeScan ??= supportsIterativeScan();
    const iterative = await iterativeScan;
    return db.transaction(async (transaction) => {
      await transaction.execute(graphWalkSettings(Math.min(1000, Math.max(efSearch, search.k)), iterative));
      return nearestEntriesQuery(transaction, search);
    });
  }

  return {
    strategy: 'pgvector',
    async search(orgId, scopeKey, embedding, k, now) {
      if (k <= 0) return [];
      const search = { orgId, scopeKey, embedding, k, now, encoderId, dimensions, exact: false };
      let rows = await nearest(search);
      if (rows.length < k) rows = await nearest({ ...search, exact: true });
      return rows.map(({ distance, ...entry }): SimilarEntry => ({ entry, similarity: 1 - Number(distance) }));
    },
    // The table is the index: nothing to keep in step.
    added: () => undefined,
    removed: () => undefined,
  };
}

export interface NearestEntries {
  orgId: string;
  scopeKey: string;
  embedding: Float32Array;
  k: number;
  now: Date;
  encoderId: string;
  dimensions: number;
  /** Every row of the scope compared and sorted, instead of a walk of the HNSW graph. */
  exact: boolean;
}

/**
 * The settings of a graph walk, for the rest of the transaction (set_config(..., true)); other
 * queries keep the defaults.
 *
 * enable_sort off: the planner's alternative to the graph is to read every row of the scope
 * through the btree, cast each real[] to a vector and sort. It believes that cheap (the cast is
 * not costed, and PGlite never gathers statistics), and chooses it from about 500 rows of one
 * organisation: 42 ms at 4,000 rows and linear beyond, where the walk takes 4 ms and grows with
 * the logarithm of the size (docs/benchmarks/chat-load.md).
 */
export function graphWalkSettings(candidates: number, iterativeScan: boolean): SQL {
  const walk = sql`set_config('hnsw.ef_search', ${String(candidates)}, true), set_config('enable_sort', 'off', true)`;
  return iterativeScan
    ? sql`select ${walk}, set_config('hnsw.iterative_scan', 'strict_order', true)`
    : sql`select ${walk}`;
}

/** The k entries of the scope nearest the embedding, nearest first, with their cosine distance. */
export function nearestEntriesQuery(executor: Executor, search: NearestEntries) {
  const vectorType = sql.raw(`vector(${search.dimensions})`);
  // Literal length, not a parameter: the planner must see it to use the partial index.
  const indexedRowsOnly = sql`array_length(${cacheEntries.embedding}, 1) = ${sql.raw(String(search.dimensions))}`;
  const distance = sql<number>`(${cacheEntries.embedding}::${vectorType} <=> ${toVectorLiteral(search.embedding)}::${vectorType})`;
  // "+ 0" hides the ordering from the planner: no index can produce it, so the exact search
  // filters by the btree indexes and sorts, whatever the session's planner settings.
  const ordering = search.exact ? sql`${distance} + 0` : distance;
  return executor
    .select({ ...entryColumns, distance })
    .from(cacheEntries)
    .where(
      inOrganisation(
        cacheEntries.orgId,
        search.orgId,
        eq(cacheEntries.scopeKey, search.scopeKey),
        eq(cacheEntries.encoderId, search.encoderId),
        gt(cacheEntries.expiresAt, search.now),
        indexedRowsOnly,
      ),
    )
    .orderBy(asc(ordering))
    .limit(search.k);
}

/** pgvector's text form, with every float32 written exactly. */
function toVectorLiteral(vector: Float32Array): string {
  return `[${Array.from(vector).join(',')}]`;
}
