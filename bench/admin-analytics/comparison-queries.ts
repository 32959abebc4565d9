/**
 * Queries the benchmark times beside the endpoints.
 *
 * From the records: the dashboard's cycle totals and the model analytics' p50 latencies computed
 * from usage_records directly, with an index made for them, to show what the roll-ups save.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/database';

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** The index a raw-records version would need: the organisation's records by time, with what the figures read. */
export async function createRawRecordsIndex(db: Database): Promise<void> {
  await db.execute(sql`create index if not exists bench_usage_records_org_time on usage_records (org_id, created_at)
    include (model_id, input_tokens, output_tokens, cost_usd, reference_cost_usd, outcome, cache_hit, latency_ms, time_to_first_token_ms)`);
}

export async function dropRawRecordsIndex(db: Database): Promise<void> {
  await db.execute(sql`drop index if exists bench_usage_records_org_time`);
}

/** The dashboard's per-model cycle figures from the records of the last 30 days. */
export async function rawCycleTotals(db: Database, orgId: string) {
  return rowsOf(
    await db.execute(sql`
      select model_id, count(*) as requests, count(*) filter (where outcome = 'complete') as completed,
        sum(input_tokens + output_tokens) as tokens, sum(cost_usd) as cost, sum(reference_cost_usd) as reference
      from usage_records where org_id = ${orgId} and created_at >= now() - interval '30 days'
      group by model_id`),
  );
}

/** The model analytics' medians from the records of the last 30 days. */
export async function rawMedianLatencies(db: Database, orgId: string) {
  return rowsOf(
    await db.execute(sql`
      select model_id, percentile_disc(0.5) within group (order by latency_ms) as latency,
        percentile_disc(0.5) within group (order by time_to_first_token_ms) as first_token
      from usage_records
      where org_id = ${orgId} and created_at >= now() - interval '30 days' and outcome = 'complete' and not cache_hit
      group by model_id`),
  );
}
