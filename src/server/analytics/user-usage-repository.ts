import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { usageMonthlyUserTotals } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { groupBy } from './group-by';

/** One user's usage of one model in a month, as the user list's monthly_usage shows it (spec section 3). */
export interface UserModelUsage {
  modelId: string;
  requests: number;
  tokensUsed: number;
  /** USD, numeric text (add it with decimal-sum.ts). */
  costUsd: string;
}

/**
 * The month's usage per model of each of the given users (a page of the user list), from the
 * monthly roll-up (docs/decisions/020): one indexed read, whatever the number of records.
 * `month` is 'YYYY-MM' (UTC). Users without usage are absent from the map.
 */
export async function monthlyUsageOfUsers(db: Executor, orgId: string, userIds: readonly string[], month: string): Promise<Map<string, UserModelUsage[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: usageMonthlyUserTotals.userId,
      modelId: usageMonthlyUserTotals.modelId,
      requests: usageMonthlyUserTotals.requests,
      tokensUsed: sql<string>`${usageMonthlyUserTotals.inputTokens} + ${usageMonthlyUserTotals.outputTokens}`,
      costUsd: usageMonthlyUserTotals.costUsd,
    })
    .from(usageMonthlyUserTotals)
    .where(
      inOrganisation(
        usageMonthlyUserTotals.orgId,
        orgId,
        and(inArray(usageMonthlyUserTotals.userId, [...userIds]), eq(usageMonthlyUserTotals.month, `${month}-01`), sql`${usageMonthlyUserTotals.requests} <> 0`),
      ),
    )
    .orderBy(usageMonthlyUserTotals.userId, usageMonthlyUserTotals.modelId);
  const byUser = groupBy(rows, (row) => row.userId);
  return new Map(
    [...byUser].map(([userId, models]) => [
      userId,
      models.map((row) => ({ modelId: row.modelId, requests: Number(row.requests), tokensUsed: Number(row.tokensUsed), costUsd: row.costUsd })),
    ]),
  );
}
