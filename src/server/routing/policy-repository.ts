import { eq } from 'drizzle-orm';
import type { RoutingPolicy } from '../../contracts';
import type { Executor } from '../db/database';
import { routingPolicies } from '../db/schema';

/** What an organisation that never changed its policy gets: routing and the cache on, aiming for 95%. */
export const defaultRoutingPolicy: RoutingPolicy = {
  enabled: true,
  quality_target: 0.95,
  candidate_model_ids: null,
  reference_model_id: null,
  cache: { enabled: true, threshold: null, ttl_seconds: 7 * 24 * 3600, max_entries: 100_000, error_rate: 0.02 },
  deadlines: { headers_ms: null, first_token_ms: null, between_tokens_ms: null },
  shadow_evaluation: { sampling_rate: 0, monthly_budget_usd: 10, judge_model_id: null },
};

const picodollarsPerCent = 10_000_000_000n;

export async function loadRoutingPolicy(db: Executor, orgId: string): Promise<RoutingPolicy> {
  const [row] = await db.select().from(routingPolicies).where(eq(routingPolicies.orgId, orgId));
  if (!row) return defaultRoutingPolicy;
  return {
    enabled: row.enabled,
    quality_target: row.qualityTarget,
    candidate_model_ids: row.candidateModelIds ?? null,
    reference_model_id: row.referenceModelId,
    cache: {
      enabled: row.cacheEnabled,
      threshold: row.cacheThreshold,
      ttl_seconds: row.cacheTtlSeconds,
      max_entries: row.cacheMaxEntries,
      error_rate: row.cacheErrorRate,
    },
    deadlines: {
      headers_ms: row.headersTimeoutMs,
      first_token_ms: row.firstTokenTimeoutMs,
      between_tokens_ms: row.betweenTokensTimeoutMs,
    },
    shadow_evaluation: {
      sampling_rate: row.shadowSamplingRate,
      monthly_budget_usd: Number(row.shadowMonthlyBudgetPicodollars / picodollarsPerCent) / 100,
      judge_model_id: row.shadowJudgeModelId,
    },
  };
}

export async function saveRoutingPolicy(db: Executor, orgId: string, policy: RoutingPolicy): Promise<void> {
  const values = {
    enabled: policy.enabled,
    qualityTarget: policy.quality_target,
    candidateModelIds: policy.candidate_model_ids,
    referenceModelId: policy.reference_model_id,
    cacheEnabled: policy.cache.enabled,
    cacheThreshold: policy.cache.threshold,
    cacheTtlSeconds: policy.cache.ttl_seconds,
    cacheMaxEntries: policy.cache.max_entries,
    cacheErrorRate: policy.cache.error_rate,
    headersTimeoutMs: policy.deadlines.headers_ms,
    firstTokenTimeoutMs: policy.deadlines.first_token_ms,
    betweenTokensTimeoutMs: policy.deadlines.between_tokens_ms,
    shadowSamplingRate: policy.shadow_evaluation.sampling_rate,
    // The contract allows whole cents only.
    shadowMonthlyBudgetPicodollars:
      BigInt(Math.round(policy.shadow_evaluation.monthly_budget_usd * 100)) * picodollarsPerCent,
    shadowJudgeModelId: policy.shadow_evaluation.judge_model_id,
    updatedAt: new Date(),
  };
  await db
    .insert(routingPolicies)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: routingPolicies.orgId, set: values });
}
