import { asc, eq, gt, sql } from 'drizzle-orm';
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
  const vectorType = sql.raw(`vector(${dimensions})`);
  // Literal length, not a parameter: the planner must see it to use the partial index.
  const indexedRowsOnly = sql`array_length(${cacheEntries.embedding}, 1) = ${sql.raw(String(dimensions))}`;
  let iterativeScan: Promise<boolean> | undefined;

  async function supportsIterativeScan(): Promise<boolean> {
    // Both drivers (PGlite, node-postgres) answer a raw query with { rows }.
    const result = (await db.execute(sql`select extversion as version from pg_extension where extname = 'vector'`)) as unknown as { rows: { version?: string }[] };
    const [major = 0, minor = 0] = (result.rows[0]?.version ?? '0').split('.').map(Number);
    return major > 0 || minor >= 8;
  }

  async function nearest(orgId: string, scopeKey: string, embedding: Float32Array, k: number, now: Date, exact: boolean) {
    const distance = sql<number>`(${cacheEntries.embedding}::${vectorType} <=> ${toVectorLiteral(embedding)}::${vectorType})`;
    // "+ 0" hides the ordering from the planner: no index can produce it, so the exact search
    // filters by the btree indexes and sorts, whatever the session's planner settings.
    const ordering = exact ? sql`${distance} + 0` : distance;
    const select = (executor: Executor) =>
      executor
        .select({ ...entryColumns, distance })
        .from(cacheEntries)
        .where(
          inOrganisation(
            cacheEntries.orgId,
            orgId,
            eq(cacheEntries.scopeKey, scopeKey),
            eq(cacheEntries.encoderId, encoderId),
            gt(cacheEntries.expiresAt, now),
            indexedRowsOnly,
          ),
        )
        .orderBy(asc(ordering))
        .limit(k);
    if (exact) return select(db);
    const iterative = await (iterativeScan ??= supportsIterativeScan());
    // set_config(..., true) lasts until the end of the transaction: other queries keep the defaults.
    return db.transaction(async (transaction) => {
      const candidates = String(Math.min(1000, Math.max(efSearch, k)));
      await transaction.execute(
        iterative
          ? sql`select set_config('hnsw.ef_search', ${candidates}, true), set_config('hnsw.iterative_scan', 'strict_order', true)`
          : sql`select set_config('hnsw.ef_search', ${candidates}, true)`,
      );
      return select(transaction);
    });
  }

  return {
    strategy: 'pgvector',
    async search(orgId, scopeKey, embedding, k, now) {
      if (k <= 0) return [];
      let rows = await nearest(orgId, scopeKey, embedding, k, now, false);
      if (rows.length < k) rows = await nearest(orgId, scopeKey, embedding, k, now, true);
      return rows.map(({ distance, ...entry }): SimilarEntry => ({ entry, similarity: 1 - Number(distance) }));
    },
    // The table is the index: nothing to keep in step.
    added: () => undefined,
    removed: () => undefined,
  };
}

/** pgvector's text form, with every float32 written exactly. */
function toVectorLiteral(vector: Float32Array): string {
  return `[${Array.from(vector).join(',')}]`;
}
