import { and, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';
import { organisations, plans, subscriptions, usageDailyTotals } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { histogramFromDatabase } from './latency-histogram';

// Reads of the usage roll-ups (docs/decisions/020); the records themselves are never summed here.
// Money comes back as numeric text, to be added exactly (decimal-sum.ts).

/** UTC days, both included. */
export interface DayRange {
  fromDay: string;
  toDay: string;
}

/** One model on one day. */
export interface DayModelTotals {
  day: string;
  modelId: string;
  requests: number;
  completed: number;
  cacheHits: number;
  autoDecisions: number;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  /** Input plus output. */
  tokens: number;
  costUsd: string;
  referenceCostUsd: string;
}

/** With its latency histograms (latency-histogram.ts reads them). */
export interface DayModelLatency extends DayModelTotals {
  latencyHistogram: number[];
  firstTokenHistogram: number[];
}

const inRange = (orgId: string, range?: DayRange) =>
  inOrganisation(
    usageDailyTotals.orgId,
    orgId,
    range ? and(gte(usageDailyTotals.day, range.fromDay), lte(usageDailyTotals.day, range.toDay)) : undefined,
  );

// A row whose records were all deleted stays behind with zeros.
const hasRequests = sql`${usageDailyTotals.requests} <> 0`;

const dayModelColumns = {
  day: usageDailyTotals.day,
  modelId: usageDailyTotals.modelId,
  requests: usageDailyTotals.requests,
  completed: usageDailyTotals.completed,
  cacheHits: usageDailyTotals.cacheHits,
  autoDecisions: usageDailyTotals.autoDecisions,
  inputTokens: usageDailyTotals.inputTokens,
  cachedInputTokens: usageDailyTotals.cachedInputTokens,
  outputTokens: usageDailyTotals.outputTokens,
  costUsd: usageDailyTotals.costUsd,
  referenceCostUsd: usageDailyTotals.referenceCostUsd,
};

type DayModelRow = { [Key in keyof typeof dayModelColumns]: unknown };

export function dayModelTotals(row: DayModelRow): DayModelTotals {
  const inputTokens = Number(row.inputTokens);
  const outputTokens = Number(row.outputTokens);
  return {
    day: String(row.day),
    modelId: String(row.modelId),
    requests: Number(row.requests),
    completed: Number(row.completed),
    cacheHits: Number(row.cacheHits),
    autoDecisions: Number(row.autoDecisions),
    inputTokens,
    cachedInputTokens: Number(row.cachedInputTokens),
    outputTokens,
    tokens: inputTokens + outputTokens,
    costUsd: String(row.costUsd),
    referenceCostUsd: String(row.referenceCostUsd),
  };
}

/** The organisation's usage per day and model: at most one row per model a day. */
export async function totalsByDayAndModel(db: Executor, orgId: string, range: DayRange): Promise<DayModelTotals[]> {
  const rows = await db
    .select(dayModelColumns)
    .from(usageDailyTotals)
    .where(and(inRange(orgId, range), hasRequests))
    .orderBy(usageDailyTotals.day, usageDailyTotals.modelId);
  return rows.map(dayModelTotals);
}

// Histograms travel as comma-separated text with the bucket they start at: the drivers' generic
// array parsing took twice as long (docs/benchmarks/admin-analytics.md).
export const histogramStart = (column: AnyPgColumn) => sql<number | null>`array_lower(${column}, 1)`;
export const histogramText = (column: AnyPgColumn) => sql<string>`array_to_string(${column}, ',', '0')`;

/**
 * The same with the latency histograms. They are added up by the caller: a few hundred small
 * arrays add faster in JavaScript than in SQL.
 */
export async function latencyByDayAndModel(db: Executor, orgId: string, range: DayRange): Promise<DayModelLatency[]> {
  const rows = await db
    .select({
      ...dayModelColumns,
      latencyStart: histogramStart(usageDailyTotals.latencyHistogram),
      latencyHistogram: histogramText(usageDailyTotals.latencyHistogram),
      firstTokenStart: histogramStart(usageDailyTotals.firstTokenHistogram),
      firstTokenHistogram: histogramText(usageDailyTotals.firstTokenHistogram),
    })
    .from(usageDailyTotals)
    .where(and(inRange(orgId, range), hasRequests))
    .orderBy(usageDailyTotals.modelId, usageDailyTotals.day);
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

/** One model in one UTC calendar month ('YYYY-MM'). */
export interface MonthModelTotals {
  month: string;
  modelId: string;
  requests: number;
  tokens: number;
  costUsd: string;
  lastUsedAt: Date;
}

/** The organisation's usage per month and model, over a range of days or all time. */
export async function totalsByMonthAndModel(
  db: Executor,
  orgId: string,
  range?: DayRange,
): Promise<MonthModelTotals[]> {
  const month = sql<string>`to_char(${usageDailyTotals.day}, 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      modelId: usageDailyTotals.modelId,
      requests: sql<string>`sum(${usageDailyTotals.requests})`,
      tokens: sql<string>`sum(${usageDailyTotals.inputTokens} + ${usageDailyTotals.outputTokens})`,
      costUsd: sql<string>`sum(${usageDailyTotals.costUsd})`,
      lastUsedAt: sql<string>`max(${usageDailyTotals.lastUsedAt})`,
    })
    .from(usageDailyTotals)
    .where(and(inRange(orgId, range), hasRequests))
    .groupBy(month, usageDailyTotals.modelId)
    .orderBy(month, usageDailyTotals.modelId);
  return rows.map((row) => ({
    month: row.month,
    modelId: row.modelId,
    requests: Number(row.requests),
    tokens: Number(row.tokens),
    costUsd: row.costUsd,
    lastUsedAt: new Date(row.lastUsedAt),
  }));
}

/**
 * Where the organisation's billing cycles start, and the tokens its plan includes per cycle (the
 * Free Trial's when its plan sets none). Cycles follow the subscription's period when it has one,
 * the day its last subscription ended when it had one, else the day the organisation was created.
 */
export async function findCycleAllowance(
  db: Executor,
  orgId: string,
): Promise<{ anchorDay: string; lengthDays: number | null; tokensPerCycle: number } | undefined> {
  const freeTrial = alias(plans, 'free_trial');
  const latestSubscription = (column: SQL) =>
    sql`(select ${column} from ${subscriptions} where ${subscriptions.orgId} = ${organisations.id} order by ${subscriptions.createdAt} desc limit 1)`;
  const [row] = await db
    .select({
      createdAt: organisations.createdAt,
      subscriptionAnchor: sql<
        string | null
      >`${latestSubscription(sql`(case when ${subscriptions.status} in ('active', 'past_due') then ${subscriptions.currentPeriodStart} else ${subscriptions.currentPeriodEnd} end)::text`)}`,
      subscriptionDays: sql<
        number | null
      >`${latestSubscription(sql`case when ${subscriptions.status} in ('active', 'past_due') then ${subscriptions.currentPeriodEnd} - ${subscriptions.currentPeriodStart} end`)}`,
      tokensPerCycle: sql<string | null>`coalesce(${plans.tokensPerCycle}, ${freeTrial.tokensPerCycle})`,
    })
    .from(organisations)
    .leftJoin(plans, sql`${plans.id} = ${organisations.subscriptionTier}`)
    .leftJoin(freeTrial, sql`${freeTrial.id} = 'free'`)
    .where(inOrganisation(organisations.id, orgId));
  return (
    row && {
      anchorDay: row.subscriptionAnchor ?? row.createdAt.toISOString().slice(0, 10),
      lengthDays: row.subscriptionDays === null ? null : Number(row.subscriptionDays),
      tokensPerCycle: Number(row.tokensPerCycle ?? 0),
    }
  );
}
