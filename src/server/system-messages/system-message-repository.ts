import { and, asc, eq, isNull } from 'drizzle-orm';
import type { SystemMessage } from '../../contracts';
import type { Executor } from '../db/database';
import { systemMessageDismissals, systemMessages } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

/** The organisation's notices this user has not dismissed, oldest first; billing notices only for the billing scope. */
export async function listUndismissed(
  db: Executor,
  orgId: string,
  userId: string,
  options: { billing: boolean },
): Promise<SystemMessage[]> {
  const audience = options.billing ? undefined : eq(systemMessages.audience, 'everyone');
  return db
    .select({ id: systemMessages.id, content: systemMessages.content, type: systemMessages.type })
    .from(systemMessages)
    .leftJoin(
      systemMessageDismissals,
      and(eq(systemMessageDismissals.messageId, systemMessages.id), eq(systemMessageDismissals.userId, userId)),
    )
    .where(inOrganisation(systemMessages.orgId, orgId, isNull(systemMessageDismissals.messageId), audience))
    .orderBy(asc(systemMessages.createdAt));
}

export async function createSystemMessage(
  db: Executor,
  orgId: string,
  values: Omit<SystemMessage, 'id'>,
): Promise<SystemMessage> {
  const [row] = await db
    .insert(systemMessages)
    .values({ orgId, ...values })
    .returning({ id: systemMessages.id, content: systemMessages.content, type: systemMessages.type });
  if (!row) throw new Error('Saving a system message returned no row');
  return row;
}

/** Records the dismissal; false when the notice is not the organisation's. Dismissing twice is fine. */
export async function dismissSystemMessage(
  db: Executor,
  orgId: string,
  userId: string,
  messageId: string,
): Promise<boolean> {
  const [message] = await db
    .select({ id: systemMessages.id })
    .from(systemMessages)
    .where(inOrganisation(systemMessages.orgId, orgId, eq(systemMessages.id, messageId)));
  if (!message) return false;
  await db.insert(systemMessageDismissals).values({ messageId, userId, orgId }).onConflictDoNothing();
  return true;
}

/**
 * A server notice for one occasion (e.g. the wallet running dry since its last credit): written
 * once however many requests meet the occasion at once; false when it was already there.
 */
export async function postNoticeOnce(
  db: Executor,
  orgId: string,
  notice: Omit<SystemMessage, 'id'> & { audience: 'everyone' | 'billing'; occasion: string },
): Promise<boolean> {
  const inserted = await db
    .insert(systemMessages)
    .values({ orgId, ...notice })
    .onConflictDoNothing({ target: [systemMessages.orgId, systemMessages.occasion] })
    .returning({ id: systemMessages.id });
  return inserted.length > 0;
}
