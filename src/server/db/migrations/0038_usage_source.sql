CREATE TABLE "usage_daily_source_totals" (
	"org_id" uuid NOT NULL,
	"model_id" text NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"api_key_id" uuid,
	"requests" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"cache_hits" integer DEFAULT 0 NOT NULL,
	"auto_decisions" integer DEFAULT 0 NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"cached_input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"cost_usd" numeric(24, 10) DEFAULT '0' NOT NULL,
	"reference_cost_usd" numeric(24, 10) DEFAULT '0' NOT NULL,
	"latency_histogram" integer[] DEFAULT '{}' NOT NULL,
	"first_token_histogram" integer[] DEFAULT '{}' NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_daily_source_totals_unique" UNIQUE NULLS NOT DISTINCT("org_id","day","model_id","source","api_key_id")
);
--> statement-breakpoint
ALTER TABLE "usage_daily_source_totals" ADD CONSTRAINT "usage_daily_source_totals_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written:
-- The usage trigger (migration 0013) also keeps usage_daily_source_totals, the daily totals by
-- source and API key (docs/decisions/061), and counts a record again when its source or key
-- changes (a key's records are detached when it is deleted). Then the records already there are
-- summed in, with usage_records locked so none is missed or counted twice.
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION usage_records_roll_up() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.outcome <> 'streaming' AND NEW.outcome <> 'streaming'
    AND (NEW.org_id, NEW.user_id, NEW.model_id, NEW.created_at, NEW.decision_id, NEW.outcome, NEW.cache_hit,
      NEW.input_tokens, NEW.cached_input_tokens, NEW.output_tokens, NEW.cost_usd, NEW.reference_cost_usd,
      NEW.latency_ms, NEW.time_to_first_token_ms, NEW.source, NEW.api_key_id)
    IS NOT DISTINCT FROM (OLD.org_id, OLD.user_id, OLD.model_id, OLD.created_at, OLD.decision_id, OLD.outcome, OLD.cache_hit,
      OLD.input_tokens, OLD.cached_input_tokens, OLD.output_tokens, OLD.cost_usd, OLD.reference_cost_usd,
      OLD.latency_ms, OLD.time_to_first_token_ms, OLD.source, OLD.api_key_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.outcome <> 'streaming' THEN
    PERFORM usage_rollup_count(OLD, -1, TG_OP = 'DELETE');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.outcome <> 'streaming' THEN
    PERFORM usage_rollup_count(NEW, 1, false);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
LOCK TABLE usage_records IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO usage_daily_source_totals (
  org_id, day, model_id, source, api_key_id, requests, completed, cache_hits, auto_decisions, input_tokens,
  cached_input_tokens, output_tokens, cost_usd, reference_cost_usd, latency_histogram, first_token_histogram, last_used_at)
SELECT r.org_id, (r.created_at AT TIME ZONE 'UTC')::date, r.model_id, r.source, r.api_key_id,
  count(*),
  count(*) FILTER (WHERE r.outcome = 'complete'),
  count(*) FILTER (WHERE r.cache_hit),
  count(*) FILTER (WHERE d.mode = 'auto' AND r.outcome IN ('complete', 'partial', 'interrupted')),
  sum(r.input_tokens), sum(r.cached_input_tokens), sum(r.output_tokens), sum(r.cost_usd), sum(r.reference_cost_usd),
  usage_histogram_of(CASE WHEN r.outcome = 'complete' AND NOT r.cache_hit THEN usage_latency_bucket(r.latency_ms) END),
  usage_histogram_of(CASE WHEN r.outcome = 'complete' AND NOT r.cache_hit THEN usage_latency_bucket(r.time_to_first_token_ms) END),
  max(r.created_at)
FROM usage_records r
LEFT JOIN routing_decisions d ON d.id = r.decision_id AND d.org_id = r.org_id
WHERE r.outcome <> 'streaming'
GROUP BY 1, 2, 3, 4, 5;
