CREATE TABLE "routing_quality_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"decision_id" uuid NOT NULL,
	"prompt_kind" text,
	"tier" integer NOT NULL,
	"model_id" text NOT NULL,
	"strong_model_id" text NOT NULL,
	"judge_model_id" text NOT NULL,
	"verdict" text NOT NULL,
	"strong_cost_picodollars" bigint NOT NULL,
	"judge_cost_picodollars" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "routing_policies" ADD COLUMN "shadow_sampling_rate" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "routing_policies" ADD COLUMN "shadow_monthly_budget_picodollars" bigint DEFAULT 10000000000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "routing_policies" ADD COLUMN "shadow_judge_model_id" text;--> statement-breakpoint
ALTER TABLE "routing_quality_labels" ADD CONSTRAINT "routing_quality_labels_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_quality_labels" ADD CONSTRAINT "routing_quality_labels_decision_id_routing_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."routing_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "routing_quality_labels_decision_idx" ON "routing_quality_labels" USING btree ("decision_id");--> statement-breakpoint
CREATE INDEX "routing_quality_labels_org_idx" ON "routing_quality_labels" USING btree ("org_id","created_at");--> statement-breakpoint
-- hand-written:
-- The usage trigger's per-user monthly totals (the users' own usage and their role's limits) leave
-- out shadow evaluation's calls: the organisation pays for them, the user asked for none of them.
-- Everything else is migration 0038's function unchanged.
CREATE OR REPLACE FUNCTION usage_rollup_count(record usage_records, sign integer, deleting boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  completed integer := CASE WHEN record.outcome = 'complete' THEN sign ELSE 0 END;
  -- Latency percentiles are of model calls that ran to their end, not of replies from the cache.
  timed boolean := record.outcome = 'complete' AND NOT record.cache_hit;
  latency_bucket integer := CASE WHEN timed THEN usage_latency_bucket(record.latency_ms) END;
  first_token_bucket integer := CASE WHEN timed THEN usage_latency_bucket(record.time_to_first_token_ms) END;
  -- An Auto request this model's reply served (streamed or from the cache); not a call given up or refused.
  auto_decision integer := 0;
BEGIN
  IF deleting AND NOT EXISTS (SELECT 1 FROM organisations o WHERE o.id = record.org_id) THEN
    RETURN;
  END IF;
  IF record.decision_id IS NOT NULL AND record.outcome IN ('complete', 'partial', 'interrupted') THEN
    SELECT CASE WHEN d.mode = 'auto' THEN sign ELSE 0 END INTO auto_decision
    FROM routing_decisions d WHERE d.id = record.decision_id AND d.org_id = record.org_id;
  END IF;

  INSERT INTO usage_daily_totals AS totals (
    org_id, day, model_id, requests, completed, cache_hits, auto_decisions, input_tokens, cached_input_tokens,
    output_tokens, cost_usd, reference_cost_usd, latency_histogram, first_token_histogram, last_used_at)
  VALUES (
    record.org_id, (record.created_at AT TIME ZONE 'UTC')::date, record.model_id, sign, completed,
    CASE WHEN record.cache_hit THEN sign ELSE 0 END, coalesce(auto_decision, 0),
    sign * record.input_tokens, sign * record.cached_input_tokens, sign * record.output_tokens,
    sign * record.cost_usd, sign * record.reference_cost_usd,
    usage_histogram_count('{}', latency_bucket, sign), usage_histogram_count('{}', first_token_bucket, sign), record.created_at)
  ON CONFLICT (org_id, day, model_id) DO UPDATE SET
    requests = totals.requests + excluded.requests,
    completed = totals.completed + excluded.completed,
    cache_hits = totals.cache_hits + excluded.cache_hits,
    auto_decisions = totals.auto_decisions + excluded.auto_decisions,
    input_tokens = totals.input_tokens + excluded.input_tokens,
    cached_input_tokens = totals.cached_input_tokens + excluded.cached_input_tokens,
    output_tokens = totals.output_tokens + excluded.output_tokens,
    cost_usd = totals.cost_usd + excluded.cost_usd,
    reference_cost_usd = totals.reference_cost_usd + excluded.reference_cost_usd,
    latency_histogram = usage_histogram_count(totals.latency_histogram, latency_bucket, sign),
    first_token_histogram = usage_histogram_count(totals.first_token_histogram, first_token_bucket, sign),
    last_used_at = greatest(totals.last_used_at, excluded.last_used_at);

  INSERT INTO usage_daily_source_totals AS totals (
    org_id, day, model_id, source, api_key_id, requests, completed, cache_hits, auto_decisions, input_tokens, cached_input_tokens,
    output_tokens, cost_usd, reference_cost_usd, latency_histogram, first_token_histogram, last_used_at)
  VALUES (
    record.org_id, (record.created_at AT TIME ZONE 'UTC')::date, record.model_id, record.source, record.api_key_id, sign, completed,
    CASE WHEN record.cache_hit THEN sign ELSE 0 END, coalesce(auto_decision, 0),
    sign * record.input_tokens, sign * record.cached_input_tokens, sign * record.output_tokens,
    sign * record.cost_usd, sign * record.reference_cost_usd,
    usage_histogram_count('{}', latency_bucket, sign), usage_histogram_count('{}', first_token_bucket, sign), record.created_at)
  ON CONFLICT (org_id, day, model_id, source, api_key_id) DO UPDATE SET
    requests = totals.requests + excluded.requests,
    completed = totals.completed + excluded.completed,
    cache_hits = totals.cache_hits + excluded.cache_hits,
    auto_decisions = totals.auto_decisions + excluded.auto_decisions,
    input_tokens = totals.input_tokens + excluded.input_tokens,
    cached_input_tokens = totals.cached_input_tokens + excluded.cached_input_tokens,
    output_tokens = totals.output_tokens + excluded.output_tokens,
    cost_usd = totals.cost_usd + excluded.cost_usd,
    reference_cost_usd = totals.reference_cost_usd + excluded.reference_cost_usd,
    latency_histogram = usage_histogram_count(totals.latency_histogram, latency_bucket, sign),
    first_token_histogram = usage_histogram_count(totals.first_token_histogram, first_token_bucket, sign),
    last_used_at = greatest(totals.last_used_at, excluded.last_used_at);

  -- A shadow evaluation is the organisation's cost, not the user's (docs/decisions/067).
  IF record.source = 'shadow-evaluation' THEN
    RETURN;
  END IF;
  IF deleting AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = record.user_id) THEN
    RETURN;
  END IF;
  INSERT INTO usage_monthly_user_totals AS totals (
    org_id, user_id, month, model_id, requests, completed, cache_hits, input_tokens, output_tokens, cost_usd, reference_cost_usd)
  VALUES (
    record.org_id, record.user_id, date_trunc('month', record.created_at AT TIME ZONE 'UTC')::date, record.model_id,
    sign, completed, CASE WHEN record.cache_hit THEN sign ELSE 0 END,
    sign * record.input_tokens, sign * record.output_tokens, sign * record.cost_usd, sign * record.reference_cost_usd)
  ON CONFLICT (org_id, user_id, month, model_id) DO UPDATE SET
    requests = totals.requests + excluded.requests,
    completed = totals.completed + excluded.completed,
    cache_hits = totals.cache_hits + excluded.cache_hits,
    input_tokens = totals.input_tokens + excluded.input_tokens,
    output_tokens = totals.output_tokens + excluded.output_tokens,
    cost_usd = totals.cost_usd + excluded.cost_usd,
    reference_cost_usd = totals.reference_cost_usd + excluded.reference_cost_usd;
END
$$;
