import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { usageRecords, usageReservations } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { parsePicodollars } from '../../money';
import { keyBudgetLeasesBeyondRecords } from '../db/budget-lease-sums';

// What an API key's calls cost this month, against its monthly budget (docs/decisions/049). Months
// are UTC calendar months, as the per-user monthly limits'. Money is picodollars (bigint).

/** The calendar month (UTC) `now` is in. */
export function monthOf(now: Date): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/** Microdollars (a budget as stored) in picodollars. */
export function microdollarsToPicodollars(amount: bigint): bigint {
  return amount * 1_000_000n;
}

/** The recorded cost of each key's calls in the period; keys without calls are absent. */
export async function recordedSpendByKey(
  db: Executor,
  orgId: string,
  keyIds: readonly string[],
  period: { start: Date; end: Date },
): Promise<Map<string, bigint>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db
    .select({
      keyId: sql<string>`${usageRecords.apiKeyId}`,
      cost: sql<string>`coalesce(sum(${usageRecords.costUsd}), 0)::text`,
    })
    .from(usageRecords)
    .where(
      inOrganisation(
        usageRecords.orgId,
        orgId,
        inArray(usageRecords.apiKeyId, [...keyIds]),
        gte(usageRecords.createdAt, period.start),
        lt(usageRecords.createdAt, period.end),
      ),
    )
    .groupBy(usageRecords.apiKeyId);
  return new Map(rows.map((row) => [row.keyId, parsePicodollars(row.cost)]));
}

/**
 * One key's spending this month as its budget sees it: the usage recorded (a streaming reply's record
 * as far as it has grown), and what calls in progress hold beyond their records, the same sums as a
 * person's monthly cost limit (reservation-repository.ts). One statement, so a call settling meanwhile
 * (its record written, then its reservation deleted) is counted once, never zero times, on PostgreSQL's
 * read-committed snapshots. The metered path reads this under the key's lock, in the transaction that
 * reserves a call (docs/decisions/055).
 */
export async function readApiKeySpend(
  db: Executor,
  orgId: string,
  keyId: string,
  now: Date,
): Promise<{ recordedPicodollars: bigint; heldPicodollars: bigint }> {
  const period = monthOf(now);
  const coveredCost = sql`coalesce(${usageRecords.costUsd}, 0)`;
  const inPeriod = sql`(${usageRecords.createdAt} >= ${period.start} and ${usageRecords.createdAt} < ${period.end})`;
  const recorded = db
    .select({ cost: sql`coalesce(sum(${usageRecords.costUsd}), 0)` })
    .from(usageRecords)
    .where(
      inOrganisation(
        usageRecords.orgId,
        orgId,
        eq(usageRecords.apiKeyId, keyId),
        gte(usageRecords.createdAt, period.start),
        lt(usageRecords.createdAt, period.end),
      ),
    );
  const held = db
    .select({
      cost: sql`coalesce(sum(case when ${inPeriod} then greatest(${usageReservations.costUsd} - ${coveredCost}, 0) else greatest(${usageReservations.costUsd}, ${coveredCost}) end), 0)`,
    })
    .from(usageReservations)
    .leftJoin(
      usageRecords,
      and(eq(usageRecords.id, usageReservations.usageId), eq(usageRecords.orgId, usageReservations.orgId)),
    )
    .where(inOrganisation(usageReservations.orgId, orgId, eq(usageReservations.apiKeyId, keyId)));
  const leased = keyBudgetLeasesBeyondRecords(orgId, keyId, period.start);
  const result = await db.execute<{ recorded: string; held: string }>(
    sql`select (${recorded})::text as recorded, ((${held}) + ${leased})::text as held`,
  );
  const row = (result as unknown as { rows: { recorded: string; held: string }[] }).rows[0];
  return {
    recordedPicodollars: parsePicodollars(row?.recorded ?? '0'),
    heldPicodollars: parsePicodollars(row?.held ?? '0'),
  };
}
