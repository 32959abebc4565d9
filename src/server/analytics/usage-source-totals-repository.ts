import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { UsageFilter } from '../../contracts';
import type { Executor } from '../db/database';
import { apiKeys, usageDailySourceTotals } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { histogramFromDatabase } from './latency-histogram';
import {
  type DayModelLatency,
  type DayModelTotals,
  type DayRange,
  dayModelTotals,
  histogramStart,
  histogramText,
} from './usage-totals-repository';

// The daily totals by source and API key (docs/decisions/061): read only when the analytics are
// filtered, so the unfiltered screens keep reading one row per model a day.

const totals = usageDailySourceTotals;

/**
 * True when the key is one of the organisation's (revoked ones included: their usage stays) and,
 * given a person, one of their own personal keys.
 */
export async function keyVisibleTo(
  db: Executor,
  orgId: string,
  apiKeyId: string,
  owner: { userId?: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(
      inOrganisation(
        apiKeys.orgId,
        orgId,
        eq(apiKeys.id, apiKeyId),
        owner.userId === undefined ? undefined : and(eq(apiKeys.userId, owner.userId), eq(apiKeys.kind, 'personal')),
      ),
    );
  return row !== undefined;
}

const filtered = (orgId: string, range: DayRange, filter: UsageFilter) =>
  inOrganisation(
    totals.orgId,
    orgId,
    gte(totals.day, range.fromDay),
    lte(totals.day, range.toDay),
    filter.source ? eq(totals.source, filter.source) : undefined,
    filter.apiKeyId ? eq(totals.apiKeyId, filter.apiKeyId) : undefined,
    sql`${totals.requests} <> 0`,
  );

/** The filtered usage per day and model: one row per model a day, like totalsByDayAndModel. */
export async function filteredTotalsByDayAndModel(
  db: Executor,
  orgId: string,
  range: DayRange,
  filter: UsageFilter,
): Promise<DayModelTotals[]> {
  const sum = (column: AnyPgColumn) => sql<string>`sum(${column})`;
  const rows = await db
    .select({
      day: totals.day,
      modelId: totals.modelId,
      requests: sum(totals.requests),
      completed: sum(totals.completed),
      cacheHits: sum(totals.cacheHits),
      autoDecisions: sum(totals.autoDecisions),
      inputTokens: sum(totals.inputTokens),
      cachedInputTokens: sum(totals.cachedInputTokens),
      outputTokens: sum(totals.outputTokens),
      costUsd: sum(totals.costUsd),
      referenceCostUsd: sum(totals.referenceCostUsd),
    })
    .from(totals)
    .where(filtered(orgId, range, filter))
    .groupBy(totals.day, totals.modelId)
    .orderBy(totals.day, totals.modelId);
  return rows.map(dayModelTotals);
}

/**
 * The filtered usage with its latency histograms: several rows per model a day (one per source and
 * key), which the caller adds up per model as it does the days.
 */
export async function filteredLatencyByDayAndModel(
  db: Executor,
  orgId: string,
  range: DayRange,
  filter: UsageFilter,
): Promise<DayModelLatency[]> {
  const rows = await db
    .select({
      day: totals.day,
      modelId: totals.modelId,
      requests: totals.requests,
      completed: totals.completed,
      cacheHits: totals.cacheHits,
      autoDecisions: totals.autoDecisions,
      inputTokens: totals.inputTokens,
      cachedInputTokens: totals.cachedInputTokens,
      outputTokens: totals.outputTokens,
      costUsd: totals.costUsd,
      referenceCostUsd: totals.referenceCostUsd,
      latencyStart: histogramStart(totals.latencyHistogram),
      latencyHistogram: histogramText(totals.latencyHistogram),
      firstTokenStart: histogramStart(totals.firstTokenHistogram),
      firstTokenHistogram: histogramText(totals.firstTokenHistogram),
    })
    .from(totals)
    .where(filtered(orgId, range, filter))
    .orderBy(totals.modelId, totals.day);
  return rows.map((row) => ({
    ...dayModelTotals(row),
    latencyHistogram: histogramFromDatabase(
      row.latencyStart === null ? null : Number(row.latencyStart),
      row.latencyHistogram,
    ),
    firstTokenHistogram: histogramFromDatabase(
      row.firstTokenStart === null ? null : Number(row.firstTokenStart),
      row.firstTokenHistogram,
    ),
  }));
}
