import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createCacheStore, type CacheStore } from '../../src/server/cache/cache-store';
import { graphWalkSettings, nearestEntriesQuery } from '../../src/server/cache/pgvector-search';
import { openDatabase } from '../../src/server/db/database';
import { cacheEntries, chatSessions, users } from '../../src/server/db/schema';
import {
  createChatFixture,
  entryFor,
  insertEntriesDirectly,
  nearbyUnitVector,
  randomUnitVector,
  seededRandom,
  testDimensions,
  testEncoderId,
} from './support/cache-fixtures';

/**
 * The semantic cache's storage on the suite's database (in-memory PGlite, or the PostgreSQL server
 * of TEST_DATABASE_URL), once per search strategy the database offers. Every test makes its own
 * organisations, so the tests share one database.
 */
const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgliteDataDir: 'memory://' });
afterAll(() => database.close());
const { db } = database;
const strategies =
  database.vectorSearch === 'pgvector' ? (['pgvector', 'in-process', 'tiered'] as const) : (['in-process'] as const);

const minute = 60_000;
const start = new Date('2031-05-01T12:00:00Z');
const later = (minutes: number) => new Date(start.getTime() + minutes * minute);
const noLimit = { maxEntries: 1_000_000 };

describe('vector support of the database', () => {
  it('is pgvector exactly where the extension is available (always on PGlite)', async () => {
    const available = (await db.execute(
      sql`select 1 from pg_available_extensions where name = 'vector'`,
    )) as unknown as { rows: unknown[] };
    expect(database.vectorSearch).toBe(available.rows.length > 0 ? 'pgvector' : 'none');
    if (database.kind === 'pglite') expect(database.vectorSearch).toBe('pgvector');
  });

  it('refuses the pgvector strategy where the extension is missing', () => {
    expect(() =>
      createCacheStore({ db, vectorSearch: 'none', encoderId: testEncoderId, strategy: 'pgvector' }),
    ).toThrow(/vector extension/);
    expect(createCacheStore({ db, vectorSearch: 'none', encoderId: testEncoderId }).strategy).toBe('in-process');
  });
});

