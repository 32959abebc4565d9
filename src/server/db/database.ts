import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrateUnderLock } from './migration-lock';
import { takeTurnsWithEventLoop } from './pglite-turns';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction offers the same query surface as the database. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** How the semantic cache can search vectors: in SQL with pgvector, or (without the extension) in process. */
export type VectorSearchSupport = 'pgvector' | 'none';

/** Length of the embedded encoder's vectors: the one size the HNSW index covers. */
export const indexedEmbeddingDimensions = 512;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** 'pgvector' when the extension could be created (always on PGlite); 'none' e.g. on Debian's PostgreSQL 15. */
  vectorSearch: VectorSearchSupport;
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** postgres:// URL of a real server; when absent an embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; `memory://` keeps it in memory (tests). */
  pgliteDataDir: string;
}

/** Opens the database and applies every pending migration, so the schema is current on return. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.pgliteDataDir);
  try {
    handle.vectorSearch = await handle.migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/**
 * Creates pgvector and the cache's HNSW index where the extension exists. Not a migration: the same
 * migrations must apply to a server without pgvector. The index reads the real[] column as a vector
 * and covers only rows of the indexed length, so an embedding of another size can still be stored.
 */
async function prepareVectorSearch(db: Database): Promise<VectorSearchSupport> {
  try {
    await db.execute(sql`create extension if not exists vector`);
  } catch {
    return 'none';
  }
  const dimensions = indexedEmbeddingDimensions;
  try {
    await db.execute(
      sql.raw(
        `create index if not exists cache_entries_embedding_hnsw on cache_entries using hnsw ((embedding::vector(${dimensions})) vector_cosine_ops) where array_length(embedding, 1) = ${dimensions}`,
      ),
    );
  } catch {
    // An old pgvector without HNSW or the real[] cast: search in process rather than scan in SQL.
    return 'none';
  }
  return 'pgvector';
}

/** A handle that can still bring its schema up to date (and say how it can search vectors). */
type UnmigratedHandle = DatabaseHandle & { migrate(): Promise<VectorSearchSupport> };

let memoryTemplate: Blob | undefined;

/**
 * In-memory databases (`memory://`, the tests') start from this dump of a migrated one instead of
 * running initdb and every migration again: the API suite starts over a hundred servers, and each
 * spent ~5 s of CPU on that. The migrations still run after loading, so a stale dump costs only time.
 */
export function startMemoryDatabasesFrom(template: Blob | undefined): void {
  memoryTemplate = template;
}

/** A dump of a freshly migrated in-memory database, for startMemoryDatabasesFrom. */
export async function dumpMigratedMemoryDatabase(): Promise<Blob> {
  const handle = await openPglite('memory://');
  try {
    await handle.migrate();
    return await handle.dump();
  } finally {
    await handle.close();
  }
}

async function openPglite(dataDir: string): Promise<UnmigratedHandle & { dump(): Promise<Blob> }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { vector } = await import('@electric-sql/pglite-pgvector');
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const loadDataDir = inMemory ? memoryTemplate : undefined;
  const client = takeTurnsWithEventLoop(
    await PGlite.create(dataDir, { extensions: { vector }, ...(loadDataDir ? { loadDataDir } : {}) }),
  );
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    vectorSearch: 'none',
    migrate: async () => {
      await migrate(db, { migrationsFolder });
      return prepareVectorSearch(db as unknown as Database);
    },
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(databaseUrl: string): Promise<UnmigratedHandle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  const db = drizzle(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    vectorSearch: 'none',
    // Instances starting together migrate one at a time (docs/decisions/058).
    migrate: async () => {
      let vectorSearch: VectorSearchSupport = 'none';
      await migrateUnderLock(pool, async (client) => {
        const locked = drizzle(client, { schema });
        await migrate(locked, { migrationsFolder });
        vectorSearch = await prepareVectorSearch(locked as unknown as Database);
      });
      return vectorSearch;
    },
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}
