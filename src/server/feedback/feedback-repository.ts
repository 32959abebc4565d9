import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { feedback } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export type FeedbackRecord = typeof feedback.$inferSelect;

export async function insertFeedback(
  db: Executor,
  values: Omit<typeof feedback.$inferInsert, 'id' | 'createdAt'>,
): Promise<FeedbackRecord> {
  const [row] = await db.insert(feedback).values(values).returning();
  if (!row) throw new Error('Saving feedback returned no row');
  return row;
}

export async function findFeedback(
  db: Executor,
  orgId: string,
  feedbackId: string,
): Promise<FeedbackRecord | undefined> {
  const [row] = await db
    .select()
    .from(feedback)
    .where(inOrganisation(feedback.orgId, orgId, eq(feedback.id, feedbackId)));
  return row;
}

export interface FeedbackFilter {
  userId?: string;
  /** Included. */
  since?: Date;
  /** Excluded. */
  until?: Date;
  /** Only the newest this many. */
  limit?: number;
}

/** An organisation's feedback, newest first; narrowed to one user, a time window and a count when given. */
export async function listFeedback(db: Executor, orgId: string, filter: FeedbackFilter): Promise<FeedbackRecord[]> {
  const query = db
    .select()
    .from(feedback)
    .where(
      inOrganisation(
        feedback.orgId,
        orgId,
        and(
          filter.userId ? eq(feedback.userId, filter.userId) : undefined,
          filter.since ? gte(feedback.createdAt, filter.since) : undefined,
          filter.until ? lt(feedback.createdAt, filter.until) : undefined,
        ),
      ),
    )
    .orderBy(desc(feedback.createdAt), desc(feedback.id));
  return filter.limit === undefined ? query : query.limit(filter.limit);
}

export async function deleteUserFeedback(db: Executor, orgId: string, userId: string): Promise<void> {
  await db.delete(feedback).where(inOrganisation(feedback.orgId, orgId, eq(feedback.userId, userId)));
}
