/**
 * Grows one organisation's cache scope to a given number of entries, behind the server's back:
 * PGlite has a single connection and the running server holds its data dir, so this runs while
 * the server is stopped, on the same data dir opened with openDatabase.
 *
 * The new rows copy the real entry's organisation, session, reply, scope, encoder and expiry, with
 * synthetic unit vectors (topics of 10, then rotated copies made inside the database, as in
 * cache-bench-data.ts) and distinct exact keys and prompts. The HNSW index is dropped first and
 * built once at the end (pgvector builds faster in bulk than row by row); the server's next start
 * finds it and does not build it again.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/database';
import {
  clusteredVectors,
  countEntries,
  dimensions,
  encoderId,
  insertBaseVectors,
  insertRotatedCopies,
  seededRandom,
} from './cache-bench-data';

export interface SeedReport {
  entries: number;
  scopeKey: string;
  insertMs: number;
  indexBuildMs: number;
  indexMib: number;
  tableMib: number;
}

interface RealEntry {
  org_id: string;
  session_id: string;
  reply_message_id: string;
  scope_key: string;
  encoder_id: string;
  expires_at: string | Date;
}

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

export async function seedCacheScope(
  pgliteDataDir: string,
  orgId: string,
  target: number,
  progress: (line: string) => void,
): Promise<SeedReport> {
  const handle = await openDatabase({ pgliteDataDir });
  try {
    const { db } = handle;
    if (handle.vectorSearch !== 'pgvector') throw new Error('expected pgvector in PGlite');
    // The first entry the server stored: the prompt the benchmark then asks again.
    const real = rowsOf<RealEntry>(
      await db.execute(
        sql`select org_id, session_id, reply_message_id, scope_key, encoder_id, expires_at from cache_entries where org_id = ${orgId} order by created_at limit 1`,
      ),
    );
    const entry = real[0];
    if (!entry) throw new Error('the organisation has no cache entry to copy');
    if (entry.encoder_id !== encoderId)
      throw new Error(`the real entry's encoder is ${entry.encoder_id}, not ${encoderId}`);
    const owner = { orgId: entry.org_id, sessionId: entry.session_id, replyMessageId: entry.reply_message_id };
    const synthetic = target - (await countEntries(db, orgId));
    const baseCount = Math.min(5_000, synthetic);

    await db.execute(sql`drop index if exists cache_entries_embedding_hnsw`);
    let started = performance.now();
    progress(`seeding: ${baseCount} base vectors as text`);
    await insertBaseVectors(
      db,
      owner,
      entry.scope_key,
      clusteredVectors(seededRandom(42), baseCount),
      new Date(entry.expires_at),
    );
    for (let copy = 1; copy * baseCount < synthetic; copy += 1) {
      await insertRotatedCopies(db, owner, entry.scope_key, copy * 7);
      if (copy % 5 === 0) progress(`seeding: ${(copy + 1) * baseCount} synthetic rows`);
    }
    const excess = (await countEntries(db, orgId)) - target;
    if (excess > 0) {
      await db.execute(
        sql`delete from cache_entries where id in (select id from cache_entries where org_id = ${orgId} and exact_key like 'base:%' order by exact_key desc limit ${excess})`,
      );
    }
    const entries = await countEntries(db, orgId);
    const insertMs = performance.now() - started;

    progress(`seeding: ${entries} rows in ${(insertMs / 1000).toFixed(0)} s; building the HNSW index`);
    await db.execute(sql`set maintenance_work_mem = '1GB'`);
    started = performance.now();
    await db.execute(
      sql.raw(
        `create index cache_entries_embedding_hnsw on cache_entries using hnsw ((embedding::vector(${dimensions})) vector_cosine_ops) where array_length(embedding, 1) = ${dimensions}`,
      ),
    );
    const indexBuildMs = performance.now() - started;
    await db.execute(sql`reset maintenance_work_mem`);
    await db.execute(sql`analyze cache_entries`);
    const [sizes] = rowsOf<{ index_bytes: string | number; table_bytes: string | number }>(
      await db.execute(
        sql`select pg_relation_size('cache_entries_embedding_hnsw') as index_bytes, pg_total_relation_size('cache_entries') as table_bytes`,
      ),
    );
    progress(`seeding: HNSW index built in ${(indexBuildMs / 1000).toFixed(0)} s`);
    return {
      entries,
      scopeKey: entry.scope_key,
      insertMs,
      indexBuildMs,
      indexMib: Number(sizes!.index_bytes) / 1024 ** 2,
      tableMib: Number(sizes!.table_bytes) / 1024 ** 2,
    };
  } finally {
    await handle.close();
  }
}
