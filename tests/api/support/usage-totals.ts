import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../src/server/db/database';

// The usage roll-ups (docs/decisions/020) next to the same sums made from the records themselves,
// in one comparable shape: what a test expects the trigger to have kept.

export interface ComparableTotals {
  daily: Record<string, unknown>[];
  monthly: Record<string, unknown>[];
  /** The daily totals by source and API key (docs/decisions/061). */
  bySource: Record<string, unknown>[];
}

type Rows = { rows: Record<string, unknown>[] };

function normalise(row: Record<string, unknown>): Record<string, unknown> {
  const normalised: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    normalised[key] = typeof value === 'number' || typeof value === 'bigint' ? String(value) : value;
  return normalised;
}

// Histograms as the bucket each count is of ("bucket:count"), whatever span the array has.
const dailyColumns =
  sql.raw(`requests::text, completed::text, cache_hits::text, auto_decisions::text, input_tokens::text,
  cached_input_tokens::text, output_tokens::text, cost_usd::numeric(24, 10)::text as cost_usd,
  reference_cost_usd::numeric(24, 10)::text as reference_cost_usd,
  array(select (position - 2 + coalesce(array_lower(latency_histogram, 1), 1)) || ':' || count
    from unnest(latency_histogram) with ordinality as counts(count, position) where count <> 0) as latency_histogram,
  array(select (position - 2 + coalesce(array_lower(first_token_histogram, 1), 1)) || ':' || count
    from unnest(first_token_histogram) with ordinality as counts(count, position) where count <> 0) as first_token_histogram`);
const monthlyColumns =
  sql.raw(`requests::text, completed::text, cache_hits::text, input_tokens::text, output_tokens::text,
  cost_usd::numeric(24, 10)::text as cost_usd, reference_cost_usd::numeric(24, 10)::text as reference_cost_usd`);

async function totalsFromRollUps(db: Executor, orgId: string): Promise<ComparableTotals> {
  const daily = (await db.execute(sql`
    select day::text, model_id, ${dailyColumns} from usage_daily_totals
    where org_id = ${orgId} and requests <> 0 order by day, model_id`)) as unknown as Rows;
  const monthly = (await db.execute(sql`
    select user_id::text, month::text, model_id, ${monthlyColumns} from usage_monthly_user_totals
    where org_id = ${orgId} and requests <> 0 order by user_id, month, model_id`)) as unknown as Rows;
  const bySource = (await db.execute(sql`
    select day::text, model_id, source, api_key_id::text, ${dailyColumns} from usage_daily_source_totals
    where org_id = ${orgId} and requests <> 0 order by day, model_id, source, api_key_id nulls first`)) as unknown as Rows;
  return {
    daily: daily.rows.map(normalise),
    monthly: monthly.rows.map(normalise),
    bySource: bySource.rows.map(normalise),
  };
}

/** The same sums straight from usage_records: every record that is no longer streaming. */
async function totalsFromRecords(db: Executor, orgId: string): Promise<ComparableTotals> {
  const daily = (await db.execute(sql`
    select day::text, model_id, ${dailyColumns} from (
      select (r.created_at at time zone 'UTC')::date as day, r.model_id,
        count(*) as requests,
        count(*) filter (where r.outcome = 'complete') as completed,
        count(*) filter (where r.cache_hit) as cache_hits,
        count(*) filter (where d.mode = 'auto' and r.outcome in ('complete', 'partial', 'interrupted')) as auto_decisions,
        sum(r.input_tokens) as input_tokens, sum(r.cached_input_tokens) as cached_input_tokens, sum(r.output_tokens) as output_tokens,
        sum(r.cost_usd) as cost_usd, sum(r.reference_cost_usd) as reference_cost_usd,
        usage_histogram_of(case when r.outcome = 'complete' and not r.cache_hit then usage_latency_bucket(r.latency_ms) end) as latency_histogram,
        usage_histogram_of(case when r.outcome = 'complete' and not r.cache_hit then usage_latency_bucket(r.time_to_first_token_ms) end) as first_token_histogram
      from usage_records r
      left join routing_decisions d on d.id = r.decision_id and d.org_id = r.org_id
      where r.org_id = ${orgId} and r.outcome <> 'streaming'
      group by 1, 2) sums
    order by day, model_id`)) as unknown as Rows;
  const monthly = (await db.execute(sql`
    select user_id::text, month::text, model_id, ${monthlyColumns} from (
      select r.user_id, date_trunc('month', r.created_at at time zone 'UTC')::date as month, r.model_id,
        count(*) as requests, count(*) filter (where r.outcome = 'complete') as completed, count(*) filter (where r.cache_hit) as cache_hits,
        sum(r.input_tokens) as input_tokens, sum(r.output_tokens) as output_tokens,
        sum(r.cost_usd) as cost_usd, sum(r.reference_cost_usd) as reference_cost_usd
      from usage_records r
      where r.org_id = ${orgId} and r.outcome <> 'streaming'
      group by 1, 2, 3) sums
    order by user_id, month, model_id`)) as unknown as Rows;
  const bySource = (await db.execute(sql`
    select day::text, model_id, source, api_key_id::text, ${dailyColumns} from (
      select (r.created_at at time zone 'UTC')::date as day, r.model_id, r.source, r.api_key_id,
        count(*) as requests,
        count(*) filter (where r.outcome = 'complete') as completed,
        count(*) filter (where r.cache_hit) as cache_hits,
        count(*) filter (where d.mode = 'auto' and r.outcome in ('complete', 'partial', 'interrupted')) as auto_decisions,
        sum(r.input_tokens) as input_tokens, sum(r.cached_input_tokens) as cached_input_tokens, sum(r.output_tokens) as output_tokens,
        sum(r.cost_usd) as cost_usd, sum(r.reference_cost_usd) as reference_cost_usd,
        usage_histogram_of(case when r.outcome = 'complete' and not r.cache_hit then usage_latency_bucket(r.latency_ms) end) as latency_histogram,
        usage_histogram_of(case when r.outcome = 'complete' and not r.cache_hit then usage_latency_bucket(r.time_to_first_token_ms) end) as first_token_histogram
      from usage_records r
      left join routing_decisions d on d.id = r.decision_id and d.org_id = r.org_id
      where r.org_id = ${orgId} and r.outcome <> 'streaming'
      group by 1, 2, 3, 4) sums
    order by day, model_id, source, api_key_id nulls first`)) as unknown as Rows;
  return {
    daily: daily.rows.map(normalise),
    monthly: monthly.rows.map(normalise),
    bySource: bySource.rows.map(normalise),
  };
}

/**
 * The roll-ups and the records' own sums, read in one snapshot: replies that end between two reads
 * would otherwise show in one and not the other.
 */
export async function rollUpsAndRecords(
  db: Database,
  orgId: string,
): Promise<{ fromRollUps: ComparableTotals; fromRecords: ComparableTotals }> {
  return db.transaction(
    async (transaction) => ({
      fromRollUps: await totalsFromRollUps(transaction, orgId),
      fromRecords: await totalsFromRecords(transaction, orgId),
    }),
    {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    },
  );
}
