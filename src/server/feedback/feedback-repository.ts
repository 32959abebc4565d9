import { and, desc, eq, gte } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { feedback } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export type FeedbackRecord = typeof feedback.$inferSelect;

export async function insertFeedback(db: Executor, values: Omit<typeof feedback.$inferInsert, 'id' | 'createdAt'>): Promise<FeedbackRecord> {
  const [row] = await db.insert(feedback).values(values).returning();
  if (!row) throw new Error('Saving feedback returned no row');
  return row;
}

export async function findFeedback(db: Executor, orgId: string, feedbackId: string): Promise<FeedbackRecord | undefined> {
  const [row] = await db.select().from(feedback).where(inOrganisation(feedback.orgId, orgId, eq(feedback.id, feedbackId)));
  return row;
}

/** An organisation's feedback, newest first; narrowed to one user and to a start time when given. */
export async function listFeedback(db: Executor, orgId: string, filter: { userId?: string; since?: Date }): Promise<FeedbackRecord[]> {
  return db
    .select()
    .from(feedback)
    .where(
      inOrganisation(
        feedback.orgId,
        orgId,
        and(filter.userId ? eq(feedback.userId, filter.userId) : undefined, filter.since ? gte(feedback.createdAt, filter.since) : undefined),
      ),
    )
    .orderBy(desc(feedback.createdAt));
}

export async function deleteUserFeedback(db: Executor, orgId: string, userId: string): Promise<void> {
  await db.delete(feedback).where(inOrganisation(feedback.orgId, orgId, eq(feedback.userId, userId)));
}
