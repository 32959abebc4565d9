import { z } from 'zod';
import { organisationIdSchema, userIdSchema } from './ids';
import { text } from './text-rules';

/**
 * Why a reply came from where it did: the semantic cache, the router's score, the user's own
 * choice, a fallback after the primary failed, routing switched off, or one model being all the
 * user may use.
 */
export const routingReasons = ['cache_hit', 'router_score', 'forced', 'fallback', 'routing_off', 'only_model'] as const;
export type RoutingReason = (typeof routingReasons)[number];

/** The kinds of prompts whose router threshold each organisation's feedback calibrates on its own (docs/decisions/033). */
export const promptKinds = ['code', 'maths', 'writing', 'question', 'conversation'] as const;

/** How a reply was routed and what it cost against "no router"; in the stream metadata and on fetched replies. */
export const routeInfoSchema = z.object({
  /** The routing decision's id (also the reply's selection_id). */
  decision_id: z.string(),
  mode: z.enum(['auto', 'forced']),
  reason: z.enum(routingReasons),
  /** A short sentence for people. */
  reason_text: z.string(),
  cached: z.boolean(),
  cost_usd: z.number(),
  reference_model: z.string(),
  /** The same reply at the reference model's prices (for a cache hit, the original reply's cost there). */
  reference_cost_usd: z.number(),
  /**
   * Which router chose the tier, when one scored the prompt: the organisation's own, learned from
   * its labels, or the global one (docs/decisions/068). Beyond the spec's fields; absent otherwise.
   */
  router: z.enum(['organisation', 'global']).optional(),
});
export type RouteInfo = z.infer<typeof routeInfoSchema>;

const qualityTarget = z
  .number({ error: 'Quality target must be a number' })
  .min(0.5, { error: 'Quality target must be between 50% and 100%' })
  .max(1, { error: 'Quality target must be between 50% and 100%' });

export const cacheSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Similarity a semantic hit needs; null uses the product default. */
  threshold: z
    .number()
    .min(0.5, { error: 'Cache threshold must be between 0.5 and 1' })
    .max(1, { error: 'Cache threshold must be between 0.5 and 1' })
    .nullable(),
  ttl_seconds: z
    .number()
    .int()
    .min(60, { error: 'Cache time to live must be between 1 minute and 365 days' })
    .max(365 * 24 * 3600, { error: 'Cache time to live must be between 1 minute and 365 days' }),
  max_entries: z
    .number()
    .int()
    .min(10, { error: 'Cache size must be between 10 and 1,000,000 entries' })
    .max(1_000_000, { error: 'Cache size must be between 10 and 1,000,000 entries' }),
  /**
   * δ: the largest share of wrong answers allowed among the semantic hits the organisation's learned
   * cache threshold serves without a judge (docs/decisions/048, 080); 0.001-0.5, default 0.02.
   */
  error_rate: z
    .number({ error: 'Cache error rate must be a number' })
    .min(0.001, { error: 'Cache error rate must be between 0.1% and 50%' })
    .max(0.5, { error: 'Cache error rate must be between 0.1% and 50%' }),
});

/**
 * Shadow evaluation (docs/decisions/067): a share of Auto's replies answered by a cheaper tier is
 * answered again, in the background, by the strongest model the user may use, and a judge says
 * whether the cheaper reply was as good. Paid by the organisation within a monthly budget.
 */
export const shadowEvaluationSettingsSchema = z.object({
  /** Share of eligible replies sampled, 0-1; 0 is off. */
  sampling_rate: z
    .number({ error: 'Sampling rate must be a number' })
    .min(0, { error: 'Sampling rate must be between 0% and 100%' })
    .max(1, { error: 'Sampling rate must be between 0% and 100%' }),
  /** What sampling may spend in a calendar month, in US dollars (cents at most). */
  monthly_budget_usd: z
    .number({ error: 'Monthly sampling budget must be a number' })
    .min(0, { error: 'Monthly sampling budget must be between $0 and $100,000' })
    .max(100_000, { error: 'Monthly sampling budget must be between $0 and $100,000' })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      error: 'Monthly sampling budget must be in whole cents',
    }),
  /** The judge's model; null: the strongest model the user may use. */
  judge_model_id: text({ label: 'Judge model', max: 200, required: 'Judge model ID cannot be empty' }).nullable(),
});
export type ShadowEvaluationSettings = z.infer<typeof shadowEvaluationSettingsSchema>;

/**
 * The deadlines every model call has (docs/decisions/038): the longest wait for the provider's
 * response headers (for the embedded model: for its queue to take the request), for the first
 * token from the start of the call (the embedded model's wait in its queue included), and the
 * longest silence between tokens. When one passes the call is stopped and its holds settled.
 */
export const deadlineKinds = ['headers', 'first_token', 'between_tokens'] as const;
export type DeadlineKind = (typeof deadlineKinds)[number];

/** The product's deadlines, where a policy leaves them open (null). */
export const defaultModelDeadlines = {
  headers_ms: 30_000,
  first_token_ms: 120_000,
  between_tokens_ms: 30_000,
} as const satisfies Record<`${DeadlineKind}_ms`, number>;

