-- Usage roll-ups kept by the database itself (docs/decisions/020): a trigger applies every insert,
-- update and delete of a usage record to usage_daily_totals and usage_monthly_user_totals in the
-- same transaction, one upsert per table, so the totals always equal the sum of the records that
-- are no longer streaming. Then older records get an outcome, the records already there are
-- summed in, and the Free Trial gets its token allowance.

-- Bucket of a duration in a latency histogram: 8 buckets per doubling of milliseconds, each about
-- 9% wide; bucket b holds [2^(b / 8), 2^((b + 1) / 8)) ms (0 and 1 ms are in bucket 0), and
-- anything from about 9 hours on in bucket 200 (latency-histogram.ts reads them).
CREATE FUNCTION usage_latency_bucket(milliseconds integer) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT least(200, floor(8 * ln(greatest(milliseconds, 1)::double precision) / ln(2::double precision))::integer)
$$;
--> statement-breakpoint
-- A histogram with `delta` added to one bucket; a null bucket changes nothing. Element b + 1 counts
-- bucket b; an array holds only the span of buckets it has seen (PostgreSQL arrays grow at either
-- end, their lower bound moving), so most are a few dozen elements whatever the bucket numbers.
CREATE FUNCTION usage_histogram_count(histogram integer[], bucket integer, delta integer) RETURNS integer[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF bucket IS NOT NULL THEN
    histogram[bucket + 1] := coalesce(histogram[bucket + 1], 0) + delta;
  END IF;
  RETURN histogram;
END
$$;
--> statement-breakpoint
CREATE FUNCTION usage_histogram_tally(histogram integer[], bucket integer) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT usage_histogram_count(histogram, bucket, 1)
$$;
--> statement-breakpoint
-- The histogram of a set of buckets (null buckets left out).
CREATE AGGREGATE usage_histogram_of(integer) (SFUNC = usage_histogram_tally, STYPE = integer[], INITCOND = '{}');
--> statement-breakpoint
-- Counts one record into the totals (sign 1) or out of them (sign -1). `deleting`: the record goes
-- with its organisation or user perhaps, whose totals then go by cascade and must not be written
-- again (their foreign keys would refuse the row).
CREATE FUNCTION usage_rollup_count(record usage_records, sign integer, deleting boolean) RETURNS void
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
-- A record still streaming is counted when its reply ends (or is recovered as interrupted): its
-- checkpoints, about one a second, change no totals. An update counts the old values out and the
-- new ones in, and only when a counted field changed (unlinking a deleted chat changes none).
CREATE FUNCTION usage_records_roll_up() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.outcome <> 'streaming' AND NEW.outcome <> 'streaming'
    AND (NEW.org_id, NEW.user_id, NEW.model_id, NEW.created_at, NEW.decision_id, NEW.outcome, NEW.cache_hit,
      NEW.input_tokens, NEW.cached_input_tokens, NEW.output_tokens, NEW.cost_usd, NEW.reference_cost_usd,
      NEW.latency_ms, NEW.time_to_first_token_ms)
    IS NOT DISTINCT FROM (OLD.org_id, OLD.user_id, OLD.model_id, OLD.created_at, OLD.decision_id, OLD.outcome, OLD.cache_hit,
      OLD.input_tokens, OLD.cached_input_tokens, OLD.output_tokens, OLD.cost_usd, OLD.reference_cost_usd,
      OLD.latency_ms, OLD.time_to_first_token_ms) THEN
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
-- No record may be written between here and the end of the migration (it runs in one
-- transaction): none is then missed or counted twice by the sums below.
LOCK TABLE usage_records IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- Records written before outcomes were kept: the reply's status where the reply is linked, else
-- what the numbers say (a call given up before answering has no output and only estimates).
UPDATE usage_records r SET outcome = coalesce(
  (SELECT CASE WHEN m.status = 'streaming' THEN 'streaming' ELSE m.status END
   FROM chat_messages m WHERE m.id = r.message_id AND m.org_id = r.org_id),
  CASE WHEN r.cache_hit THEN 'complete' WHEN r.estimated AND r.output_tokens = 0 THEN 'abandoned' WHEN r.estimated THEN 'partial' ELSE 'complete' END);
--> statement-breakpoint
CREATE TRIGGER usage_records_roll_up AFTER INSERT OR UPDATE OR DELETE ON usage_records
  FOR EACH ROW EXECUTE FUNCTION usage_records_roll_up();
--> statement-breakpoint
-- The records already there (the same sums as usage_rollup_count's, for every record at once).
INSERT INTO usage_daily_totals (
  org_id, day, model_id, requests, completed, cache_hits, auto_decisions, input_tokens, cached_input_tokens,
  output_tokens, cost_usd, reference_cost_usd, latency_histogram, first_token_histogram, last_used_at)
SELECT r.org_id, (r.created_at AT TIME ZONE 'UTC')::date, r.model_id,
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
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO usage_monthly_user_totals (
  org_id, user_id, month, model_id, requests, completed, cache_hits, input_tokens, output_tokens, cost_usd, reference_cost_usd)
SELECT r.org_id, r.user_id, date_trunc('month', r.created_at AT TIME ZONE 'UTC')::date, r.model_id,
  count(*), count(*) FILTER (WHERE r.outcome = 'complete'), count(*) FILTER (WHERE r.cache_hit),
  sum(r.input_tokens), sum(r.output_tokens), sum(r.cost_usd), sum(r.reference_cost_usd)
FROM usage_records r
WHERE r.outcome <> 'streaming'
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Until plans can be bought (issue 7) every organisation is on the Free Trial; this is its allowance per 30-day cycle.
UPDATE plans SET tokens_per_cycle = 1000000 WHERE id = 'free';
