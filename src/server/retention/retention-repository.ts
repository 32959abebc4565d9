import { and, eq, gte, inArray, isNotNull, lt, notExists, sql } from 'drizzle-orm';
import { defaultOrganisationSettings } from '../../contracts';
import type { Executor } from '../db/database';
import { chatMessages, chatSessions, organisations, organisationSettings } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

/**
 * Every organisation with its retention period (no settings row: section 9's 30 days). The one
 * read across organisations the retention job makes: it works for all of them, each in turn.
 */
export async function listRetentionPeriods(db: Executor): Promise<{ orgId: string; retentionDays: number }[]> {
  const rows = await db
    .select({
      orgId: organisations.id,
      retentionDays: sql<number>`coalesce(${organisationSettings.retentionPeriodDays}, ${defaultOrganisationSettings.retention_period_days})`,
    })
    .from(organisations)
    .leftJoin(organisationSettings, eq(organisationSettings.orgId, organisations.id));
  return rows.map((row) => ({ orgId: row.orgId, retentionDays: Number(row.retentionDays) }));
}

/**
 * Deletes up to `limit` of the organisation's conversations whose last activity is before
 * `cutoff`: the session untouched since, and no message of it written since (a message being
 * answered right now keeps its session). Messages and the cache entries made from the replies go
 * with their session (foreign keys); usage records, routing decisions and feedback stay, detached.
 */
export async function deleteInactiveSessions(
  db: Executor,
  orgId: string,
  cutoff: Date,
  limit: number,
): Promise<number> {
  const recentMessage = db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.orgId, orgId),
        eq(chatMessages.sessionId, chatSessions.id),
        gte(chatMessages.createdAt, cutoff),
      ),
    );
  const inactive = db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(inOrganisation(chatSessions.orgId, orgId, lt(chatSessions.updatedAt, cutoff), notExists(recentMessage)))
    .limit(limit);
  const deleted = await db
    .delete(chatSessions)
    .where(inOrganisation(chatSessions.orgId, orgId, inArray(chatSessions.id, inactive)))
    .returning({ id: chatSessions.id });
  return deleted.length;
}

/**
 * Removes for good up to `limit` of the organisation's conversations deleted by their owners before
 * `deletedBefore` (their undo window has passed), with what goes with a session as above.
 */
export async function purgeDeletedSessions(
  db: Executor,
  orgId: string,
  deletedBefore: Date,
  limit: number,
): Promise<number> {
  const expired = db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(
      inOrganisation(
        chatSessions.orgId,
        orgId,
        isNotNull(chatSessions.deletedAt),
        lt(chatSessions.deletedAt, deletedBefore),
      ),
    )
    .limit(limit);
  const purged = await db
    .delete(chatSessions)
    .where(inOrganisation(chatSessions.orgId, orgId, inArray(chatSessions.id, expired)))
    .returning({ id: chatSessions.id });
  return purged.length;
}
