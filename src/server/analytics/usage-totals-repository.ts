import { and, gte, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';
import { organisations, plans, usageDailyTotals } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

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
  tokens: number;
  costUsd: string;
  referenceCostUsd: string;
}

const inRange = (orgId: string, range?: DayRange) =>
  inOrganisation(usageDailyTotals.orgId, orgId, range ? and(gte(usageDailyTotals.day, range.fromDay), lte(usageDailyTotals.day, range.toDay)) : undefined);

// A row whose records were all deleted stays behind with zeros.
const hasRequests = sql`${usageDailyTotals.requests} <> 0`;

/** The organisation's usage per day and model: at most one row per model a day. */
export async function totalsByDayAndModel(db: Executor, orgId: string, range: DayRange): Promise<DayModelTotals[]> {
  const rows = await db
    .select({
      day: usageDailyTotals.day,
      modelId: usageDailyTotals.modelId,
      requests: usageDailyTotals.requests,
      completed: usageDailyTotals.completed,
      tokens: sql<string>`${usageDailyTotals.inputTokens} + ${usageDailyTotals.outputTokens}`,
      costUsd: usageDailyTotals.costUsd,
      referenceCostUsd: usageDailyTotals.referenceCostUsd,
    })
    .from(usageDailyTotals)
    .where(and(inRange(orgId, range), hasRequests))
    .orderBy(usageDailyTotals.day, usageDailyTotals.modelId);
  return rows.map((row) => ({ ...row, requests: Number(row.requests), completed: Number(row.completed), tokens: Number(row.tokens) }));
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
export async function totalsByMonthAndModel(db: Executor, orgId: string, range?: DayRange): Promise<MonthModelTotals[]> {
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

/** One model over a range, with its latency histograms summed (latency-histogram.ts reads them). */
export interface ModelTotals {
  modelId: string;
  requests: number;
  completed: number;
  cacheHits: number;
  autoDecisions: number;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  costUsd: string;
  referenceCostUsd: string;
  latencyHistogram: (number | null)[];
  firstTokenHistogram: (number | null)[];
}

export async function totalsByModel(db: Executor, orgId: string, range: DayRange): Promise<ModelTotals[]> {
  const rows = await db
    .select({
      modelId: usageDailyTotals.modelId,
      requests: sql<string>`sum(${usageDailyTotals.requests})`,
      completed: sql<string>`sum(${usageDailyTotals.completed})`,
      cacheHits: sql<string>`sum(${usageDailyTotals.cacheHits})`,
      autoDecisions: sql<string>`sum(${usageDailyTotals.autoDecisions})`,
      inputTokens: sql<string>`sum(${usageDailyTotals.inputTokens})`,
      cachedInputTokens: sql<string>`sum(${usageDailyTotals.cachedInputTokens})`,
      outputTokens: sql<string>`sum(${usageDailyTotals.outputTokens})`,
      costUsd: sql<string>`sum(${usageDailyTotals.costUsd})`,
      referenceCostUsd: sql<string>`sum(${usageDailyTotals.referenceCostUsd})`,
      latencyHistogram: sql<(number | null)[]>`usage_histogram_sum(${usageDailyTotals.latencyHistogram})`,
      firstTokenHistogram: sql<(number | null)[]>`usage_histogram_sum(${usageDailyTotals.firstTokenHistogram})`,
    })
    .from(usageDailyTotals)
    .where(and(inRange(orgId, range), hasRequests))
    .groupBy(usageDailyTotals.modelId)
    .orderBy(usageDailyTotals.modelId);
  return rows.map((row) => ({
    modelId: row.modelId,
    requests: Number(row.requests),
    completed: Number(row.completed),
    cacheHits: Number(row.cacheHits),
    autoDecisions: Number(row.autoDecisions),
    inputTokens: Number(row.inputTokens),
    cachedInputTokens: Number(row.cachedInputTokens),
    outputTokens: Number(row.outputTokens),
    costUsd: row.costUsd,
    referenceCostUsd: row.referenceCostUsd,
    latencyHistogram: row.latencyHistogram ?? [],
    firstTokenHistogram: row.firstTokenHistogram ?? [],
  }));
}

/** When the organisation was created and the tokens its plan includes per cycle (the Free Trial's when its plan sets none). */
export async function findCycleAllowance(db: Executor, orgId: string): Promise<{ createdAt: Date; tokensPerCycle: number } | undefined> {
  const freeTrial = alias(plans, 'free_trial');
  const [row] = await db
    .select({ createdAt: organisations.createdAt, tokensPerCycle: sql<string | null>`coalesce(${plans.tokensPerCycle}, ${freeTrial.tokensPerCycle})` })
    .from(organisations)
    .leftJoin(plans, sql`${plans.id} = ${organisations.subscriptionTier}`)
    .leftJoin(freeTrial, sql`${freeTrial.id} = 'free'`)
    .where(inOrganisation(organisations.id, orgId));
  return row && { createdAt: row.createdAt, tokensPerCycle: Number(row.tokensPerCycle ?? 0) };
}
