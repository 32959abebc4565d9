import { usagePeriodDays, type OrganisationUsage, type UsagePeriod } from '../../contracts';
import type { CatalogModel } from '../../gateway';
import type { Executor } from '../db/database';
import { addDays } from './billing-cycle';
import { sumUsdDecimals, usdNumber } from '../../money';
import { groupBy } from './group-by';
import { modelName } from './model-names';
import { totalsByMonthAndModel, type MonthModelTotals } from './usage-totals-repository';

function amounts(rows: readonly MonthModelTotals[]) {
  return {
    requests: rows.reduce((total, row) => total + row.requests, 0),
    tokens: rows.reduce((total, row) => total + row.tokens, 0),
    cost: usdNumber(sumUsdDecimals(rows.map((row) => row.costUsd))),
  };
}

/** Spec section 3's Org usage over a period of UTC days ending today, or all time (the default). */
export async function organisationUsage(
  db: Executor,
  catalog: readonly CatalogModel[],
  orgId: string,
  period: UsagePeriod = 'all',
  now = new Date(),
): Promise<OrganisationUsage> {
  const today = now.toISOString().slice(0, 10);
  const range = period === 'all' ? undefined : { fromDay: addDays(today, 1 - usagePeriodDays[period]), toDay: today };
  const rows = await totalsByMonthAndModel(db, orgId, range);
  const total = amounts(rows);
  const lastActive = rows.reduce<Date | null>(
    (latest, row) => (latest === null || row.lastUsedAt > latest ? row.lastUsedAt : latest),
    null,
  );
  return {
    totalRequests: total.requests,
    totalTokens: total.tokens,
    totalCost: total.cost,
    lastActive: lastActive?.toISOString() ?? null,
    usageByModel: [...groupBy(rows, (row) => row.modelId)].map(([modelId, months]) => ({
      modelId,
      modelName: modelName(catalog, modelId),
      ...amounts(months),
    })),
    usageByMonth: [...groupBy(rows, (row) => row.month)].map(([month, models]) => ({ month, ...amounts(models) })),
  };
}
