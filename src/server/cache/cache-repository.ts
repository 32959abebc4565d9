import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { usdDecimal } from '../../money';
import type { Executor } from '../db/database';
import { cacheEntries } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { entryColumns, type CacheEntry, type NewCacheEntry, type RemovedEntry } from './cache-entry';

// Row access for the cache store. Every statement is scoped by organisation; "unexpired" is
// always decided against the caller's clock, so tests can move time.

const removedColumns = { id: cacheEntries.id, scopeKey: cacheEntries.scopeKey };

export async function insertEntry(db: Executor, entry: NewCacheEntry, now: Date): Promise<CacheEntry> {
  const { referenceCostPicodollars, ...fields } = entry;
  const [row] = await db
    .insert(cacheEntries)
    .values({
      ...fields,
      referenceCostUsd: usdDecimal(referenceCostPicodollars),
      embedding: Array.from(entry.embedding),
      createdAt: now,
    })
    .returning(entryColumns);
  if (!row) throw new Error('Saving a cache entry returned no row');
  return row;
}

/** The newest unexpired entry with this exact key. */
export async function findExactEntry(
  db: Executor,
  orgId: string,
  exactKey: string,
  now: Date,
): Promise<CacheEntry | undefined> {
  const [row] = await db
    .select(entryColumns)
    .from(cacheEntries)
    .where(
      inOrganisation(cacheEntries.orgId, orgId, eq(cacheEntries.exactKey, exactKey), gt(cacheEntries.expiresAt, now)),
    )
    .orderBy(desc(cacheEntries.createdAt))
    .limit(1);
  return row;
}

/** Whether the scope holds any unexpired entry of this encoder: when none, no lookup in it can hit. */
export async function scopeHasEntries(
  db: Executor,
  orgId: string,
  scopeKey: string,
  encoderId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: cacheEntries.id })
    .from(cacheEntries)
    .where(
      inOrganisation(
        cacheEntries.orgId,
        orgId,
        eq(cacheEntries.scopeKey, scopeKey),
        eq(cacheEntries.encoderId, encoderId),
        gt(cacheEntries.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The entries among `ids` that still exist, belong to the scope and have not expired (any order). */
export async function readLiveEntries(
  db: Executor,
  orgId: string,
  scopeKey: string,
  ids: readonly string[],
  now: Date,
): Promise<CacheEntry[]> {
  if (ids.length === 0) return [];
  return db
    .select(entryColumns)
    .from(cacheEntries)
    .where(
      inOrganisation(
        cacheEntries.orgId,
        orgId,
        inArray(cacheEntries.id, [...ids]),
        eq(cacheEntries.scopeKey, scopeKey),
        gt(cacheEntries.expiresAt, now),
      ),
    );
}

export async function recordEntryHit(db: Executor, orgId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(cacheEntries)
    .set({ hitCount: sql`${cacheEntries.hitCount} + 1`, lastHitAt: now })
    .where(inOrganisation(cacheEntries.orgId, orgId, eq(cacheEntries.id, id)))
    .returning({ id: cacheEntries.id });
  return rows.length > 0;
}

export async function deleteEntry(db: Executor, orgId: string, id: string): Promise<RemovedEntry[]> {
  return db
    .delete(cacheEntries)
    .where(inOrganisation(cacheEntries.orgId, orgId, eq(cacheEntries.id, id)))
    .returning(removedColumns);
}

export async function deleteEntriesForReply(
  db: Executor,
  orgId: string,
  replyMessageId: string,
): Promise<RemovedEntry[]> {
  return db
    .delete(cacheEntries)
    .where(inOrganisation(cacheEntries.orgId, orgId, eq(cacheEntries.replyMessageId, replyMessageId)))
    .returning(removedColumns);
}

/** A conversation was deleted: its replies are no longer served, even while it can still be restored. */
export async function deleteEntriesForSession(db: Executor, orgId: string, sessionId: string): Promise<RemovedEntry[]> {
  return db
    .delete(cacheEntries)
    .where(inOrganisation(cacheEntries.orgId, orgId, eq(cacheEntries.sessionId, sessionId)))
    .returning(removedColumns);
}

export async function deleteExpiredEntries(db: Executor, orgId: string, now: Date): Promise<RemovedEntry[]> {
  return db
    .delete(cacheEntries)
    .where(inOrganisation(cacheEntries.orgId, orgId, lte(cacheEntries.expiresAt, now)))
    .returning(removedColumns);
}

/** Deletes the organisation's least recently used entries (last hit, else creation) beyond `maxEntries`. */
export async function evictBeyond(db: Executor, orgId: string, maxEntries: number): Promise<RemovedEntry[]> {
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(cacheEntries)
    .where(inOrganisation(cacheEntries.orgId, orgId));
  const excess = (counted?.count ?? 0) - Math.max(0, maxEntries);
  if (excess <= 0) return [];
  const leastRecentlyUsed = db
    .select({ id: cacheEntries.id })
    .from(cacheEntries)
    .where(inOrganisation(cacheEntries.orgId, orgId))
    .orderBy(asc(sql`coalesce(${cacheEntries.lastHitAt}, ${cacheEntries.createdAt})`), asc(cacheEntries.id))
    .limit(excess);
  return db
    .delete(cacheEntries)
    .where(inOrganisation(cacheEntries.orgId, orgId, inArray(cacheEntries.id, leastRecentlyUsed)))
    .returning(removedColumns);
}

/** Ids of a scope's unexpired entries from one encoder with vectors of the given length. */
export async function listScopeEntryIds(
  db: Executor,
  orgId: string,
  scopeKey: string,
  encoderId: string,
  dimensions: number,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .select({ id: cacheEntries.id })
    .from(cacheEntries)
    .where(
      inOrganisation(
        cacheEntries.orgId,
        orgId,
        and(
          eq(cacheEntries.scopeKey, scopeKey),
          eq(cacheEntries.encoderId, encoderId),
          gt(cacheEntries.expiresAt, now),
        ),
        sql`array_length(${cacheEntries.embedding}, 1) = ${dimensions}`,
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Embeddings of the given entries in PostgreSQL's binary array format, base64-encoded: about six
 * times faster to ship and decode than the text form of real[] (see decodeFloat4Array).
 */
export async function readEncodedEmbeddings(
  db: Executor,
  orgId: string,
  ids: readonly string[],
): Promise<{ id: string; expiresAt: Date; encoded: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: cacheEntries.id,
      expiresAt: cacheEntries.expiresAt,
      encoded: sql<string>`encode(array_send(${cacheEntries.embedding}), 'base64')`,
    })
    .from(cacheEntries)
    .where(inOrganisation(cacheEntries.orgId, orgId, inArray(cacheEntries.id, [...ids])));
}
