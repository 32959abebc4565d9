/**
 * Synthetic cache data for the vector-search benchmark: unit vectors in topics (the way cached
 * prompts cluster), and a fast way to fill a database with many of them.
 *
 * Writing 512 floats as text costs PGlite about 2 ms a row (parsing real[] in WASM), so only a
 * base set is written as text; the rest are copies made inside the database whose coordinates are
 * rotated by a shift (new[i] = old[(i + shift) mod 512]). A rotation keeps the cosine between two
 * vectors rotated alike and scrambles it between different shifts, so each shift is a new set of
 * topics with the same structure, and no two rows are duplicates.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/database';
import { cacheEntries, chatMessages, chatSessions, organisations, roles, users } from '../../src/server/db/schema';
import { createSeededRandom } from '../../src/gateway/routing/training/seeded-random';

export const dimensions = 512;
export const encoderId = 'use-lite-512';

export const seededRandom = createSeededRandom;

export function randomUnitVector(random: () => number): Float32Array {
  return toUnit(Float32Array.from({ length: dimensions }, () => random() + random() + random() - 1.5));
}

/** A unit vector at cosine about 1 / sqrt(1 + noise²) from `base`. */
export function nearbyUnitVector(random: () => number, base: Float32Array, noise: number): Float32Array {
  const offset = randomUnitVector(random);
  return toUnit(base.map((value, index) => value + noise * offset[index]!));
}

/** `count` vectors in topics of `perTopic`, each at cosine 0.75-0.96 from its topic's centre. */
export function clusteredVectors(random: () => number, count: number, perTopic = 10): Float32Array[] {
  const vectors: Float32Array[] = [];
  let centre = randomUnitVector(random);
  for (let index = 0; index < count; index += 1) {
    if (index % perTopic === 0) centre = randomUnitVector(random);
    vectors.push(nearbyUnitVector(random, centre, 0.3 + random() * 0.6));
  }
  return vectors;
}

/** The rotation the database applies to make copies (see the file comment). */
export function rotate(vector: Float32Array, shift: number): Float32Array {
  const rotated = new Float32Array(dimensions);
  rotated.set(vector.subarray(shift % dimensions));
  rotated.set(vector.subarray(0, shift % dimensions), dimensions - (shift % dimensions));
  return rotated;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += a[index]! * b[index]!;
  return sum;
}

function toUnit(vector: Float32Array): Float32Array {
  const length = Math.sqrt(dot(vector, vector));
  return vector.map((value) => value / length);
}

export interface BenchOrganisation {
  orgId: string;
  sessionId: string;
  replyMessageId: string;
}

/** One organisation, user, session and reply: every bench entry points at them. */
export async function createBenchOrganisation(db: Database, name: string): Promise<BenchOrganisation> {
  const [organisation] = await db.insert(organisations).values({ name }).returning();
  const orgId = organisation!.id;
  const [role] = await db.insert(roles).values({ orgId, name: 'Member' }).returning();
  const [user] = await db
    .insert(users)
    .values({
      orgId,
      roleId: role!.id,
      username: `bench-${orgId}`,
      email: `bench-${orgId}@example.test`,
      status: 'active',
    })
    .returning();
  const [session] = await db.insert(chatSessions).values({ orgId, userId: user!.id, title: 'Bench' }).returning();
  const [reply] = await db
    .insert(chatMessages)
    .values({ orgId, sessionId: session!.id, userId: user!.id, role: 'assistant', content: 'reply' })
    .returning();
  return { orgId, sessionId: session!.id, replyMessageId: reply!.id };
}

/** Writes vectors as text, 200 rows a statement; exact keys are `base:<index>`. */
export async function insertBaseVectors(
  db: Database,
  owner: BenchOrganisation,
  scopeKey: string,
  vectors: readonly Float32Array[],
  expiresAt: Date,
): Promise<void> {
  for (let start = 0; start < vectors.length; start += 200) {
    await db.insert(cacheEntries).values(
      vectors.slice(start, start + 200).map((vector, offset) => ({
        orgId: owner.orgId,
        sessionId: owner.sessionId,
        replyMessageId: owner.replyMessageId,
        scopeKey,
        exactKey: `base:${start + offset}`,
        prompt: `prompt ${start + offset}`,
        reply: 'A cached reply of a realistic length, a sentence or two.',
        modelId: 'bench/model',
        embedding: Array.from(vector),
        encoderId,
        referenceCostUsd: '0.001',
        expiresAt,
      })),
    );
  }
}

/** Copies every `base:` row with its coordinates rotated by `shift`, inside the database. */
export async function insertRotatedCopies(
  db: Database,
  owner: BenchOrganisation,
  scopeKey: string,
  shift: number,
): Promise<void> {
  const rotated = sql.raw(`embedding[${shift + 1}:${dimensions}] || embedding[1:${shift}]`);
  await db.execute(sql`
    insert into cache_entries (org_id, session_id, reply_message_id, scope_key, exact_key, prompt, reply, model_id, embedding, encoder_id, reference_cost_usd, created_at, expires_at)
    select org_id, session_id, reply_message_id, scope_key, exact_key || ':' || ${String(shift)}, prompt, reply, model_id, ${rotated}, encoder_id, reference_cost_usd, created_at, expires_at
    from cache_entries
    where org_id = ${owner.orgId} and scope_key = ${scopeKey} and exact_key like 'base:%' and exact_key not like 'base:%:%'`);
}

export async function countEntries(db: Database, orgId: string): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as count from cache_entries where org_id = ${orgId}`,
  )) as unknown as { rows: { count: number }[] };
  return result.rows[0]!.count;
}

/** Queries a cache meets: near-duplicates of stored prompts (hits), and prompts unlike any (misses). */
export function makeQueries(random: () => number, base: Float32Array[], shifts: number[], count: number) {
  const hits = Array.from({ length: count }, () => {
    const stored = rotate(base[Math.floor(random() * base.length)]!, shifts[Math.floor(random() * shifts.length)]!);
    return nearbyUnitVector(random, stored, 0.25);
  });
  const misses = Array.from({ length: count }, () => randomUnitVector(random));
  return { hits, misses };
}

/** The rotation of the `copy`-th copy of the base set (copy 0 is the base set itself). */
export const shiftFor = (copy: number) => copy * 7;
