import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewCacheEntry, SimilarEntry } from '../../src/server/cache/cache-entry';
import { createCacheStore, type CacheStore } from '../../src/server/cache/cache-store';
import { openDatabase } from '../../src/server/db/database';
import {
  createChatFixture,
  entryFor,
  insertEntriesDirectly,
  nearbyUnitVector,
  randomUnitVector,
  seededRandom,
  testEncoderId,
} from './support/cache-fixtures';

/**
 * pgvector (HNSW, approximate) and the in-process index (exhaustive, exact) must give the same
 * answers on the same rows. Runs where the database has pgvector: always on PGlite.
 */
const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgliteDataDir: 'memory://' });
afterAll(() => database.close());
const { db } = database;

const now = new Date('2031-06-01T00:00:00Z');
const expiresAt = new Date('2031-07-01T00:00:00Z');
const k = 5;

describe('the search strategy', () => {
  it('is tiered (small scopes in process, large ones in pgvector) where the database has pgvector, and the in-process index everywhere else', () => {
    const chosen = createCacheStore({ db, vectorSearch: database.vectorSearch, encoderId: testEncoderId }).strategy;
    expect(chosen).toBe(database.vectorSearch === 'pgvector' ? 'tiered' : 'in-process');
  });
});

// Only where both strategies exist (always on PGlite; Debian's PostgreSQL 15 has no pgvector).
if (database.vectorSearch === 'pgvector')
  describe('pgvector and in-process search agree', () => {
    let pgvector: CacheStore;
    let inProcess: CacheStore;
    let orgId = '';
    const stored: Float32Array[] = [];
    const queries: { vector: Float32Array; nearDuplicate: boolean }[] = [];

    beforeAll(async () => {
      pgvector = createCacheStore({
        db,
        vectorSearch: database.vectorSearch,
        encoderId: testEncoderId,
        strategy: 'pgvector',
      });
      inProcess = createCacheStore({
        db,
        vectorSearch: database.vectorSearch,
        encoderId: testEncoderId,
        strategy: 'in-process',
      });
      const random = seededRandom(2024);
      const [main, crowd] = [await createChatFixture(db), await createChatFixture(db)];
      orgId = main.orgId;
      const centres = Array.from({ length: 30 }, () => randomUnitVector(random));
      const entries: NewCacheEntry[] = [];
      // 300 entries in 30 topics (cosine 0.75-0.95 to their topic), the way cached prompts cluster.
      for (const centre of centres) {
        for (let member = 0; member < 10; member += 1) {
          const vector = nearbyUnitVector(random, centre, 0.3 + random() * 0.6);
          stored.push(vector);
          entries.push(await entryFor(main, { scopeKey: 'agree', embedding: vector, expiresAt }));
        }
      }
      // The same topics in another organisation and in another scope: rows the filters must drop.
      for (const centre of centres.slice(0, 20)) {
        for (let member = 0; member < 5; member += 1) {
          entries.push(
            await entryFor(crowd, { scopeKey: 'agree', embedding: nearbyUnitVector(random, centre, 0.2), expiresAt }),
          );
          entries.push(
            await entryFor(main, {
              scopeKey: 'elsewhere',
              embedding: nearbyUnitVector(random, centre, 0.2),
              expiresAt,
            }),
          );
        }
      }
      for (let start = 0; start < entries.length; start += 100)
        await insertEntriesDirectly(db, entries.slice(start, start + 100), now);
      await db.execute(sql`analyze cache_entries`);
      for (let index = 0; index < 40; index += 1) {
        queries.push({
          vector: nearbyUnitVector(random, stored[Math.floor(random() * stored.length)]!, 0.25),
          nearDuplicate: true,
        });
      }
      for (let index = 0; index < 10; index += 1)
        queries.push({ vector: randomUnitVector(random), nearDuplicate: false });
    }, 180_000);

    async function compare(): Promise<void> {
      let overlap = 0;
      for (const query of queries) {
        const approximate = await pgvector.searchSimilar(orgId, 'agree', query.vector, k, now);
        const exact = await inProcess.searchSimilar(orgId, 'agree', query.vector, k, now);
        expect(exact).toHaveLength(k);
        expect(approximate).toHaveLength(k);
        for (const candidate of [...approximate, ...exact])
          expect(candidate.entry).toMatchObject({ orgId, scopeKey: 'agree' });
        if (query.nearDuplicate) {
          expect(approximate[0]!.entry.id).toBe(exact[0]!.entry.id);
          expect(approximate[0]!.similarity).toBeCloseTo(exact[0]!.similarity, 5);
        }
        // The exact answer bounds the approximate one rank by rank; shared entries score the same.
        approximate.forEach((candidate, rank) => {
          expect(candidate.similarity).toBeLessThanOrEqual(exact[rank]!.similarity + 1e-5);
        });
        const exactById = new Map(exact.map((candidate: SimilarEntry) => [candidate.entry.id, candidate.similarity]));
        for (const candidate of approximate) {
          const similarity = exactById.get(candidate.entry.id);
          if (similarity === undefined) continue;
          overlap += 1;
          expect(candidate.similarity).toBeCloseTo(similarity, 5);
        }
      }
      expect(overlap / (queries.length * k)).toBeGreaterThanOrEqual(0.95);
    }

    it('returns the same nearest entries with the planner left to choose', async () => {
      await compare();
    });

    it('returns the same nearest entries when pgvector walks the HNSW graph', async () => {
      if (database.kind !== 'pglite') return; // session settings reach every query only with PGlite's single connection
      await db.execute(sql`set enable_seqscan = off`);
      await db.execute(sql`set enable_bitmapscan = off`);
      try {
        const literal = `[${Array.from(queries[0]!.vector).join(',')}]`;
        const plan = (await db.execute(
          sql`explain select id from cache_entries where org_id = ${orgId} and scope_key = 'agree' and array_length(embedding, 1) = 512 order by embedding::vector(512) <=> ${literal}::vector(512) limit 5`,
        )) as unknown as { rows: Record<string, string>[] };
        expect(plan.rows.map((row) => Object.values(row)[0]).join('\n')).toContain('cache_entries_embedding_hnsw');
        await compare();
      } finally {
        await db.execute(sql`reset enable_seqscan`);
        await db.execute(sql`reset enable_bitmapscan`);
      }
    });
  });
