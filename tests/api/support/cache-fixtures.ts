import { randomUUID } from 'node:crypto';
import type { Database } from '../../../src/server/db/database';
import { cacheEntries, chatMessages, chatSessions, organisations, roles, users } from '../../../src/server/db/schema';
import type { NewCacheEntry } from '../../../src/server/cache/cache-entry';
import { createSeededRandom } from '../../../src/gateway/routing/training/seeded-random';
import { usdDecimal } from '../../../src/money';

/** The embedded encoder's id and size: what the store searches by default. */
export const testEncoderId = 'use-lite-512';
export const testDimensions = 512;

export interface ChatFixture {
  orgId: string;
  userId: string;
  sessionId: string;
  /** A new assistant message in the fixture's session (the reply an entry is made from). */
  addReply(): Promise<string>;
  /** Another session of the same user, with its own replies. */
  addSession(): Promise<ChatFixture>;
}

/** The minimum rows a cache entry's foreign keys need: organisation, role, user, session. */
export async function createChatFixture(db: Database): Promise<ChatFixture> {
  const suffix = randomUUID().slice(0, 8);
  const [organisation] = await db
    .insert(organisations)
    .values({ name: `Cache ${suffix}` })
    .returning();
  const [role] = await db.insert(roles).values({ orgId: organisation!.id, name: 'Member' }).returning();
  const [user] = await db
    .insert(users)
    .values({
      orgId: organisation!.id,
      roleId: role!.id,
      username: `cache-${suffix}`,
      email: `cache-${suffix}@example.test`,
      status: 'active',
    })
    .returning();
  return fixtureForSession(db, organisation!.id, user!.id);
}

async function fixtureForSession(db: Database, orgId: string, userId: string): Promise<ChatFixture> {
  const [session] = await db.insert(chatSessions).values({ orgId, userId, title: 'Cached' }).returning();
  const sessionId = session!.id;
  return {
    orgId,
    userId,
    sessionId,
    async addReply() {
      const [message] = await db
        .insert(chatMessages)
        .values({ orgId, sessionId, userId, role: 'assistant', content: 'A reply' })
        .returning();
      return message!.id;
    },
    addSession: () => fixtureForSession(db, orgId, userId),
  };
}

/** A complete NewCacheEntry for the fixture's session, made from a fresh reply. */
export async function entryFor(
  fixture: ChatFixture,
  values: { scopeKey: string; embedding: Float32Array; expiresAt: Date; exactKey?: string; prompt?: string },
): Promise<NewCacheEntry> {
  return {
    orgId: fixture.orgId,
    sessionId: fixture.sessionId,
    replyMessageId: await fixture.addReply(),
    scopeKey: values.scopeKey,
    exactKey: values.exactKey ?? `exact-${randomUUID()}`,
    prompt: values.prompt ?? 'A prompt',
    reply: 'A cached reply',
    modelId: 'test/model',
    embedding: values.embedding,
    encoderId: testEncoderId,
    referenceCostPicodollars: 1_200_000_000n,
    expiresAt: values.expiresAt,
  };
}

/** Many entries in one statement, behind the store's back (as another process would write them). */
export async function insertEntriesDirectly(
  db: Database,
  entries: readonly NewCacheEntry[],
  createdAt: Date,
): Promise<string[]> {
  if (entries.length === 0) return [];
  const rows = await db
    .insert(cacheEntries)
    .values(
      entries.map(({ referenceCostPicodollars, ...entry }) => ({
        ...entry,
        referenceCostUsd: usdDecimal(referenceCostPicodollars),
        embedding: Array.from(entry.embedding),
        createdAt,
      })),
    )
    .returning({ id: cacheEntries.id });
  return rows.map((row) => row.id);
}

/** A small deterministic generator, so a failing comparison can be replayed. */
export const seededRandom = createSeededRandom;

export function randomUnitVector(random: () => number, dimensions = testDimensions): Float32Array {
  // Sum of uniforms: close enough to Gaussian for directions spread over the sphere.
  const vector = Float32Array.from({ length: dimensions }, () => random() + random() + random() - 1.5);
  return toUnit(vector);
}

/** A unit vector near `base`: cosine similarity falls as `noise` grows (0.3 gives about 0.96). */
export function nearbyUnitVector(random: () => number, base: Float32Array, noise: number): Float32Array {
  const offset = randomUnitVector(random, base.length);
  return toUnit(base.map((value, index) => value + noise * offset[index]!));
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += a[index]! * b[index]!;
  return sum;
}

function toUnit(vector: Float32Array): Float32Array {
  const length = Math.sqrt(cosine(vector, vector));
  return vector.map((value) => value / length);
}
