import type { RoutingQualityResponse } from '@contracts';

/** What GET routing-quality answers before anything was sampled. */
export function noRoutingQuality(monthlyBudgetUsd = 10): RoutingQualityResponse {
  return {
    groups: [],
    totals: { sampled: 0, judged_as_good: 0, as_good_share: null, as_good_interval: null, sampling_cost_usd: 0 },
    month: { sampling_cost_usd: 0, monthly_budget_usd: monthlyBudgetUsd },
    router: { labels: 0, labels_needed: 200, decides: false, deciding_since: null, updated_at: null },
  };
}

/** Two groups measured: code answered by tier 1, and questions by tier 2, with Wilson intervals as the server gives them. */
export function makeRoutingQuality(): RoutingQualityResponse {
  return {
    groups: [
      {
        kind: 'code',
        tier: 1,
        sampled: 50,
        judged_as_good: 47,
        as_good_share: 0.94,
        as_good_interval: { low: 0.8378, high: 0.9794 },
        sampling_cost_usd: 0.4125,
      },
      {
        kind: 'question',
        tier: 2,
        sampled: 3,
        judged_as_good: 2,
        as_good_share: 2 / 3,
        as_good_interval: { low: 0.2077, high: 0.9385 },
        sampling_cost_usd: 0.0042,
      },
    ],
    totals: {
      sampled: 53,
      judged_as_good: 49,
      as_good_share: 49 / 53,
      as_good_interval: { low: 0.8209, high: 0.9703 },
      sampling_cost_usd: 0.4167,
    },
    month: { sampling_cost_usd: 2.5, monthly_budget_usd: 10 },
    router: {
      labels: 53,
      labels_needed: 200,
      decides: false,
      deciding_since: null,
      updated_at: '2026-11-20T09:30:00.000Z',
    },
  };
}
