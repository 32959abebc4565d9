import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { budgetLeases, usageRecords, usageReservations, users, walletReservations } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { parsePicodollars } from '../../money';
import { ownerGone } from '../db/instance-liveness';
import { limitLeasesBeyondRecords } from '../db/budget-lease-sums';

// The room model calls hold in their callers' monthly limits (docs/decisions/019).

/**
 * One model's share of a user's monthly limits: the usage recorded this month (a streaming reply's
 * record included, as far as it has grown), and the room calls in progress hold beyond that.
 */
export interface LimitTotals {
  usedTokens: bigint;
  usedCostPicodollars: bigint;
  reservedTokens: bigint;
  reservedCostPicodollars: bigint;
}

export const noTotals: LimitTotals = {
  usedTokens: 0n,
  usedCostPicodollars: 0n,
  reservedTokens: 0n,
  reservedCostPicodollars: 0n,
};

/**
 * Per model, one user's usage records of the period and what their live reservations hold beyond
 * them. A reservation covers one record (a reply's, which grows while it streams up to what was
 * reserved): it adds what it holds past that record's recorded amount, never less than nothing;
 * past the period's end its record is not in the sum, and it adds all it holds. One statement;
 * sums come back as exact text.
 */
export async function limitTotalsByModel(
  db: Executor,
  orgId: string,
  userId: string,
  period: { start: Date; end: Date },
  modelIds: readonly string[],
): Promise<Map<string, LimitTotals>> {
  const totals = new Map<string, LimitTotals>();
  if (modelIds.length === 0) return totals;
  const recorded = db
    .select({
      modelId: usageRecords.modelId,
      kind: sql<string>`'used'`.as('kind'),
      tokens: sql<string>`coalesce(sum(${usageRecords.inputTokens} + ${usageRecords.outputTokens}), 0)::text`.as(
        'tokens',
      ),
      cost: sql<string>`coalesce(sum(${usageRecords.costUsd}), 0)::text`.as('cost'),
    })
    .from(usageRecords)
    .where(
      inOrganisation(
        usageRecords.orgId,
        orgId,
        eq(usageRecords.userId, userId),
        // Shadow evaluation is the organisation's cost, never the user's (docs/decisions/067).
        ne(usageRecords.source, 'shadow-evaluation'),
        gte(usageRecords.createdAt, period.start),
        lt(usageRecords.createdAt, period.end),
        inArray(usageRecords.modelId, [...modelIds]),
      ),
    )
    .groupBy(usageRecords.modelId);
  const coveredTokens = sql`coalesce(${usageRecords.inputTokens} + ${usageRecords.outputTokens}, 0)`;
  const coveredCost = sql`coalesce(${usageRecords.costUsd}, 0)`;
  const inPeriod = sql`(${usageRecords.createdAt} >= ${period.start} and ${usageRecords.createdAt} < ${period.end})`;
  const held = db
    .select({
      modelId: usageReservations.modelId,
      kind: sql<string>`'reserved'`.as('kind'),
      tokens:
        sql<string>`coalesce(sum(case when ${inPeriod} then greatest(${usageReservations.tokens} - ${coveredTokens}, 0) else greatest(${usageReservations.tokens}, ${coveredTokens}) end), 0)::text`.as(
          'tokens',
        ),
      cost: sql<string>`coalesce(sum(case when ${inPeriod} then greatest(${usageReservations.costUsd} - ${coveredCost}, 0) else greatest(${usageReservations.costUsd}, ${coveredCost}) end), 0)::text`.as(
        'cost',
      ),
    })
    .from(usageReservations)
    .leftJoin(
      usageRecords,
      and(
        eq(usageRecords.id, usageReservations.usageId),
        eq(usageRecords.orgId, usageReservations.orgId),
        eq(usageRecords.modelId, usageReservations.modelId),
      ),
    )
    .where(
      inOrganisation(
        usageReservations.orgId,
        orgId,
        eq(usageReservations.userId, userId),
        inArray(usageReservations.modelId, [...modelIds]),
      ),
    )
    .groupBy(usageReservations.modelId);
  const beyondRecords = limitLeasesBeyondRecords(orgId, userId, period.start, modelIds);
  const leased = db
    .select({
      modelId: sql<string>`${budgetLeases.modelId}`.as('model_id'),
      kind: sql<string>`'leased'`.as('kind'),
      tokens: beyondRecords.tokens.as('tokens'),
      cost: beyondRecords.cost.as('cost'),
    })
    .from(budgetLeases)
    .where(beyondRecords.where)
    .groupBy(budgetLeases.modelId);
  for (const row of await recorded.unionAll(held).unionAll(leased)) {
    const total = totals.get(row.modelId) ?? { ...noTotals };
    if (row.kind === 'used') {
      total.usedTokens = BigInt(row.tokens);
      total.usedCostPicodollars = parsePicodollars(row.cost);
    } else {
      // Room held by calls in progress: reservations beyond their records, and leases beyond theirs.
      total.reservedTokens += BigInt(row.tokens);
      total.reservedCostPicodollars += parsePicodollars(row.cost);
    }
    totals.set(row.modelId, total);
  }
  return totals;
}

/**
 * Locks the user's row until the transaction ends, so one user's reservations are decided one at a
 * time on every instance (FOR NO KEY UPDATE: rows pointing at the user can still be written).
 * Answers false when the user is gone.
 */
export async function lockUserForLimits(transaction: Executor, orgId: string, userId: string): Promise<boolean> {
  const rows = await transaction
    .select({ id: users.id })
    .from(users)
    .where(inOrganisation(users.orgId, orgId, eq(users.id, userId)))
    .for('no key update');
  return rows.length > 0;
}

/**
 * Deletes the reservations of instances that are gone, as their interrupted replies are recovered
 * (docs/decisions/015): with `ownersSilentForSeconds`, owners that have not beaten for that long;
 * without, every owner (the embedded database belongs to the one process that is starting).
 * Instance-wide upkeep across organisations; the wallet's reservations go the same way. Answers how many were deleted.
 */
export async function releaseReservationsOfGoneInstances(
  db: Executor,
  options: { ownersSilentForSeconds?: number } = {},
): Promise<number> {
  const deleted = await db
    .delete(usageReservations)
    .where(ownerGone(sql`${usageReservations.owner}`, options.ownersSilentForSeconds))
    .returning({ id: usageReservations.id });
  const walletDeleted = await db
    .delete(walletReservations)
    .where(ownerGone(sql`${walletReservations.owner}`, options.ownersSilentForSeconds))
    .returning({ id: walletReservations.id });
  return deleted.length + walletDeleted.length;
}

/** An instance stopping gracefully: its replies are recorded, whatever it still holds goes. */
export async function releaseReservationsOf(db: Executor, owner: string): Promise<void> {
  await db.delete(usageReservations).where(eq(usageReservations.owner, owner));
  await db.delete(walletReservations).where(eq(walletReservations.owner, owner));
}
