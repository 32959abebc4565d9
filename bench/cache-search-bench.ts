/**
 * The semantic cache's vector search and prompt embedding, measured.
 *
 *   npm run bench:cache-search
 *   QUERIES=200 DB_SIZES=10000,100000 MEMORY_SIZES=100000,1000000 POSTGRES=0 npm run bench:cache-search
 *
 * 1. Embedding time per prompt with the embedded encoder (one at a time, and in a batch).
 * 2. The in-process index alone (no database): fill, memory, nearest-neighbour time at 100,000 and
 *    1,000,000 vectors in one organisation's scope.
 * 3. PGlite with the rows in the database: in-process load time and search through the store
 *    (index scan plus re-reading the candidates); pgvector's HNSW build time, index size, search
 *    through the store and its agreement with the exact answer; an organisation with 100 entries
 *    searched while another holds all the rest.
 * 4. PostgreSQL 15 without pgvector (a throwaway server, when installed): the in-process path.
 *
 * The report goes to stdout (Markdown), progress to stderr. Run with --expose-gc (the npm script
 * does) so the memory figures are after a collection.
 */
import { sql } from 'drizzle-orm';
import type { SimilarEntry } from '../src/server/cache/cache-entry';
import { createCacheStore, type CacheStore } from '../src/server/cache/cache-store';
import { openDatabase, type Database, type DatabaseHandle } from '../src/server/db/database';
import { tryStartPostgres } from '../scripts/postgres-harness';
import {
  clusteredVectors,
  countEntries,
  createBenchOrganisation,
  dimensions,
  encoderId,
  insertBaseVectors,
  insertRotatedCopies,
  makeQueries,
  randomUnitVector,
  seededRandom,
  shiftFor,
  type BenchOrganisation,
} from './support/cache-bench-data';
import { embeddingTimeSection } from './cache-search/embedding-time';
import { inProcessIndexSection } from './cache-search/in-process-index';
import { collectGarbage, mib, progress, summarise, timeEach, type Timings } from './support/measure';
import { describeLoad, describeMachine, formatNumber, markdownTable } from './support/stats';

const queryCount = Number(process.env.QUERIES ?? 100);
const listOf = (value: string | undefined, fallback: number[]) => (value ? value.split(',').map(Number) : fallback);
const memorySizes = listOf(process.env.MEMORY_SIZES, [100_000, 1_000_000]);
const databaseSizes = listOf(process.env.DB_SIZES, [10_000, 100_000]);
const withPostgres = process.env.POSTGRES !== '0';
const baseCount = 5_000;
const k = 5;
const now = new Date();
const expiresAt = new Date(now.getTime() + 30 * 24 * 3600_000);
const scopeKey = 'bench-scope';
/** The product's default similarity threshold (src/gateway/cache/cache-settings.ts). */
const decisionThreshold = 0.9;
const insertCount = 20;

const sections: string[] = [];

/** Fills the big organisation's scope up to `size` rows (base set first, then rotated copies). */
async function growTo(db: Database, big: BenchOrganisation, size: number): Promise<number[]> {
  const copiesNeeded = Math.ceil(size / baseCount);
  let copies = Math.round((await countEntries(db, big.orgId)) / baseCount);
  while (copies < copiesNeeded) {
    await insertRotatedCopies(db, big, scopeKey, shiftFor(copies));
    copies += 1;
  }
  return Array.from({ length: copies }, (_, copy) => shiftFor(copy));
}

interface SearchResult {
  hits: Timings;
  misses: Timings;
  answers: { ids: string[]; best: number }[];
}

async function searchWith(
  store: CacheStore,
  orgId: string,
  queries: { hits: Float32Array[]; misses: Float32Array[] },
): Promise<SearchResult> {
  const answers: SearchResult['answers'] = [];
  const answer = (found: SimilarEntry[]) =>
    answers.push({ ids: found.map((candidate) => candidate.entry.id), best: found[0]?.similarity ?? -1 });
  for (let index = 0; index < 3; index += 1) await store.searchSimilar(orgId, scopeKey, queries.misses[index]!, k, now);
  const hits = await timeEach(queries.hits.length, async (index) => {
    answer(await store.searchSimilar(orgId, scopeKey, queries.hits[index]!, k, now));
  });
  const misses = await timeEach(queries.misses.length, async (index) => {
    answer(await store.searchSimilar(orgId, scopeKey, queries.misses[index]!, k, now));
  });
  return { hits, misses, answers };
}

