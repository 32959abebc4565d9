import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { scimTokens } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export type ScimTokenRecord = typeof scimTokens.$inferSelect;

export async function insertScimToken(
  db: Executor,
  values: Pick<
    typeof scimTokens.$inferInsert,
    'orgId' | 'name' | 'tokenHash' | 'tokenHint' | 'createdByUserId' | 'createdByUsername'
  >,
): Promise<ScimTokenRecord> {
  const [row] = await db.insert(scimTokens).values(values).returning();
  return row!;
}

/** The organisation's live tokens, newest first. */
export async function listScimTokens(db: Executor, orgId: string): Promise<ScimTokenRecord[]> {
  return db
    .select()
    .from(scimTokens)
    .where(inOrganisation(scimTokens.orgId, orgId, isNull(scimTokens.revokedAt)))
    .orderBy(desc(scimTokens.createdAt));
}

export async function revokeScimToken(
  db: Executor,
  orgId: string,
  tokenId: string,
): Promise<ScimTokenRecord | undefined> {
  const [row] = await db
    .update(scimTokens)
    .set({ revokedAt: new Date() })
    .where(inOrganisation(scimTokens.orgId, orgId, eq(scimTokens.id, tokenId), isNull(scimTokens.revokedAt)))
    .returning();
  return row;
}

/** A directory's request names no organisation: the token is the credential, and says whose it is. */
export async function findLiveScimToken(db: Executor, tokenHash: string): Promise<ScimTokenRecord | undefined> {
  const [row] = await db
    .select()
    .from(scimTokens)
    .where(and(eq(scimTokens.tokenHash, tokenHash), isNull(scimTokens.revokedAt)));
  return row;
}

/** Notes the use at most once a minute, so a busy directory costs one write a minute. */
export async function recordScimTokenUse(db: Executor, tokenId: string, at: Date): Promise<void> {
  await db
    .update(scimTokens)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(scimTokens.id, tokenId),
        or(
          isNull(scimTokens.lastUsedAt),
          lt(scimTokens.lastUsedAt, sql`${at.toISOString()}::timestamptz - interval '1 minute'`),
        ),
      ),
    );
}
