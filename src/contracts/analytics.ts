import { z } from 'zod';
import { organisationIdSchema, uuidField } from './ids';
import { calendarDaySchema } from './routing';

// Usage analytics read from the usage roll-ups (docs/decisions/020): the admin dashboard (spec
// section 3's Analytics), the organisation page's Usage Summary (Org usage) and model analytics.
// Days are UTC days; money is USD.

/** /subscription/analytics/{orgId}, /org/{orgId}/usage and /org/{orgId}/model-analytics. */
export const analyticsOrganisationPathSchema = z.object({ orgId: organisationIdSchema });

/** Where usage came from, as the analytics filter it: the chat screen, or programs through /v1 with an API key. */
export const usageSources = ['chat', 'api'] as const;
export type UsageSource = (typeof usageSources)[number];
export const invalidUsageSource = 'Source must be one of chat or api';

/**
 * Optional filters of the dashboard and model analytics (issue 23): by source, and by one of the
 * organisation's API keys (a key of another organisation is a 404). Both together narrow further.
 */
export const usageFilterQuery = {
  source: z.enum(usageSources, { error: invalidUsageSource }).optional(),
  apiKeyId: uuidField('API key ID', 'API key ID is required').optional(),
};
export interface UsageFilter {
  source?: UsageSource;
  apiKeyId?: string;
}

/** GET /subscription/analytics/{orgId}?start_date&end_date&source&apiKeyId: the cost-savings range, by default the last 30 days to today. */
export const subscriptionAnalyticsQuerySchema = z.object({
  start_date: calendarDaySchema.optional(),
  end_date: calendarDaySchema.optional(),
  ...usageFilterQuery,
});

/** Actual cost against "without the router" (the reference model's prices) for one model, per day. */
export const modelCostSavingsSchema = z.object({
  model_id: z.string(),
  model_name: z.string(),
  daily_savings: z.array(
    z.object({ date: z.string(), tokens_used: z.number(), actual_cost: z.number(), potential_cost: z.number() }),
  ),
});

/**
 * Spec section 3's Analytics. Totals, usage by model and the usage trend cover the current billing
 * cycle (the subscription's period; without one, 30 days (spec section 9) from the day the last
 * subscription ended or the organisation was created); tokens remaining are the current plan's
 * allowance for the cycle less the tokens used in it.
 * success_rate: the share of the model's calls whose reply ran to its end (0 to 1).
 */
export const subscriptionAnalyticsSchema = z.object({
  total_cost: z.number(),
  total_tokens_used: z.number(),
  tokens_remaining: z.number(),
  billing_cycle: z.object({ start_date: z.string(), end_date: z.string(), next_billing_date: z.string() }),
  usage_by_model: z.array(
    z.object({
      model_id: z.string(),
      model_name: z.string(),
      tokens_used: z.number(),
      cost: z.number(),
      success_rate: z.number(),
    }),
  ),
  usage_trend: z.array(z.object({ date: z.string(), tokens_used: z.number(), cost: z.number() })),
  cost_savings: z.array(modelCostSavingsSchema),
  /** Every model of `cost_savings` together over its range, summed exactly: the period's one saving. */
  cost_savings_total: z.object({
    tokens_used: z.number(),
    actual_cost: z.number(),
    potential_cost: z.number(),
    /** potential_cost - actual_cost; negative when the models chosen cost more than the reference. */
    savings: z.number(),
  }),
});
export type SubscriptionAnalytics = z.infer<typeof subscriptionAnalyticsSchema>;

export const usagePeriods = ['day', 'week', 'month', 'year', 'all'] as const;
export type UsagePeriod = (typeof usagePeriods)[number];
/** UTC days each period covers, today included. */
export const usagePeriodDays: Record<Exclude<UsagePeriod, 'all'>, number> = { day: 1, week: 7, month: 30, year: 365 };
export const invalidUsagePeriod = 'Period must be one of day, week, month, year or all';

/** GET /org/{orgId}/usage?period: today, the last 7, 30 or 365 days, or all time (the default: the Usage Summary). */
export const organisationUsageQuerySchema = z.object({
  period: z.enum(usagePeriods, { error: invalidUsagePeriod }).optional(),
});

const usageAmounts = { requests: z.number(), tokens: z.number(), cost: z.number() };

/** Spec section 3's Org usage. lastActive: the latest model call in the period (ISO time), null when none. */
export const organisationUsageSchema = z.object({
  totalRequests: z.number(),
  totalTokens: z.number(),
  totalCost: z.number(),
  lastActive: z.string().nullable(),
  usageByModel: z.array(z.object({ modelId: z.string(), modelName: z.string(), ...usageAmounts })),
  /** UTC calendar months, 'YYYY-MM', oldest first. */
  usageByMonth: z.array(z.object({ month: z.string(), ...usageAmounts })),
});
export type OrganisationUsage = z.infer<typeof organisationUsageSchema>;

/** GET /org/{orgId}/model-analytics?from&to&source&apiKeyId: UTC days, both included; by default the last 30 days to today. */
export const modelAnalyticsQuerySchema = z.object({
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  ...usageFilterQuery,
});

const modelAnalyticsCounts = {
  /** Usage records: every call asked of the model (given up and refused ones included) and every reply served from the cache. */
  requests: z.number(),
  /** Calls whose reply ran to its end. */
  completed: z.number(),
  /** completed / requests, 0 to 1 (0 without requests). */
  success_rate: z.number(),
  input_tokens: z.number(),
  cached_input_tokens: z.number(),
  output_tokens: z.number(),
  tokens_used: z.number(),
  cost: z.number(),
  /** The same usage at the reference model's prices: "without the router". */
  potential_cost: z.number(),
  savings: z.number(),
  /** Replies served from the semantic cache under this model's name (no model call, no cost). */
  cache_hits: z.number(),
  /** Auto (routed) requests this model's reply served, streamed or from the cache. */
  auto_decisions: z.number(),
};

/** Per model over the period, for /admin/models. */
export const modelAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object(modelAnalyticsCounts),
  models: z.array(
    z.object({
      model_id: z.string(),
      model_name: z.string(),
      provider: z.string(),
      ...modelAnalyticsCounts,
      /** This model's share of all Auto decisions of the period, 0 to 1. */
      auto_share: z.number(),
      /** Median latency of the model's complete replies (cache hits left out), within about 5%; null without any. */
      p50_latency_ms: z.number().nullable(),
      /** Median time to the first token of the same replies, within about 5%; null without any. */
      p50_time_to_first_token_ms: z.number().nullable(),
    }),
  ),
});
export type ModelAnalytics = z.infer<typeof modelAnalyticsSchema>;