/** Stores `count` entries through the store (insert, purge of expired rows, count, eviction check). */
async function timeInserts(store: CacheStore, owner: BenchOrganisation, count: number): Promise<Timings> {
  const random = seededRandom(count);
  return timeEach(count, () =>
    store.insert(
      {
        orgId: owner.orgId,
        sessionId: owner.sessionId,
        replyMessageId: owner.replyMessageId,
        scopeKey,
        exactKey: `inserted:${random()}`,
        prompt: 'inserted prompt',
        reply: 'A cached reply of a realistic length, a sentence or two.',
        modelId: 'bench/model',
        embedding: randomUnitVector(random),
        encoderId,
        referenceCostPicodollars: 1_000_000_000n,
        expiresAt,
      },
      { maxEntries: 10_000_000 },
      now,
    ),
  );
}

/** How often the approximate search gives the exact answer: same best entry, same top k, same cache decision. */
function agreement(approximate: SearchResult['answers'], exact: SearchResult['answers']): string {
  let top1 = 0;
  let shared = 0;
  let total = 0;
  let sameDecision = 0;
  approximate.forEach((found, index) => {
    const expected = exact[index]!;
    if (found.ids[0] === expected.ids[0]) top1 += 1;
    shared += found.ids.filter((id) => expected.ids.includes(id)).length;
    total += expected.ids.length;
    const hit = expected.best >= decisionThreshold;
    if (hit === found.best >= decisionThreshold && (!hit || found.ids[0] === expected.ids[0])) sameDecision += 1;
  });
  const percent = (count: number, of: number) => `${formatNumber((100 * count) / of, 1)}%`;
  return `top-1 ${percent(top1, approximate.length)}, recall@${k} ${percent(shared, total)}, same decision at ${decisionThreshold} ${percent(sameDecision, approximate.length)}`;
}