const deadlineMs = (label: string) =>
  z
    .number({ error: `${label} must be a number of milliseconds` })
    .int({ error: `${label} must be between 1 and 600 seconds` })
    .min(1_000, { error: `${label} must be between 1 and 600 seconds` })
    .max(600_000, { error: `${label} must be between 1 and 600 seconds` })
    .nullable();

/** The deadlines in force: each of the policy's, else the product's. */
export function effectiveDeadlines(
  deadlines: {
    [Kind in keyof typeof defaultModelDeadlines]: number | null;
  },
): Record<keyof typeof defaultModelDeadlines, number> {
  return {
    headers_ms: deadlines.headers_ms ?? defaultModelDeadlines.headers_ms,
    first_token_ms: deadlines.first_token_ms ?? defaultModelDeadlines.first_token_ms,
    between_tokens_ms: deadlines.between_tokens_ms ?? defaultModelDeadlines.between_tokens_ms,
  };
}

export const modelDeadlinesSchema = z.object({
  headers_ms: deadlineMs('Time to response headers'),
  first_token_ms: deadlineMs('Time to first token'),
  between_tokens_ms: deadlineMs('Silence between tokens'),
});
export type ModelDeadlines = z.infer<typeof modelDeadlinesSchema>;

/** An organisation's routing policy (GET/PUT /org/{orgId}/routing-policy). */
export const routingPolicySchema = z.object({
  enabled: z.boolean(),
  /** "Aim for this share of the best model's quality", 0.5-1. */
  quality_target: qualityTarget,
  /** Candidate models, cheapest tier first; null offers every model the organisation can reach. */
  candidate_model_ids: z
    .array(text({ label: 'Candidate model', max: 200, required: 'Candidate model IDs cannot be empty' }))
    .min(1, { error: 'Choose at least one candidate model' })
    .max(100, { error: 'Choose at most 100 candidate models' })
    .nullable(),
  /** The "without the router" model; null means the best enabled model. */
  reference_model_id: text({
    label: 'Reference model',
    max: 200,
    required: 'Reference model ID cannot be empty',
  }).nullable(),
  cache: cacheSettingsSchema,
  /** Each null: the product's default (`effective.deadlines` says what applies). */
  deadlines: modelDeadlinesSchema,
  /** Changed by administrators only. */
  shadow_evaluation: shadowEvaluationSettingsSchema,
});
export type RoutingPolicy = z.infer<typeof routingPolicySchema>;

export const updateRoutingPolicyRequestSchema = routingPolicySchema
  .extend({
    cache: cacheSettingsSchema.partial(),
    deadlines: modelDeadlinesSchema.partial(),
    shadow_evaluation: shadowEvaluationSettingsSchema.partial(),
  })
  .partial();
export type UpdateRoutingPolicyRequest = z.infer<typeof updateRoutingPolicyRequestSchema>;

/** The policy as stored, and what it resolves to now (the models it names may come and go with credentials). */
export const routingPolicyResponseSchema = z.object({
  policy: routingPolicySchema,
  effective: z.object({
    candidate_model_ids: z.array(z.string()),
    reference_model_id: z.string().nullable(),
    cache_threshold: z.number(),
    /** The deadlines model calls have now: the policy's, else the product's. */
    deadlines: z.object({ headers_ms: z.number(), first_token_ms: z.number(), between_tokens_ms: z.number() }),
  }),
  /**
   * How the organisation's users' feedback has moved its thresholds (docs/decisions/028, 033). For
   * each kind of prompt, the offset added to the router's threshold (negative: more prompts of the
   * kind go to the strongest tier); for the cache, the offset added to the policy's similarity
   * threshold (0 to 0.10, never below the policy's) and the threshold a hit needs now. Each with
   * the signals that moved it since the last reset and when it last moved (null: never).
   */
  calibration: z.object({
    kinds: z.array(
      z.object({
        kind: z.enum(promptKinds),
        offset: z.number(),
        signals: z.number().int(),
        updated_at: z.string().nullable(),
      }),
    ),
    cache: z.object({
      offset: z.number(),
      threshold: z.number(),
      signals: z.number().int(),
      updated_at: z.string().nullable(),
    }),
  }),
});
export type RoutingPolicyResponse = z.infer<typeof routingPolicyResponseSchema>;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists (not 2026-02-30), in years a range of usage can cover. */
function isRealDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === day &&
    date.getUTCFullYear() >= 1970 &&
    date.getUTCFullYear() <= 2999
  );
}

/** A UTC calendar day, 'YYYY-MM-DD', that exists. */
export const calendarDaySchema = z
  .string({ error: 'Dates must look like YYYY-MM-DD' })
  .regex(isoDay, { error: 'Dates must look like YYYY-MM-DD' })
  .refine(isRealDay, { error: 'Dates must be real days between 1970-01-01 and 2999-12-31' });

/** GET /org/{orgId}/routing-savings: a range of UTC days, both ends included; one user optionally. */
export const routingSavingsQuerySchema = z.object({
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  user_id: userIdSchema.optional(),
});

