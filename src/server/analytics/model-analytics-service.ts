import type { ModelAnalytics } from '../../contracts';
import type { CatalogModel } from '../../gateway';
import type { Executor } from '../db/database';
import { savingsRange } from '../routing/savings-service';
import { subtractDecimals, sumDecimals } from './decimal-sum';
import { histogramMedian } from './latency-histogram';
import { modelName, modelProvider, shareOf } from './model-names';
import { totalsByModel, type ModelTotals } from './usage-totals-repository';

function counts(rows: readonly ModelTotals[]) {
  const sum = (pick: (row: ModelTotals) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const cost = rows.map((row) => row.costUsd);
  const potential = rows.map((row) => row.referenceCostUsd);
  const requests = sum((row) => row.requests);
  const completed = sum((row) => row.completed);
  const inputTokens = sum((row) => row.inputTokens);
  const outputTokens = sum((row) => row.outputTokens);
  return {
    requests,
    completed,
    success_rate: shareOf(completed, requests),
    input_tokens: inputTokens,
    cached_input_tokens: sum((row) => row.cachedInputTokens),
    output_tokens: outputTokens,
    tokens_used: inputTokens + outputTokens,
    cost: sumDecimals(cost),
    potential_cost: sumDecimals(potential),
    savings: subtractDecimals(sumDecimals(potential), sumDecimals(cost)),
    cache_hits: sum((row) => row.cacheHits),
    auto_decisions: sum((row) => row.autoDecisions),
  };
}

/** Per model over a range of UTC days (default the last 30 days to today), for /admin/models. */
export async function modelAnalytics(
  db: Executor,
  catalog: readonly CatalogModel[],
  orgId: string,
  query: { from?: string; to?: string },
  now = new Date(),
): Promise<ModelAnalytics> {
  const range = savingsRange(query, now);
  const rows = await totalsByModel(db, orgId, { fromDay: range.from, toDay: range.to });
  const totals = counts(rows);
  return {
    from: range.from,
    to: range.to,
    totals,
    models: rows.map((row) => {
      const own = counts([row]);
      return {
        model_id: row.modelId,
        model_name: modelName(catalog, row.modelId),
        provider: modelProvider(catalog, row.modelId),
        ...own,
        auto_share: shareOf(own.auto_decisions, totals.auto_decisions),
        p50_latency_ms: histogramMedian(row.latencyHistogram),
        p50_time_to_first_token_ms: histogramMedian(row.firstTokenHistogram),
      };
    }),
  };
}
