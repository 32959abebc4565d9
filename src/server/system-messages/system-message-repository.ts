import { and, asc, eq, isNull } from 'drizzle-orm';
import type { SystemMessage } from '../../contracts';
import type { Executor } from '../db/database';
import { systemMessageDismissals, systemMessages } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

/** The organisation's notices this user has not dismissed, oldest first. */
export async function listUndismissed(db: Executor, orgId: string, userId: string): Promise<SystemMessage[]> {
  return db
    .select({ id: systemMessages.id, content: systemMessages.content, type: systemMessages.type })
    .from(systemMessages)
    .leftJoin(
      systemMessageDismissals,
      and(eq(systemMessageDismissals.messageId, systemMessages.id), eq(systemMessageDismissals.userId, userId)),
    )
    .where(inOrganisation(systemMessages.orgId, orgId, isNull(systemMessageDismissals.messageId)))
    .orderBy(asc(systemMessages.createdAt));
}

export async function createSystemMessage(db: Executor, orgId: string, values: Omit<SystemMessage, 'id'>): Promise<SystemMessage> {
  const [row] = await db
    .insert(systemMessages)
    .values({ orgId, ...values })
    .returning({ id: systemMessages.id, content: systemMessages.content, type: systemMessages.type });
  if (!row) throw new Error('Saving a system message returned no row');
  return row;
}

/** Records the dismissal; false when the notice is not the organisation's. Dismissing twice is fine. */
export async function dismissSystemMessage(db: Executor, orgId: string, userId: string, messageId: string): Promise<boolean> {
  const [message] = await db
    .select({ id: systemMessages.id })
    .from(systemMessages)
    .where(inOrganisation(systemMessages.orgId, orgId, eq(systemMessages.id, messageId)));
  if (!message) return false;
  await db.insert(systemMessageDismissals).values({ messageId, userId, orgId }).onConflictDoNothing();
  return true;
}
