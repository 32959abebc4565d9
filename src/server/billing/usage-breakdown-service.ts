import { usagePeriodDays, type UsageBreakdown, type UsagePeriod } from '../../contracts';
import type { CatalogModel } from '../../gateway';
import { addDays } from '../analytics/billing-cycle';
import { sumUsdDecimals, usdNumber } from '../../money';
import { groupBy } from '../analytics/group-by';
import { modelName } from '../analytics/model-names';
import { totalsByDayAndModel, type DayModelTotals } from '../analytics/usage-totals-repository';
import type { Executor } from '../db/database';
import { isoDay } from './billing-periods';

// All time reads from the first day the roll-ups can hold.
const firstDay = '1970-01-01';

function amounts(rows: readonly DayModelTotals[]) {
  return {
    requests: rows.reduce((total, row) => total + row.requests, 0),
    tokens: rows.reduce((total, row) => total + row.tokens, 0),
    cost: usdNumber(sumUsdDecimals(rows.map((row) => row.costUsd))),
  };
}

/**
 * GET /subscription/usage/{orgId}?period: spec section 3's Usage breakdown (total, by_date,
 * by_model) from the daily roll-ups, over the periods of GET /org/{orgId}/usage: today, the last
 * 7, 30 or 365 days, or all time (the default).
 */
export async function usageBreakdown(
  db: Executor,
  catalog: readonly CatalogModel[],
  orgId: string,
  period: UsagePeriod = 'all',
  now = new Date(),
): Promise<UsageBreakdown> {
  const today = isoDay(now);
  const fromDay = period === 'all' ? firstDay : addDays(today, 1 - usagePeriodDays[period]);
  const rows = await totalsByDayAndModel(db, orgId, { fromDay, toDay: today });
  return {
    period,
    total: amounts(rows),
    by_date: [...groupBy(rows, (row) => row.day)].map(([date, models]) => ({ date, ...amounts(models) })),
    by_model: [...groupBy(rows, (row) => row.modelId)].map(([modelId, days]) => ({
      model_id: modelId,
      model_name: modelName(catalog, modelId),
      ...amounts(days),
    })),
  };
}
