import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { usageRecords } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

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

/**
 * Writes a call's record as streaming, or brings a streaming one up to date; never a record that
 * has stopped streaming (a failure recorded meanwhile, or the final record), whatever the order
 * the writes arrive in.
 */
export async function saveStreamingUsageRecord(db: Executor, record: NewUsageRecord): Promise<void> {
  const { id: _id, ...fields } = record;
  await db
    .insert(usageRecords)
    .values(record)
    .onConflictDoUpdate({
      target: usageRecords.id,
      set: fields,
      setWhere: inOrganisation(usageRecords.orgId, record.orgId, eq(usageRecords.outcome, 'streaming')),
    });
}

/** Deletes a call's record while it is still streaming: the call never opened, and its attempts' own records say so. */
export async function withdrawStreamingUsageRecord(db: Executor, orgId: string, usageId: string): Promise<void> {
  await db
    .delete(usageRecords)
    .where(
      inOrganisation(usageRecords.orgId, orgId, eq(usageRecords.id, usageId), eq(usageRecords.outcome, 'streaming')),
    );
}
