/**
 * Usage history generated inside the database (generate_series, a seeded random()), written
 * through the usage_records trigger as the server's own writes are, so the roll-ups the endpoints
 * read are the ones the trigger keeps: RECORDS records across USERS users and the models below in
 * one organisation over the last DAYS days, and other organisations beside it.
 */
import { sql } from 'drizzle-orm';
import { modelCatalog } from '../../src/gateway';
import type { Database } from '../../src/server/db/database';

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

export interface SeedPlan {
  orgId: string;
  /** Users to add beside the organisation's first user (its admin). */
  extraUsers: number;
  records: number;
  days: number;
  /** Records per statement (and per transaction). */
  chunk?: number;
}

/** 20 models: the catalog's hosted ones, then models of an OpenAI-compatible server (not in the catalog). */
export function benchModels(count = 20): { id: string; inputPricePerMillion: number; outputPricePerMillion: number }[] {
  const hosted = modelCatalog.filter((model) => model.provider !== 'local').slice(0, count);
  const compatible = Array.from({ length: Math.max(0, count - hosted.length) }, (_, index) => ({
    id: `openai-compatible/bench-model-${index + 1}`,
    inputPricePerMillion: 0.2 + index / 10,
    outputPricePerMillion: 0.6 + index / 5,
  }));
  return [...hosted, ...compatible];
}

/** The helper tables the generator joins: numbered users and models with their prices. */
export async function prepareSeedTables(db: Database): Promise<void> {
  await db.execute(
    sql`create table if not exists bench_users (org_id uuid not null, n integer not null, id uuid not null, primary key (org_id, n))`,
  );
  await db.execute(
    sql`create table if not exists bench_models (n integer primary key, model_id text not null, input_price numeric not null, output_price numeric not null)`,
  );
  await db.execute(sql`delete from bench_models`);
  const values = benchModels().map(
    (model, index) => sql`(${index}, ${model.id}, ${model.inputPricePerMillion}, ${model.outputPricePerMillion})`,
  );
  await db.execute(
    sql`insert into bench_models (n, model_id, input_price, output_price) values ${sql.join(values, sql`, `)}`,
  );
}

export async function dropSeedTables(db: Database): Promise<void> {
  await db.execute(sql`drop table if exists bench_users`);
  await db.execute(sql`drop table if exists bench_models`);
}

/** Adds the users (Member role) and the records; answers the seconds the records took. */
export async function seedUsage(db: Database, plan: SeedPlan, progress: (line: string) => void): Promise<number> {
  const [member] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from roles where org_id = ${plan.orgId} and name = 'Member'`),
  );
  await db.execute(sql`
    insert into users (org_id, role_id, username, email, status)
    select ${plan.orgId}, ${member!.id}, 'bench-' || left(${plan.orgId}::text, 8) || '-' || n, 'bench-' || left(${plan.orgId}::text, 8) || '-' || n || '@example.test', 'active'
    from generate_series(1, ${plan.extraUsers}) n`);
  await db.execute(sql`
    insert into bench_users (org_id, n, id)
    select org_id, (row_number() over (order by created_at, username) - 1)::integer, id from users where org_id = ${plan.orgId}`);
  const [{ users }] = rowsOf<{ users: number }>(
    await db.execute(sql`select count(*)::integer as users from bench_users where org_id = ${plan.orgId}`),
  ) as [{ users: number }];
  const [{ models }] = rowsOf<{ models: number }>(
    await db.execute(sql`select count(*)::integer as models from bench_models`),
  ) as [{ models: number }];

  const chunk = plan.chunk ?? 50_000;
  const started = performance.now();
  for (let done = 0, part = 0; done < plan.records; done += chunk, part += 1) {
    const size = Math.min(chunk, plan.records - done);
    await db.transaction(async (transaction) => {
      await transaction.execute(sql`select setseed(${((part % 1000) + 1) / 1001})`);
      // Skewed towards the first models; 8% cache hits; most calls complete; latencies spread over two orders of magnitude.
      await transaction.execute(sql`
        insert into usage_records (org_id, user_id, model_id, input_tokens, output_tokens, cost_usd, reference_cost_usd,
          latency_ms, time_to_first_token_ms, estimated, cache_hit, outcome, created_at)
        select ${plan.orgId}, u.id, m.model_id,
          case when g.cache_hit then 0 else g.input_tokens end,
          case when g.cache_hit then 0 else g.output_tokens end,
          case when g.cache_hit then 0 else round((g.input_tokens * m.input_price + g.output_tokens * m.output_price) / 1000000, 10) end,
          round((g.input_tokens * 3 + g.output_tokens * 15) / 1000000.0, 10),
          case when g.cache_hit then 5 + g.first_token_ms / 20 else g.latency_ms end,
          case when g.cache_hit then 5 + g.first_token_ms / 20 else g.first_token_ms end,
          g.outcome not in ('complete'), g.cache_hit,
          case when g.cache_hit then 'complete' else g.outcome end,
          g.created_at
        from (
          select floor(random() * ${users})::integer as user_n,
            floor(${models} * random() ^ 2)::integer as model_n,
            random() < 0.08 as cache_hit,
            50 + floor(random() * 1500)::integer as input_tokens,
            20 + floor(random() * 800)::integer as output_tokens,
            (250 * exp(random() * 4))::integer as latency_ms,
            (40 * exp(random() * 3))::integer as first_token_ms,
            (array['complete', 'complete', 'complete', 'complete', 'complete', 'complete', 'complete', 'complete',
              'complete', 'complete', 'complete', 'complete', 'complete', 'complete', 'complete', 'complete',
              'complete', 'partial', 'failed', 'abandoned'])[1 + floor(random() * 20)::integer] as outcome,
            now() - random() * ${plan.days} * interval '1 day' as created_at
          from generate_series(1, ${size})
        ) g
        join bench_users u on u.org_id = ${plan.orgId} and u.n = g.user_n
        join bench_models m on m.n = g.model_n`);
    });
    if (part % 4 === 3 || done + size >= plan.records) {
      const seconds = (performance.now() - started) / 1000;
      progress(
        `  ${done + size} records in ${seconds.toFixed(0)} s (${(((done + size) / seconds) | 0).toLocaleString('en')} a second)`,
      );
    }
  }
  return (performance.now() - started) / 1000;
}
