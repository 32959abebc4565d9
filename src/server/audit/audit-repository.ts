import { desc, sql } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditTargetType } from '../../contracts';
import type { Executor } from '../db/database';
import { auditEntries } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export interface NewAuditEntry {
  orgId: string;
  /** Null for what the product does on its own (a subscription ended for non-payment). */
  actorUserId: string | null;
  actorUsername: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** Plain values people may read again: never a password, hash, key or token. */
  before: unknown;
  after: unknown;
}

export async function insertAuditEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditEntries).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

/** A page of the organisation's entries, newest first, and how many there are in all. */
export async function listAuditEntries(
  db: Executor,
  orgId: string,
  page: { offset: number; limit: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const rows = await db
    .select()
    .from(auditEntries)
    .where(inOrganisation(auditEntries.orgId, orgId))
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ total: sql<string>`count(*)` })
    .from(auditEntries)
    .where(inOrganisation(auditEntries.orgId, orgId));
  return {
    total: Number(count?.total ?? 0),
    entries: rows.map((row) => ({
      id: row.id,
      action: row.action as AuditAction,
      target_type: row.targetType as AuditTargetType,
      target_id: row.targetId,
      actor_user_id: row.actorUserId,
      actor_username: row.actorUsername,
      created_at: row.createdAt.toISOString(),
      before: row.before ?? null,
      after: row.after ?? null,
    })),
  };
}