describe.each(strategies)('cache store (%s search)', (strategy) => {
  // A loaded machine can take longer than the default first-load wait even for a small scope.
  const patient = { firstLoadWaitMs: 60_000 };
  const newStore = (): CacheStore =>
    createCacheStore({
      db,
      vectorSearch: database.vectorSearch,
      encoderId: testEncoderId,
      strategy,
      inProcess: patient,
    });

  it('finds an exact entry only in its own organisation and only until it expires', async () => {
    const store = newStore();
    const [owner, other] = [await createChatFixture(db), await createChatFixture(db)];
    const random = seededRandom(1);
    const { entry } = await store.insert(
      await entryFor(owner, {
        scopeKey: 'scope',
        exactKey: 'exact-1',
        embedding: randomUnitVector(random),
        expiresAt: later(10),
      }),
      noLimit,
      start,
    );
    expect(store.strategy).toBe(strategy);
    expect((await store.findExact(owner.orgId, 'exact-1', later(1)))?.id).toBe(entry.id);
    expect(await store.findExact(other.orgId, 'exact-1', later(1))).toBeUndefined();
    expect(await store.findExact(owner.orgId, 'exact-1', later(10))).toBeUndefined();
  });

  it('says a scope has entries only for its own organisation, its own encoder and until they expire', async () => {
    const store = newStore();
    const [owner, other] = [await createChatFixture(db), await createChatFixture(db)];
    expect(await store.hasEntries(owner.orgId, 'follow-up-scope', start)).toBe(false);
    await store.insert(
      await entryFor(owner, {
        scopeKey: 'follow-up-scope',
        embedding: randomUnitVector(seededRandom(7)),
        expiresAt: later(10),
      }),
      noLimit,
      start,
    );
    expect(await store.hasEntries(owner.orgId, 'follow-up-scope', later(1))).toBe(true);
    expect(await store.hasEntries(owner.orgId, 'another-scope', later(1))).toBe(false);
    expect(await store.hasEntries(other.orgId, 'follow-up-scope', later(1))).toBe(false);
    expect(await store.hasEntries(owner.orgId, 'follow-up-scope', later(10))).toBe(false);
    const otherEncoder = createCacheStore({
      db,
      vectorSearch: database.vectorSearch,
      encoderId: 'another-encoder',
      strategy,
      inProcess: patient,
    });
    expect(await otherEncoder.hasEntries(owner.orgId, 'follow-up-scope', later(1))).toBe(false);
  });

  it("returns the nearest entries of the organisation's scope, best first, never another organisation's or scope's", async () => {
    const store = newStore();
    const [owner, other] = [await createChatFixture(db), await createChatFixture(db)];
    const random = seededRandom(2);
    const query = randomUnitVector(random);
    const near = await store.insert(
      await entryFor(owner, {
        scopeKey: 'scope-a',
        embedding: nearbyUnitVector(random, query, 0.3),
        expiresAt: later(60),
      }),
      noLimit,
      start,
    );
    const farther = await store.insert(
      await entryFor(owner, {
        scopeKey: 'scope-a',
        embedding: nearbyUnitVector(random, query, 0.8),
        expiresAt: later(60),
      }),
      noLimit,
      start,
    );
    for (let index = 0; index < 5; index += 1) {
      await store.insert(
        await entryFor(owner, { scopeKey: 'scope-a', embedding: randomUnitVector(random), expiresAt: later(60) }),
        noLimit,
        start,
      );
    }
    // Identical vectors elsewhere: another scope of the owner, and the same scope of another organisation.
    await store.insert(
      await entryFor(owner, { scopeKey: 'scope-b', embedding: query, expiresAt: later(60) }),
      noLimit,
      start,
    );
    await store.insert(
      await entryFor(other, { scopeKey: 'scope-a', embedding: query, expiresAt: later(60) }),
      noLimit,
      start,
    );

    const found = await store.searchSimilar(owner.orgId, 'scope-a', query, 3, later(1));
    expect(found.map((candidate) => candidate.entry.id).slice(0, 2)).toEqual([near.entry.id, farther.entry.id]);
    expect(found).toHaveLength(3);
    expect(found[0]!.similarity).toBeGreaterThan(0.95);
    expect(found[0]!.similarity).toBeLessThan(0.97);
    for (const candidate of found) expect(candidate.entry).toMatchObject({ orgId: owner.orgId, scopeKey: 'scope-a' });
    expect(found.map((candidate) => candidate.similarity)).toEqual(
      [...found.map((candidate) => candidate.similarity)].sort((a, b) => b - a),
    );
    expect(await store.searchSimilar(other.orgId, 'scope-b', query, 3, later(1))).toEqual([]);
  });

  /** One organisation's entry among 150 of another organisation's, all nearer the query. */
  async function crowdedNeighbourhood() {
    const store = newStore();
    const [small, crowd] = [await createChatFixture(db), await createChatFixture(db)];
    const random = seededRandom(3);
    const query = randomUnitVector(random);
    const crowding = [];
    for (let index = 0; index < 150; index += 1) {
      crowding.push(
        await entryFor(crowd, {
          scopeKey: 'shared',
          embedding: nearbyUnitVector(random, query, 0.2),
          expiresAt: later(60),
        }),
      );
    }
    await insertEntriesDirectly(db, crowding, start);
    const own = await store.insert(
      await entryFor(small, {
        scopeKey: 'shared',
        embedding: nearbyUnitVector(random, query, 1.5),
        expiresAt: later(60),
      }),
      noLimit,
      start,
    );

    const search = () => store.searchSimilar(small.orgId, 'shared', query, 5, later(1));
    return { small, query, own, search };
  }

  it("finds an organisation's only entry when another organisation's entries crowd the neighbourhood", async () => {
    const { own, search } = await crowdedNeighbourhood();
    expect((await search()).map((candidate) => candidate.entry.id)).toEqual([own.entry.id]);
  });

  // Only PGlite lets a test steer the planner of the server's one session.
  if (strategy === 'pgvector' && database.kind === 'pglite') {
    it('finds it through the HNSW graph too, and by the exact fallback when the graph walk is cut short', async () => {
      const { small, query, own, search } = await crowdedNeighbourhood();
      // PGlite has one session: make the planner walk the HNSW graph, which meets 150 foreign rows
      // first, and check that it really does before trusting the answer.
      await db.execute(sql`set enable_seqscan = off`);
      await db.execute(sql`set enable_bitmapscan = off`);
      try {
        const plan = (await db.execute(
          sql`explain select id from cache_entries where org_id = ${small.orgId} and scope_key = 'shared' and array_length(embedding, 1) = 512 order by embedding::vector(512) <=> ${`[${Array.from(query).join(',')}]`}::vector(512) limit 5`,
        )) as unknown as { rows: Record<string, string>[] };
        expect(plan.rows.map((row) => Object.values(row)[0]).join('\n')).toContain('cache_entries_embedding_hnsw');
        expect((await search()).map((candidate) => candidate.entry.id)).toEqual([own.entry.id]);
        // A graph walk cut short before it reaches the organisation's row: the exact fallback finds it.
        await db.execute(sql`set hnsw.max_scan_tuples = 20`);
        expect((await search()).map((candidate) => candidate.entry.id)).toEqual([own.entry.id]);
      } finally {
        await db.execute(sql`reset enable_seqscan`);
        await db.execute(sql`reset enable_bitmapscan`);
        await db.execute(sql`reset hnsw.max_scan_tuples`);
      }
    });
  }

  it('serves an entry until its time to live ends, and purges expired entries on the next insert', async () => {
    const store = newStore();
    const owner = await createChatFixture(db);
    const random = seededRandom(4);
    const query = randomUnitVector(random);
    const shortLived = await store.insert(
      await entryFor(owner, { scopeKey: 'ttl', embedding: query, expiresAt: later(5) }),
      noLimit,
      start,
    );
    const longLived = await store.insert(
      await entryFor(owner, { scopeKey: 'ttl', embedding: nearbyUnitVector(random, query, 0.5), expiresAt: later(60) }),
      noLimit,
      start,
    );

    expect(
      (await store.searchSimilar(owner.orgId, 'ttl', query, 2, later(4))).map((candidate) => candidate.entry.id),
    ).toEqual([shortLived.entry.id, longLived.entry.id]);
    expect(
      (await store.searchSimilar(owner.orgId, 'ttl', query, 2, later(5))).map((candidate) => candidate.entry.id),
    ).toEqual([longLived.entry.id]);

    const next = await store.insert(
      await entryFor(owner, { scopeKey: 'ttl', embedding: randomUnitVector(random), expiresAt: later(70) }),
      noLimit,
      later(6),
    );
    expect(next.removedCount).toBe(1);
    const remaining = await db
      .select({ id: cacheEntries.id })
      .from(cacheEntries)
      .where(eq(cacheEntries.orgId, owner.orgId));
    expect(remaining.map((row) => row.id).sort()).toEqual([longLived.entry.id, next.entry.id].sort());
  });

  it('cleans a larger cache up after 1% of its size in inserts or 10 seconds, not on every insert', async () => {
    const store = newStore();
    const owner = await createChatFixture(db);
    const random = seededRandom(6);
    const insertAt = async (minutes: number, expiresInMinutes: number) =>
      (
        await store.insert(
          await entryFor(owner, {
            scopeKey: 'housekeeping',
            embedding: randomUnitVector(random),
            expiresAt: later(minutes + expiresInMinutes),
          }),
          { maxEntries: 300 },
          later(minutes),
        )
      ).removedCount;
    const second = 1 / 60;

    expect(await insertAt(0, 3 * second)).toBe(0);
    // Expired at 3 s, but 4 s is only the second of the three inserts that are 1% of 300.
    expect(await insertAt(4 * second, 60)).toBe(0);
    expect(await insertAt(6 * second, 60)).toBe(1);
    expect(await insertAt(7 * second, 1 * second)).toBe(0);
    // Only the second insert since, but 10 seconds after the last clean-up.
    expect(await insertAt(17 * second, 60)).toBe(1);
  });

  it('keeps at most the maximum entries, evicting the least recently hit or created', async () => {
    const store = newStore();
    const [owner, bystander] = [await createChatFixture(db), await createChatFixture(db)];
    const random = seededRandom(5);
    const query = randomUnitVector(random);
    const insertAt = async (minutes: number, embedding: Float32Array, fixture = owner) =>
      (
        await store.insert(
          await entryFor(fixture, { scopeKey: 'lru', embedding, expiresAt: later(600) }),
          { maxEntries: 3 },
          later(minutes),
        )
      ).entry.id;

    await insertAt(0, randomUnitVector(random), bystander);
    const first = await insertAt(1, nearbyUnitVector(random, query, 0.4));
    const _second = await insertAt(2, nearbyUnitVector(random, query, 0.2));
    const third = await insertAt(3, nearbyUnitVector(random, query, 0.6));
    expect(await store.searchSimilar(owner.orgId, 'lru', query, 3, later(3))).toHaveLength(3);
    expect(await store.recordHit(owner.orgId, first, later(4))).toBe(true);
    expect(await store.recordHit(bystander.orgId, first, later(4))).toBe(false);
    const fourth = await insertAt(5, randomUnitVector(random));

    const remaining = await db
      .select({ id: cacheEntries.id, hitCount: cacheEntries.hitCount })
      .from(cacheEntries)
      .where(eq(cacheEntries.orgId, owner.orgId));
    expect(remaining.map((row) => row.id).sort()).toEqual([first, third, fourth].sort());
    expect(remaining.find((row) => row.id === first)?.hitCount).toBe(1);
    const found = await store.searchSimilar(owner.orgId, 'lru', query, 3, later(6));
    expect(found.map((candidate) => candidate.entry.id)).toEqual([first, third, fourth]);
    // Another organisation's entries never count towards, or fall to, this one's limit.
    expect(await db.select().from(cacheEntries).where(eq(cacheEntries.orgId, bystander.orgId))).toHaveLength(1);
  });

  it('removes the entries made from a reply (a negative rating), and an entry by id, only within the organisation', async () => {
    const store = newStore();
    const [owner, other] = [await createChatFixture(db), await createChatFixture(db)];
    const random = seededRandom(6);
    const query = randomUnitVector(random);
    const rated = await store.insert(
      await entryFor(owner, { scopeKey: 'rated', exactKey: 'rated-exact', embedding: query, expiresAt: later(60) }),
      noLimit,
      start,
    );
    const kept = await store.insert(
      await entryFor(owner, {
        scopeKey: 'rated',
        embedding: nearbyUnitVector(random, query, 0.5),
        expiresAt: later(60),
      }),
      noLimit,
      start,
    );
    expect(await store.searchSimilar(owner.orgId, 'rated', query, 2, later(1))).toHaveLength(2);

    expect(await store.removeForReply(other.orgId, rated.entry.replyMessageId!)).toBe(0);
    expect(await store.removeForReply(owner.orgId, rated.entry.replyMessageId!)).toBe(1);
    expect(await store.findExact(owner.orgId, 'rated-exact', later(1))).toBeUndefined();
    expect(
      (await store.searchSimilar(owner.orgId, 'rated', query, 2, later(1))).map((candidate) => candidate.entry.id),
    ).toEqual([kept.entry.id]);

    expect(await store.remove(other.orgId, kept.entry.id)).toBe(false);
    expect(await store.remove(owner.orgId, kept.entry.id)).toBe(true);
    expect(await store.searchSimilar(owner.orgId, 'rated', query, 2, later(1))).toEqual([]);
  });

  it('stops serving entries whose session or account was deleted, and fills k from the rest', async () => {
    const store = newStore();
    const owner = await createChatFixture(db);
    const otherSession = await owner.addSession();
    const random = seededRandom(7);
    const query = randomUnitVector(random);
    const doomed: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      doomed.push(
        (
          await store.insert(
            await entryFor(owner, {
              scopeKey: 'cascade',
              embedding: nearbyUnitVector(random, query, 0.2),
              expiresAt: later(60),
            }),
            noLimit,
            start,
          )
        ).entry.id,
      );
    }
    const survivors: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      survivors.push(
        (
          await store.insert(
            await entryFor(otherSession, {
              scopeKey: 'cascade',
              embedding: nearbyUnitVector(random, query, 0.6),
              expiresAt: later(60),
            }),
            noLimit,
            start,
          )
        ).entry.id,
      );
    }
    const before = await store.searchSimilar(owner.orgId, 'cascade', query, 3, later(1));
    expect(before.every((candidate) => doomed.includes(candidate.entry.id))).toBe(true);

    await db.delete(chatSessions).where(eq(chatSessions.id, owner.sessionId));
    const after = await store.searchSimilar(owner.orgId, 'cascade', query, 3, later(1));
    expect(after.map((candidate) => candidate.entry.id).sort()).toEqual([...survivors].sort());

    // Deleting the account cascades through its sessions to the last entries.
    await db.delete(users).where(eq(users.id, owner.userId));
    expect(await store.searchSimilar(owner.orgId, 'cascade', query, 3, later(1))).toEqual([]);
    expect(await db.select().from(cacheEntries).where(eq(cacheEntries.orgId, owner.orgId))).toEqual([]);
  });

  it('sees rows another process wrote once its index is reloaded, and never serves rows deleted behind its back', async () => {
    let clock = 0;
    const store = createCacheStore({
      db,
      vectorSearch: database.vectorSearch,
      encoderId: testEncoderId,
      strategy,
      inProcess: { ...patient, clock: () => clock, maxIndexAgeMs: 1_000 },
    });
    const owner = await createChatFixture(db);
    const random = seededRandom(8);
    const query = randomUnitVector(random);
    const own = await store.insert(
      await entryFor(owner, {
        scopeKey: 'shared-writer',
        embedding: nearbyUnitVector(random, query, 0.6),
        expiresAt: later(60),
      }),
      noLimit,
      start,
    );
    expect(await store.searchSimilar(owner.orgId, 'shared-writer', query, 5, later(1))).toHaveLength(1);

    // Another process stores a closer entry and deletes the first one.
    const [foreign] = await insertEntriesDirectly(
      db,
      [await entryFor(owner, { scopeKey: 'shared-writer', embedding: query, expiresAt: later(60) })],
      start,
    );
    await db.delete(cacheEntries).where(eq(cacheEntries.id, own.entry.id));
    const ids = async () =>
      (await store.searchSimilar(owner.orgId, 'shared-writer', query, 5, later(1))).map(
        (candidate) => candidate.entry.id,
      );
    expect(await ids()).not.toContain(own.entry.id);

    clock += 2_000;
    await ids(); // an index older than maxIndexAgeMs reloads in the background
    const deadline = Date.now() + 10_000;
    while ((await ids()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await ids()).toEqual([foreign]);
  });
});

