import type { SubscriptionAnalytics, UsageFilter } from '../../contracts';
import type { CatalogModel } from '../../gateway';
import type { Executor } from '../db/database';
import { notFound } from '../http/app-error';
import { savingsRange } from './savings-service';
import { billingCycleOn } from './billing-cycle';
import { sumUsdDecimals, usdNumber, usdNumberOf } from '../../money';
import { groupBy } from './group-by';
import { modelName, shareOf } from './model-names';
import { dailyTotals, type KeyViewer, usageFilterOf } from './usage-filter';
import { findCycleAllowance, type DayModelTotals } from './usage-totals-repository';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const sumOf = (rows: readonly DayModelTotals[], pick: (row: DayModelTotals) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

/**
 * The dashboard's analytics (spec section 3): the current billing cycle's totals, usage by model
 * and daily trend, and actual against "without the router" per model and day over the chosen
 * range (default the last 30 days to today). One read of the daily roll-up covers both periods;
 * with a source or key filter, of the roll-up by source and key.
 */
export async function subscriptionAnalytics(
  db: Executor,
  catalog: readonly CatalogModel[],
  orgId: string,
  viewer: KeyViewer,
  query: { start_date?: string; end_date?: string } & UsageFilter,
  now = new Date(),
): Promise<SubscriptionAnalytics> {
  const savings = savingsRange({ from: query.start_date, to: query.end_date }, now);
  const allowance = await findCycleAllowance(db, orgId);
  if (!allowance) throw notFound();
  const cycle = billingCycleOn(allowance.anchorDay, isoDay(now), allowance.lengthDays ?? undefined);
  // biome-ignore lint/complexity/useMathMinMax: ISO day strings (YYYY-MM-DD) compare as text; Math.min would turn them into NaN
  const fromDay = savings.from < cycle.startDate ? savings.from : cycle.startDate;
  // biome-ignore lint/complexity/useMathMinMax: ISO day strings (YYYY-MM-DD) compare as text; Math.max would turn them into NaN
  const toDay = savings.to > cycle.endDate ? savings.to : cycle.endDate;
  const rows = await dailyTotals(db, orgId, { fromDay, toDay }, usageFilterOf(query), viewer);

  const inCycle = rows.filter((row) => row.day >= cycle.startDate && row.day <= cycle.endDate);
  const inSavings = rows.filter((row) => row.day >= savings.from && row.day <= savings.to);
  const tokensUsed = sumOf(inCycle, (row) => row.tokens);
  const savingsActual = sumUsdDecimals(inSavings.map((row) => row.costUsd));
  const savingsPotential = sumUsdDecimals(inSavings.map((row) => row.referenceCostUsd));
  return {
    total_cost: usdNumber(sumUsdDecimals(inCycle.map((row) => row.costUsd))),
    total_tokens_used: tokensUsed,
    tokens_remaining: Math.max(0, allowance.tokensPerCycle - tokensUsed),
    billing_cycle: { start_date: cycle.startDate, end_date: cycle.endDate, next_billing_date: cycle.nextBillingDate },
    usage_by_model: [...groupBy(inCycle, (row) => row.modelId)].map(([modelId, days]) => ({
      model_id: modelId,
      model_name: modelName(catalog, modelId),
      tokens_used: sumOf(days, (row) => row.tokens),
      cost: usdNumber(sumUsdDecimals(days.map((row) => row.costUsd))),
      success_rate: shareOf(
        sumOf(days, (row) => row.completed),
        sumOf(days, (row) => row.requests),
      ),
    })),
    usage_trend: [...groupBy(inCycle, (row) => row.day)].map(([day, models]) => ({
      date: day,
      tokens_used: sumOf(models, (row) => row.tokens),
      cost: usdNumber(sumUsdDecimals(models.map((row) => row.costUsd))),
    })),
    cost_savings: [...groupBy(inSavings, (row) => row.modelId)].map(([modelId, days]) => ({
      model_id: modelId,
      model_name: modelName(catalog, modelId),
      daily_savings: days.map((row) => ({
        date: row.day,
        tokens_used: row.tokens,
        actual_cost: usdNumberOf(row.costUsd),
        potential_cost: usdNumberOf(row.referenceCostUsd),
      })),
    })),
    cost_savings_total: {
      tokens_used: sumOf(inSavings, (row) => row.tokens),
      actual_cost: usdNumber(savingsActual),
      potential_cost: usdNumber(savingsPotential),
      savings: usdNumber(savingsPotential - savingsActual),
    },
  };
}