async function benchDatabase(label: string, handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  // PGlite runs inside this process; a PostgreSQL server's work shows in wall time only.
  const cpuIsOurs = handle.kind === 'pglite';
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  await db.execute(sql`drop index if exists cache_entries_embedding_hnsw`);
  const big = await createBenchOrganisation(db, 'Bench big');
  const small = await createBenchOrganisation(db, 'Bench small');
  const random = seededRandom(42);
  const base = clusteredVectors(random, baseCount);
  progress(`${label}: writing ${baseCount} base vectors as text`);
  let started = performance.now();
  await insertBaseVectors(db, big, scopeKey, base, expiresAt);
  notes.push(
    `Writing ${baseCount} rows with their 512 floats as text: ${formatNumber((performance.now() - started) / baseCount, 2)} ms a row.`,
  );
  await insertBaseVectors(db, small, scopeKey, clusteredVectors(random, 100), expiresAt);

  for (const size of databaseSizes) {
    progress(`${label}: growing to ${size} rows`);
    started = performance.now();
    const shifts = await growTo(db, big, size);
    const actual = await countEntries(db, big.orgId);
    progress(`${label}: ${actual} rows (${formatNumber(performance.now() - started)} ms); analyze`);
    await db.execute(sql`analyze cache_entries`);
    const queries = makeQueries(seededRandom(size + 1), base, shifts, queryCount);

    collectGarbage();
    const inProcess = createCacheStore({
      db,
      vectorSearch: handle.vectorSearch,
      encoderId,
      strategy: 'in-process',
      inProcess: { memoryBudgetBytes: 4 * 1024 ** 3, firstLoadWaitMs: Number.POSITIVE_INFINITY },
    });
    started = performance.now();
    await inProcess.searchSimilar(big.orgId, scopeKey, queries.misses[0]!, k, now);
    const loadMs = performance.now() - started;
    const loadedBytes = inProcess.describeIndex()?.bytes ?? 0;
    progress(`${label}: in-process loaded in ${formatNumber(loadMs)} ms; searching`);
    const exact = await searchWith(inProcess, big.orgId, queries);
    const smallExact = await timeEach(queryCount, (index) =>
      inProcess.searchSimilar(small.orgId, scopeKey, queries.hits[index]!, k, now),
    );
    const plainInserts = await timeInserts(inProcess, big, insertCount);
    rows.push([
      actual.toLocaleString('en'),
      'in-process',
      `load ${formatNumber(loadMs)} ms, ${mib(loadedBytes)} MiB held`,
      summarise(exact.hits, cpuIsOurs),
      summarise(exact.misses, cpuIsOurs),
      summarise(smallExact, cpuIsOurs),
      summarise(plainInserts, cpuIsOurs),
      'exact',
    ]);

    if (handle.vectorSearch === 'pgvector') {
      progress(`${label}: building the HNSW index over ${actual} rows`);
      await db.execute(sql`set maintenance_work_mem = '1GB'`);
      started = performance.now();
      await db.execute(
        sql.raw(
          `create index cache_entries_embedding_hnsw on cache_entries using hnsw ((embedding::vector(${dimensions})) vector_cosine_ops) where array_length(embedding, 1) = ${dimensions}`,
        ),
      );
      const buildMs = performance.now() - started;
      await db.execute(sql`reset maintenance_work_mem`);
      const sizeResult = (await db.execute(
        sql`select pg_relation_size('cache_entries_embedding_hnsw') as bytes, pg_total_relation_size('cache_entries') as table_bytes`,
      )) as unknown as {
        rows: { bytes: string | number; table_bytes: string | number }[];
      };
      const pgvector = createCacheStore({ db, vectorSearch: handle.vectorSearch, encoderId, strategy: 'pgvector' });
      progress(`${label}: HNSW built in ${formatNumber(buildMs)} ms; searching`);
      const approximate = await searchWith(pgvector, big.orgId, queries);
      const smallApproximate = await timeEach(queryCount, (index) =>
        pgvector.searchSimilar(small.orgId, scopeKey, queries.hits[index]!, k, now),
      );
      const indexedInserts = await timeInserts(pgvector, big, insertCount);
      const hitAgreement = agreement(approximate.answers.slice(0, queryCount), exact.answers.slice(0, queryCount));
      const missAgreement = agreement(approximate.answers.slice(queryCount), exact.answers.slice(queryCount));
      rows.push([
        actual.toLocaleString('en'),
        'pgvector HNSW',
        `build ${formatNumber(buildMs / 1000, 1)} s, index ${mib(Number(sizeResult.rows[0]!.bytes))} MiB (table ${mib(Number(sizeResult.rows[0]!.table_bytes))} MiB)`,
        summarise(approximate.hits),
        summarise(approximate.misses),
        summarise(smallApproximate),
        summarise(indexedInserts),
        `hit-like: ${hitAgreement}; miss-like: ${missAgreement}`,
      ]);
      // Copies are written fast only without the index; it is built again at the next size.
      await db.execute(sql`drop index cache_entries_embedding_hnsw`);
    }
  }
  notes.push(`Process RSS at the end: ${mib(process.memoryUsage().rss)} MiB.`);
  sections.push(
    [
      `### ${label}: search through the cache store (k = ${k}, ${queryCount} queries each)`,
      '',
      markdownTable(
        [
          'rows in the big organisation',
          'search',
          'setup',
          `ms, hit-like: wall p50 / p99${cpuIsOurs ? ' (CPU p50)' : ''}`,
          'same, miss-like',
          'same, small organisation (100 rows)',
          `store.insert (${insertCount}), same`,
          'agreement with exact',
        ],
        rows,
      ),
      '',
      ...notes,
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const loadBefore = describeLoad();
  sections.push(await embeddingTimeSection());
  sections.push(await inProcessIndexSection({ sizes: memorySizes, queryCount, baseCount, k }));
  collectGarbage();

  progress('PGlite: opening an in-memory database');
  const pglite = await openDatabase({ pgliteDataDir: 'memory://' });
  try {
    await benchDatabase('PGlite (in memory, pgvector 0.8)', pglite);
  } finally {
    await pglite.close();
  }
  collectGarbage();

  if (withPostgres) {
    const started = await tryStartPostgres();
    if (!started.ok) {
      sections.push(`### PostgreSQL\n\nNot measured: ${started.reason}`);
    } else {
      const postgres = await openDatabase({ databaseUrl: started.server.url, pgliteDataDir: 'unused' });
      try {
        await benchDatabase(`PostgreSQL server (vector search: ${postgres.vectorSearch})`, postgres);
      } finally {
        await postgres.close();
        await started.server.stop();
      }
    }
  }

  console.log(`## Cache vector search benchmark, ${new Date().toISOString()}`);
  console.log(`Machine: ${describeMachine()}`);
  console.log(`Load average (1 / 5 / 15 min) before: ${loadBefore}; after: ${describeLoad()}\n`);
  console.log(sections.join('\n\n'));
}

await main();
