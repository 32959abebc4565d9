import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { usageRecords, users } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

/** One day of one model: what was spent and what the reference model would have cost. */
export interface DailySavingsRow {
  date: string;
  modelId: string;
  requests: number;
  cacheHits: number;
  tokensUsed: number;
  actualCost: number;
  potentialCost: number;
}

export interface UserSavingsRow {
  userId: string;
  username: string;
  requests: number;
  cacheHits: number;
  actualCost: number;
  potentialCost: number;
}

export interface SavingsFilter {
  start: Date;
  end: Date;
  userId?: string;
}

const day = sql<string>`to_char(${usageRecords.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const totals = {
  requests: sql<string>`count(*)`,
  cacheHits: sql<string>`count(*) filter (where ${usageRecords.cacheHit})`,
  tokensUsed: sql<string>`coalesce(sum(${usageRecords.inputTokens} + ${usageRecords.outputTokens}), 0)`,
  actualCost: sql<string>`coalesce(sum(${usageRecords.costUsd}), 0)`,
  potentialCost: sql<string>`coalesce(sum(${usageRecords.referenceCostUsd}), 0)`,
};

function scope(orgId: string, filter: SavingsFilter) {
  return inOrganisation(
    usageRecords.orgId,
    orgId,
    gte(usageRecords.createdAt, filter.start),
    lt(usageRecords.createdAt, filter.end),
    filter.userId ? eq(usageRecords.userId, filter.userId) : undefined,
  );
}

/** Actual against "without the router" per UTC day and model, summed from what each request stored. */
export async function savingsByDayAndModel(
  db: Executor,
  orgId: string,
  filter: SavingsFilter,
): Promise<DailySavingsRow[]> {
  const rows = await db
    .select({ date: day, modelId: usageRecords.modelId, ...totals })
    .from(usageRecords)
    .where(scope(orgId, filter))
    .groupBy(day, usageRecords.modelId)
    .orderBy(day, usageRecords.modelId);
  return rows.map((row) => ({
    date: row.date,
    modelId: row.modelId,
    requests: Number(row.requests),
    cacheHits: Number(row.cacheHits),
    tokensUsed: Number(row.tokensUsed),
    actualCost: Number(row.actualCost),
    potentialCost: Number(row.potentialCost),
  }));
}

export async function savingsByUser(db: Executor, orgId: string, filter: SavingsFilter): Promise<UserSavingsRow[]> {
  const rows = await db
    .select({ userId: usageRecords.userId, username: users.username, ...totals })
    .from(usageRecords)
    .innerJoin(users, and(eq(users.id, usageRecords.userId), eq(users.orgId, usageRecords.orgId)))
    .where(scope(orgId, filter))
    .groupBy(usageRecords.userId, users.username)
    .orderBy(users.username);
  return rows.map((row) => ({
    userId: row.userId,
    username: row.username,
    requests: Number(row.requests),
    cacheHits: Number(row.cacheHits),
    actualCost: Number(row.actualCost),
    potentialCost: Number(row.potentialCost),
  }));
}
