import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { usageMonthlyUserTotals } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

/** One user's usage of one model in a month, as the user list's monthly_usage shows it (spec section 3). */
export interface UserModelUsage {
  modelId: string;
  requests: number;
  tokensUsed: number;
  /** USD, numeric text (add it with decimal-sum.ts). */
  costUsd: string;
}

/** [model_id, requests, tokens, cost as numeric text], as the database aggregates them. */
type ModelTuple = [string, number, number, string];

/**
 * The month's usage per model of each of the given users (a page of the user list, or everyone),
 * from the monthly roll-up (docs/decisions/020): one indexed read, whatever the number of records.
 * `month` is 'YYYY-MM' (UTC). Users without usage are absent from the map.
 *
 * Each user's models come back as one JSON text built by the database: for 500 users of 20 models
 * that is 500 rows instead of 10,000, and turning rows into objects, not finding them, was most
 * of the time (docs/benchmarks/admin-analytics.md).
 */
export async function monthlyUsageOfUsers(
  db: Executor,
  orgId: string,
  userIds: readonly string[],
  month: string,
): Promise<Map<string, UserModelUsage[]>> {
  if (userIds.length === 0) return new Map();
  const totals = usageMonthlyUserTotals;
  const rows = await db
    .select({
      userId: totals.userId,
      models: sql<string>`json_agg(json_build_array(${totals.modelId}, ${totals.requests}, ${totals.inputTokens} + ${totals.outputTokens}, ${totals.costUsd}::text) order by ${totals.modelId})::text`,
    })
    .from(totals)
    .where(
      inOrganisation(
        totals.orgId,
        orgId,
        and(inArray(totals.userId, [...userIds]), eq(totals.month, `${month}-01`), sql`${totals.requests} <> 0`),
      ),
    )
    .groupBy(totals.userId);
  return new Map(
    rows.map((row) => [
      row.userId,
      (JSON.parse(row.models) as ModelTuple[]).map(([modelId, requests, tokensUsed, costUsd]) => ({
        modelId,
        requests,
        tokensUsed,
        costUsd,
      })),
    ]),
  );
}
