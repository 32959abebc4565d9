import type { ModelAnalytics, UsageFilter } from '../../contracts';
import type { CatalogModel } from '../../gateway';
import type { Executor } from '../db/database';
import { savingsRange } from './savings-service';
import { sumUsdDecimals, usdNumber } from '../../money';
import { groupBy } from './group-by';
import { addHistograms, histogramMedian } from './latency-histogram';
import { modelName, modelProvider, shareOf } from './model-names';
import { dailyLatency, type KeyViewer, usageFilterOf } from './usage-filter';
import type { DayModelTotals } from './usage-totals-repository';

function counts(rows: readonly DayModelTotals[]) {
  const sum = (pick: (row: DayModelTotals) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const cost = sumUsdDecimals(rows.map((row) => row.costUsd));
  const potential = sumUsdDecimals(rows.map((row) => row.referenceCostUsd));
  const requests = sum((row) => row.requests);
  const completed = sum((row) => row.completed);
  return {
    requests,
    completed,
    success_rate: shareOf(completed, requests),
    input_tokens: sum((row) => row.inputTokens),
    cached_input_tokens: sum((row) => row.cachedInputTokens),
    output_tokens: sum((row) => row.outputTokens),
    tokens_used: sum((row) => row.tokens),
    cost: usdNumber(cost),
    potential_cost: usdNumber(potential),
    savings: usdNumber(potential - cost),
    cache_hits: sum((row) => row.cacheHits),
    auto_decisions: sum((row) => row.autoDecisions),
  };
}

/** Per model over a range of UTC days (default the last 30 days to today), for /admin/models; optionally by source and key. */
export async function modelAnalytics(
  db: Executor,
  catalog: readonly CatalogModel[],
  orgId: string,
  viewer: KeyViewer,
  query: { from?: string; to?: string } & UsageFilter,
  now = new Date(),
): Promise<ModelAnalytics> {
  const range = savingsRange(query, now);
  const rows = await dailyLatency(db, orgId, { fromDay: range.from, toDay: range.to }, usageFilterOf(query), viewer);
  const totals = counts(rows);
  return {
    from: range.from,
    to: range.to,
    totals,
    models: [...groupBy(rows, (row) => row.modelId)].map(([modelId, days]) => {
      const own = counts(days);
      return {
        model_id: modelId,
        model_name: modelName(catalog, modelId),
        provider: modelProvider(catalog, modelId),
        ...own,
        auto_share: shareOf(own.auto_decisions, totals.auto_decisions),
        p50_latency_ms: histogramMedian(addHistograms(days.map((day) => day.latencyHistogram))),
        p50_time_to_first_token_ms: histogramMedian(addHistograms(days.map((day) => day.firstTokenHistogram))),
      };
    }),
  };
}
