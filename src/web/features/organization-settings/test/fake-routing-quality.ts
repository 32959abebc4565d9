import type { RoutingQualityResponse } from '@contracts';

/** The cache's figures before any lookup. */
function noCacheQuality(): RoutingQualityResponse['cache'] {
  return {
    lookups: 0,
    learned_lookups: 0,
    hits: 0,
    exact_hits: 0,
    semantic_hits: 0,
    learned_hits: 0,
    judged_hits: 0,
    judge_calls: 0,
    judge_cost_usd: 0,
    checked_hits: 0,
    wrong_hits: 0,
    wrong_hit_rate: null,
    wrong_hit_interval: null,
    checking_cost_usd: 0,
    flagged_hits: 0,
    savings_usd: 0,
    learner: {
      labels: 0,
      labels_needed: 100,
      decides: false,
      deciding_since: null,
      updated_at: null,
      error_rate: 0.02,
    },
  };
}

/** A cache that has answered 120 of 400 lookups; 40 of its semantic hits were checked, 1 found wrong. */
export function makeCacheQuality(): RoutingQualityResponse['cache'] {
  return {
    lookups: 400,
    learned_lookups: 150,
    hits: 120,
    exact_hits: 30,
    semantic_hits: 90,
    learned_hits: 60,
    judged_hits: 12,
    judge_calls: 20,
    judge_cost_usd: 0.0031,
    checked_hits: 40,
    wrong_hits: 1,
    wrong_hit_rate: 0.025,
    wrong_hit_interval: { low: 0.0044, high: 0.1288 },
    checking_cost_usd: 0.012,
    flagged_hits: 2,
    savings_usd: 3.25,
    learner: {
      labels: 134,
      labels_needed: 100,
      decides: true,
      deciding_since: '2026-11-21T10:00:00.000Z',
      updated_at: '2026-11-22T09:30:00.000Z',
      error_rate: 0.02,
    },
  };
}

/** What GET routing-quality answers before anything was sampled. */
export function noRoutingQuality(monthlyBudgetUsd = 10): RoutingQualityResponse {
  return {
    groups: [],
    totals: { sampled: 0, judged_as_good: 0, as_good_share: null, as_good_interval: null, sampling_cost_usd: 0 },
    month: { sampling_cost_usd: 0, monthly_budget_usd: monthlyBudgetUsd },
    router: { labels: 0, labels_needed: 200, decides: false, deciding_since: null, updated_at: null },
    cache: noCacheQuality(),
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
    cache: makeCacheQuality(),
  };
}