/** /org/{orgId}/routing-policy and /org/{orgId}/routing-savings. */
export const routingOrganisationPathSchema = z.object({ orgId: organisationIdSchema });

const costPair = { actual_cost: z.number(), potential_cost: z.number() };

/** Actual cost against "without the router", with the spec's cost_savings structure (section 3) per model and day. */
export const routingSavingsResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    requests: z.number(),
    cache_hits: z.number(),
    tokens_used: z.number(),
    ...costPair,
    savings: z.number(),
  }),
  cost_savings: z.array(
    z.object({
      model_id: z.string(),
      model_name: z.string(),
      daily_savings: z.array(z.object({ date: z.string(), tokens_used: z.number(), ...costPair })),
    }),
  ),
  by_user: z.array(
    z.object({ user_id: z.string(), username: z.string(), requests: z.number(), cache_hits: z.number(), ...costPair }),
  ),
});
export type RoutingSavingsResponse = z.infer<typeof routingSavingsResponseSchema>;

const shareInterval = z.object({ low: z.number(), high: z.number() });

/**
 * GET /org/{orgId}/routing-quality (administrators; docs/decisions/067): what shadow evaluation
 * measured, per kind of prompt (null: the router did not score it) and tier of the model that
 * answered: the replies sampled, how many the judge found as good as the strongest model's, that
 * share with its 95% Wilson interval (null with none sampled), and what the sampling cost.
 */
export const routingQualityResponseSchema = z.object({
  groups: z.array(
    z.object({
      kind: z.enum(promptKinds).nullable(),
      tier: z.number().int(),
      sampled: z.number().int(),
      judged_as_good: z.number().int(),
      as_good_share: z.number().nullable(),
      as_good_interval: shareInterval.nullable(),
      sampling_cost_usd: z.number(),
    }),
  ),
  /** Every group together. */
  totals: z.object({
    sampled: z.number().int(),
    judged_as_good: z.number().int(),
    as_good_share: z.number().nullable(),
    as_good_interval: shareInterval.nullable(),
    sampling_cost_usd: z.number(),
  }),
  /** What shadow evaluation spent this calendar month (UTC), failed calls included, against the policy's budget. */
  month: z.object({ sampling_cost_usd: z.number(), monthly_budget_usd: z.number() }),
  /** The organisation's own router, learned from these labels (docs/decisions/068). */
  router: z.object({
    /** Labels learned since the last reset. */
    labels: z.number().int(),
    /** Labels it needs before it chooses its own threshold and decides Auto's tier. */
    labels_needed: z.number().int(),
    /** True: Auto's tier is chosen by this router; false: by the global router. */
    decides: z.boolean(),
    /** When it began deciding (ISO 8601); null while it does not. */
    deciding_since: z.string().nullable(),
    /** When it last learned or was reset; null: never. */
    updated_at: z.string().nullable(),
  }),
  /**
   * The semantic cache (docs/decisions/080), since the organisation began: lookups of cacheable
   * prompts, hits (exact repeats and semantic), the semantic hits a sample of which the judge checked
   * afterwards and how many of those it found wrong, that wrong-hit rate with its 95% Wilson
   * interval (null with none checked), the judge's calls on borderline lookups, what the hits saved
   * (their reference cost less their judge's), and the organisation's learned threshold.
   */
  cache: z.object({
    lookups: z.number().int(),
    /** Lookups the learned threshold decided. */
    learned_lookups: z.number().int(),
    hits: z.number().int(),
    exact_hits: z.number().int(),
    semantic_hits: z.number().int(),
    /** Semantic hits the learned threshold served without the judge. */
    learned_hits: z.number().int(),
    /** Semantic hits the judge allowed. */
    judged_hits: z.number().int(),
    /** Borderline lookups put to the same-question judge, and what those calls cost. */
    judge_calls: z.number().int(),
    judge_cost_usd: z.number(),
    /** Semantic hits served without the judge and checked by it afterwards (shadow evaluation's rate and budget). */
    checked_hits: z.number().int(),
    /** Checked hits the judge found did not answer the prompt. */
    wrong_hits: z.number().int(),
    wrong_hit_rate: z.number().nullable(),
    wrong_hit_interval: shareInterval.nullable(),
    checking_cost_usd: z.number(),
    /** Semantic hits users signalled did not serve (a bad rating, a regeneration, an edit). */
    flagged_hits: z.number().int(),
    /** The hits' reference cost less what their judge calls cost. */
    savings_usd: z.number(),
    /** The organisation's learned cache threshold. */
    learner: z.object({
      /** Labels learned since the last reset. */
      labels: z.number().int(),
      /** Labels it needs before it decides Auto's semantic lookups. */
      labels_needed: z.number().int(),
      /** True: Auto's semantic hits are decided by the learned threshold; false: by the static rules. */
      decides: z.boolean(),
      deciding_since: z.string().nullable(),
      updated_at: z.string().nullable(),
      /** The policy's δ the learned threshold holds the wrong-hit rate under. */
      error_rate: z.number(),
    }),
  }),
});
export type RoutingQualityResponse = z.infer<typeof routingQualityResponseSchema>;
