import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { usageRecords } from '../db/schema';

/** A usage record with its id chosen beforehand, so it can be written early and completed later. */
export type NewUsageRecord = Omit<typeof usageRecords.$inferInsert, 'createdAt'> & { id: string };

/** Writes a usage record, or brings the one with its id up to date (a call's record is written as it streams). */
export async function saveUsageRecord(db: Executor, record: NewUsageRecord): Promise<void> {
  const { id: _id, ...fields } = record;
  await db
    .insert(usageRecords)
    .values(record)
    .onConflictDoUpdate({ target: usageRecords.id, set: fields, setWhere: eq(usageRecords.orgId, record.orgId) });
}
