import { parsePicodollars, type Picodollars } from '../../money';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { usageRecords } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export interface ModelUsageTotal {
  modelId: string;
  tokens: number;
  costPicodollars: Picodollars;
  requests: number;
}

/** The first instant of the month holding `date` and of the month after it, in UTC. */
export function monthBounds(year: number, monthIndex: number): { start: Date; end: Date } {
  return { start: new Date(Date.UTC(year, monthIndex, 1)), end: new Date(Date.UTC(year, monthIndex + 1, 1)) };
}

/** One user's usage per model between two instants (start included, end excluded). */
export async function usageByModel(
  db: Executor,
  orgId: string,
  userId: string,
  period: { start: Date; end: Date },
  modelId?: string,
): Promise<ModelUsageTotal[]> {
  const rows = await db
    .select({
      modelId: usageRecords.modelId,
      tokens: sql<string>`coalesce(sum(${usageRecords.inputTokens} + ${usageRecords.outputTokens}), 0)`,
      costUsd: sql<string>`coalesce(sum(${usageRecords.costUsd}), 0)`,
      requests: sql<string>`count(*)`,
    })
    .from(usageRecords)
    .where(
      inOrganisation(
        usageRecords.orgId,
        orgId,
        and(
          eq(usageRecords.userId, userId),
          gte(usageRecords.createdAt, period.start),
          lt(usageRecords.createdAt, period.end),
          modelId ? eq(usageRecords.modelId, modelId) : undefined,
        ),
      ),
    )
    .groupBy(usageRecords.modelId)
    .orderBy(usageRecords.modelId);
  // Sums come back as strings (bigint and numeric); token counts fit a double for any real month.
  return rows.map((row) => ({
    modelId: row.modelId,
    tokens: Number(row.tokens),
    costPicodollars: parsePicodollars(row.costUsd),
    requests: Number(row.requests),
  }));
}