describe('the in-process index', () => {
  it('answers a miss instead of waiting long for a scope to load, and searches it once loaded', async () => {
    const store = createCacheStore({
      db,
      vectorSearch: database.vectorSearch,
      encoderId: testEncoderId,
      strategy: 'in-process',
      inProcess: { firstLoadWaitMs: 0 },
    });
    const owner = await createChatFixture(db);
    const query = randomUnitVector(seededRandom(9));
    const [stored] = await insertEntriesDirectly(
      db,
      [await entryFor(owner, { scopeKey: 'cold', embedding: query, expiresAt: later(60) })],
      start,
    );
    expect(await store.searchSimilar(owner.orgId, 'cold', query, 1, later(1))).toEqual([]);
    const deadline = Date.now() + 10_000;
    let found: string[] = [];
    while (found.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      found = (await store.searchSimilar(owner.orgId, 'cold', query, 1, later(1))).map(
        (candidate) => candidate.entry.id,
      );
    }
    expect(found).toEqual([stored]);
  });
});

// Only where pgvector exists (always on PGlite; Debian's PostgreSQL 15 has none).
if (database.vectorSearch === 'pgvector') {
  describe('the tiered search (the default with pgvector)', () => {
    it('searches a small scope in process once its vectors are held, and a scope grown past the limit through pgvector', async () => {
      const store = createCacheStore({
        db,
        vectorSearch: database.vectorSearch,
        encoderId: testEncoderId,
        inProcess: { maxScopeVectors: 3 },
      });
      expect(store.strategy).toBe('tiered');
      const owner = await createChatFixture(db);
      const random = seededRandom(31);
      const query = randomUnitVector(random);
      const insert = async (distance: number) =>
        (
          await store.insert(
            await entryFor(owner, {
              scopeKey: 'tiers',
              embedding: nearbyUnitVector(random, query, distance),
              expiresAt: later(60),
            }),
            noLimit,
            start,
          )
        ).entry.id;
      const nearest = [await insert(0.2), await insert(0.5)];
      const ids = async () =>
        (await store.searchSimilar(owner.orgId, 'tiers', query, 5, later(1))).map((candidate) => candidate.entry.id);

      // The first search answers from pgvector while the scope's vectors load behind it.
      expect(await ids()).toEqual(nearest);
      const deadline = Date.now() + 10_000;
      while (store.describeIndex()!.vectors < 2 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(store.describeIndex()).toMatchObject({ scopes: 1, vectors: 2 });
      expect(await ids()).toEqual(nearest);

      // Past three vectors the scope is no longer held; pgvector answers, with every entry.
      const farther = [await insert(0.8), await insert(1.0)];
      expect(store.describeIndex()!.vectors).toBe(0);
      expect(await ids()).toEqual([...nearest, ...farther]);
    });
  });

  describe('the pgvector search', () => {
    it("walks the HNSW graph for an organisation's large scope, where the planner would sort every row", async () => {
      const owner = await createChatFixture(db);
      const random = seededRandom(21);
      // From about 500 rows of one organisation the planner prefers reading the scope through the
      // btree and sorting (linear in its size) to the graph: 600 rows are past that point.
      const entries = await Promise.all(
        Array.from({ length: 600 }, () =>
          entryFor(owner, { scopeKey: 'large', embedding: randomUnitVector(random), expiresAt: later(60) }),
        ),
      );
      const ids = await insertEntriesDirectly(db, entries, start);
      // A question close to a stored one, as a paraphrase is: what the cache must find.
      const query = nearbyUnitVector(random, entries[123]!.embedding, 0.2);
      const search = {
        orgId: owner.orgId,
        scopeKey: 'large',
        embedding: query,
        k: 5,
        now: later(1),
        encoderId: testEncoderId,
        dimensions: testDimensions,
        exact: false,
      };
      const planOf = (settings?: SQL) =>
        db.transaction(async (transaction) => {
          if (settings) await transaction.execute(settings);
          const { sql: text, params } = nearestEntriesQuery(transaction, search).toSQL();
          const explained = (await transaction.execute(
            sql.raw(`explain ${inlineParameters(text, params)}`),
          )) as unknown as { rows: { 'QUERY PLAN': string }[] };
          return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
        });
      // The premise: left to itself, the planner sorts the scope's rows.
      expect(await planOf()).not.toContain('cache_entries_embedding_hnsw');
      expect(await planOf(graphWalkSettings(100, true))).toContain('cache_entries_embedding_hnsw');
      // And the store's search, walking the graph, finds the stored question first.
      const store = createCacheStore({ db, vectorSearch: 'pgvector', encoderId: testEncoderId });
      const [nearest] = await store.searchSimilar(owner.orgId, 'large', query, 5, later(1));
      expect(nearest?.entry.id).toBe(ids[123]);
    });
  });
}

/** EXPLAIN takes no parameters: the query's values written in as literals (test data only). */
function inlineParameters(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    return value instanceof Date ? `'${value.toISOString()}'` : `'${String(value).replaceAll("'", "''")}'`;
  });
}
