/**
 * The admin analytics on a large history, on PGlite and on PostgreSQL (issue 11's benchmark).
 *
 *   npm run bench:admin-analytics
 *   DATABASES=pglite RECORDS=200000 OTHER_RECORDS=10000 npm run bench:admin-analytics   # smaller and quicker
 *   DATABASE_URL=postgres://... DATABASES=postgres npm run bench:admin-analytics        # a server you already have
 *
 * 1. The real server in this process (the embedded model off; PGlite in a temporary folder, or a
 *    throwaway Debian PostgreSQL 15 from scripts/postgres-harness.ts). One organisation signs up
 *    over HTTP and gets USERS users (its admin included) and RECORDS usage records over the last
 *    DAYS days across 20 models, generated in SQL and written through the usage_records trigger
 *    (bench/admin-analytics/seed-usage.ts); OTHER_ORGS organisations beside it get 20 users and
 *    OTHER_RECORDS records each. PostgreSQL is then vacuumed and analysed, as autovacuum would;
 *    PGlite gathers no statistics, as when the server runs on it.
 * 2. SAMPLES sequential requests of each endpoint as the organisation's admin, timed from the
 *    request to the end of the body: the dashboard's analytics, model analytics (the default 30
 *    days, and a year), the Usage Summary (all time), and the two calls of the User Management
 *    screen: the user list's first page of 50 and every user's usage this month (unpaged).
 * 3. For comparison, the dashboard's cycle totals and the model analytics' medians computed from
 *    the records themselves, with an index made for them.
 * 4. The record path with the roll-up trigger enabled and disabled (bench/admin-analytics/record-path.ts).
 *
 * The report goes to stdout (Markdown), progress to stderr.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { tryStartPostgres, type PostgresServer } from '../scripts/postgres-harness';
import { loadConfig } from '../src/server/config/config';
import type { Database } from '../src/server/db/database';
import type { Caller } from '../src/server/http/context';
import { startServer, type RunningServer } from '../src/server/server';
import {
  createRawRecordsIndex,
  dropRawRecordsIndex,
  rawCycleTotals,
  rawMedianLatencies,
} from './admin-analytics/comparison-queries';
import { timeRecordPath } from './admin-analytics/record-path';
import { dropSeedTables, prepareSeedTables, seedUsage } from './admin-analytics/seed-usage';
import { progress } from './support/measure';
import { describeLoad, describeMachine, formatNumber, markdownTable, percentile } from './support/stats';

const records = Number(process.env.RECORDS ?? 1_000_000);
const userCount = Number(process.env.USERS ?? 500);
const days = Number(process.env.DAYS ?? 90);
const otherOrganisations = Number(process.env.OTHER_ORGS ?? 10);
const otherRecords = Number(process.env.OTHER_RECORDS ?? 50_000);
const samples = Number(process.env.SAMPLES ?? 50);
const rawSamples = Number(process.env.RAW_SAMPLES ?? 10);
const recordRounds = Number(process.env.RECORD_ROUNDS ?? 6);
const recordsPerRound = Number(process.env.RECORDS_PER_ROUND ?? 40);
const databases = (process.env.DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim()) as (
  | 'pglite'
  | 'postgres'
)[];
const budgetMs = 200;

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
const ms = (value: number) => formatNumber(value, 1);

interface Owner {
  token: string;
  caller: Caller;
}

const password = 'Correct-Horse-9';

/** A fresh sign-in: seeding a loaded machine can outlast the first one's access token and idle timeout. */
async function signInAgain(server: RunningServer, owner: Owner): Promise<Owner> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: owner.caller.username, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return { ...owner, token: ((await response.json()) as { token: string }).token };
}

async function signUp(server: RunningServer, name: string): Promise<Owner> {
  const username = `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const response = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.test`, password, org_name: `Org ${username}` }),
  });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as {
    token: string;
    user: { id: string; org_id: string; username: string; email: string; role_id: string };
  };
  const caller = {
    userId: body.user.id,
    orgId: body.user.org_id,
    sessionId: '',
    username: body.user.username,
    email: body.user.email,
    roleId: body.user.role_id,
    roleName: 'Admin',
    roleScopes: ['admin' as const],
    roleUnlimited: true,
  };
  return { token: body.token, caller };
}

interface Timed {
  label: string;
  wall: number[];
  bytes?: number;
}

async function timeRequests(
  server: RunningServer,
  owner: Owner,
  label: string,
  pathname: string,
  count: number,
): Promise<Timed> {
  const get = async () => {
    const response = await fetch(`${server.url}/api${pathname}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status} ${body}`);
    return body.length;
  };
  // After seeding, the idle keep-alive socket may be closed by the server as fetch reuses it (both
  // timers fire late while PGlite holds the thread): an untimed warm-up is asked again once.
  for (let warmUp = 0; warmUp < 3; warmUp += 1)
    await get().catch((error: unknown) => (error instanceof TypeError ? get() : Promise.reject(error)));
  const wall: number[] = [];
  let bytes = 0;
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    bytes = await get();
    wall.push(performance.now() - started);
  }
  return { label, wall, bytes };
}

async function timeCalls(label: string, count: number, run: () => Promise<unknown>): Promise<Timed> {
  await run();
  const wall: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await run();
    wall.push(performance.now() - started);
  }
  return { label, wall };
}

async function sizes(db: Database, kind: 'pglite' | 'postgres') {
  const [counts] = rowsOf<{ records: number; daily: number; monthly: number }>(
    await db.execute(sql`select (select count(*) from usage_records)::integer as records, (select count(*) from usage_daily_totals)::integer as daily,
      (select count(*) from usage_monthly_user_totals)::integer as monthly`),
  );
  const mib = async (table: string) => {
    const [row] = rowsOf<{ bytes: string }>(
      await db.execute(sql`select pg_total_relation_size(${table}::regclass)::text as bytes`),
    );
    return Number(row?.bytes ?? 0) / 1024 ** 2;
  };
  return {
    kind,
    ...counts!,
    recordsMib: await mib('usage_records'),
    dailyMib: await mib('usage_daily_totals'),
    monthlyMib: await mib('usage_monthly_user_totals'),
  };
}

async function runOn(kind: 'pglite' | 'postgres') {
  let postgres: PostgresServer | undefined;
  let databaseUrl = kind === 'postgres' ? process.env.DATABASE_URL : undefined;
  if (kind === 'postgres' && !databaseUrl) {
    const started = await tryStartPostgres();
    if (!started.ok) throw new Error(`PostgreSQL unavailable: ${started.reason}`);
    postgres = started.server;
    databaseUrl = postgres.url;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tokenwise-admin-analytics-'));
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    LOCAL_MODEL_ENABLED: 'false',
    OPENAI_API_KEY: 'sk-bench',
    SIGNUP_MAX_PER_ADDRESS: '1000',
  });
  const server = await startServer(config, { webRoot: null });
  const db = server.database.db;
  try {
    progress(
      `${kind}: seeding ${records} records for ${userCount} users, and ${otherOrganisations} organisations of ${otherRecords} beside them`,
    );
    const firstSignIn = await signUp(server, 'analytics');
    await prepareSeedTables(db);
    const seedSeconds = await seedUsage(
      db,
      { orgId: firstSignIn.caller.orgId, extraUsers: userCount - 1, records, days },
      progress,
    );
    for (let index = 0; index < otherOrganisations; index += 1) {
      const other = await signUp(server, `neighbour${index}`);
      await seedUsage(db, { orgId: other.caller.orgId, extraUsers: 19, records: otherRecords, days }, () => {});
    }
    progress(`${kind}: seeded`);
    await dropSeedTables(db);
    // Written 50,000 records to a transaction, the roll-up rows kept every version of themselves
    // (a version is pruned only once its transaction has ended); one reply to a transaction, as
    // the server writes them, they stay compact. Compacted here to that state.
    const bloated = await sizes(db, kind);
    await db.execute(sql`vacuum full usage_daily_totals`);
    await db.execute(sql`vacuum full usage_monthly_user_totals`);
    if (kind === 'postgres') await db.execute(sql`vacuum analyze`);
    const owner = await signInAgain(server, firstSignIn);
    const load = { before: describeLoad(), after: '' };

    const org = owner.caller.orgId;
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const timed: Timed[] = [];
    progress(`${kind}: timing the endpoints`);
    timed.push(
      await timeRequests(
        server,
        owner,
        'GET /subscription/analytics/{orgId} (dashboard)',
        `/subscription/analytics/${org}`,
        samples,
      ),
    );
    timed.push(
      await timeRequests(
        server,
        owner,
        'GET /org/{orgId}/model-analytics (30 days)',
        `/org/${org}/model-analytics`,
        samples,
      ),
    );
    timed.push(
      await timeRequests(
        server,
        owner,
        'GET /org/{orgId}/model-analytics?from&to (365 days)',
        `/org/${org}/model-analytics?from=${yearAgo}&to=${today}`,
        samples,
      ),
    );
    timed.push(await timeRequests(server, owner, 'GET /org/{orgId}/usage (all time)', `/org/${org}/usage`, samples));
    timed.push(
      await timeRequests(
        server,
        owner,
        'GET /org/{orgId}/users?page=1&limit=50 (user list)',
        `/org/${org}/users?page=1&limit=50`,
        samples,
      ),
    );
    timed.push(
      await timeRequests(
        server,
        owner,
        `GET /roles/usage/{orgId} (user list's usage, all ${userCount} users)`,
        `/roles/usage/${org}`,
        samples,
      ),
    );

    progress(`${kind}: the same figures from the records`);
    const indexStarted = performance.now();
    await createRawRecordsIndex(db);
    const indexSeconds = (performance.now() - indexStarted) / 1000;
    const raw = [
      await timeCalls('From the records: cycle totals per model (30 days)', rawSamples, () => rawCycleTotals(db, org)),
      await timeCalls('From the records: p50 latency and first token per model (30 days)', rawSamples, () =>
        rawMedianLatencies(db, org),
      ),
    ];
    await dropRawRecordsIndex(db);

    progress(`${kind}: the record path, trigger enabled and disabled`);
    const recordPath = await timeRecordPath(db, owner.caller, { rounds: recordRounds, perRound: recordsPerRound });
    load.after = describeLoad();
    return { kind, seedSeconds, timed, raw, indexSeconds, recordPath, sizes: await sizes(db, kind), bloated, load };
  } finally {
    await server.close();
    await postgres?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(results: Awaited<ReturnType<typeof runOn>>[]) {
  const lines: string[] = [];
  lines.push(`Machine: ${describeMachine()}`, '');
  lines.push(
    `History: ${records.toLocaleString('en')} usage records, ${userCount} users, 20 models, last ${days} days, in one organisation; ${otherOrganisations} other organisations of ${otherRecords.toLocaleString('en')} records. ${samples} sequential requests per endpoint.`,
    '',
  );
  const endpointRows = results.flatMap((result) =>
    [...result.timed, ...result.raw].map((timed) => [
      result.kind,
      timed.label,
      ms(percentile(timed.wall, 50)),
      ms(percentile(timed.wall, 95)),
      ms(Math.max(...timed.wall)),
      timed.bytes === undefined ? '-' : formatNumber(timed.bytes / 1024, 1),
      result.timed.includes(timed) && !timed.label.includes('365')
        ? percentile(timed.wall, 50) < budgetMs
          ? 'met'
          : 'missed'
        : '-',
    ]),
  );
  lines.push(
    markdownTable(
      ['database', 'what', 'p50 ms', 'p95 ms', 'max ms', 'answer KiB', `< ${budgetMs} ms p50`],
      endpointRows,
    ),
    '',
  );

  const recordRows = results.flatMap((result) =>
    (['atEnd', 'openedThenEnded'] as const).map((path) => {
      const { enabled, disabled } = result.recordPath[path];
      const label =
        path === 'atEnd'
          ? 'recordReply (reply written at its end)'
          : 'writeStreamingReply + recordReply (reply saved as it streams)';
      const p50 = (values: number[]) => percentile(values, 50);
      // CPU time is counted in clock ticks: only its mean over many calls is precise. On PostgreSQL
      // the statements' CPU is in the server's processes, not this one.
      const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
      const onPglite = (text: string) => (result.kind === 'pglite' ? text : '-');
      return [
        result.kind,
        label,
        ms(p50(disabled.wall)),
        ms(p50(enabled.wall)),
        ms(p50(enabled.wall) - p50(disabled.wall)),
        onPglite(ms(mean(disabled.cpu))),
        onPglite(ms(mean(enabled.cpu))),
        onPglite(ms(mean(enabled.cpu) - mean(disabled.cpu))),
      ];
    }),
  );
  lines.push(
    markdownTable(
      [
        'database',
        'record path',
        'trigger off wall p50 ms',
        'trigger on wall p50 ms',
        'added wall ms',
        'trigger off CPU mean ms',
        'trigger on CPU mean ms',
        'added CPU ms',
      ],
      recordRows,
    ),
    '',
  );

  const sizeRows = results.map((result) => [
    result.kind,
    result.sizes.records.toLocaleString('en'),
    formatNumber(result.sizes.recordsMib),
    result.sizes.daily.toLocaleString('en'),
    `${formatNumber(result.sizes.dailyMib, 1)} (${formatNumber(result.bloated.dailyMib, 1)} before vacuum full)`,
    result.sizes.monthly.toLocaleString('en'),
    `${formatNumber(result.sizes.monthlyMib, 1)} (${formatNumber(result.bloated.monthlyMib, 1)})`,
    formatNumber(result.seedSeconds),
    formatNumber(result.indexSeconds, 1),
  ]);
  lines.push(
    markdownTable(
      [
        'database',
        'usage records',
        'records MiB',
        'daily roll-up rows',
        'daily MiB',
        'monthly user rows',
        'monthly MiB',
        'seconds to write the target organisation',
        'seconds to build the raw-records index',
      ],
      sizeRows,
    ),
    '',
  );
  for (const result of results)
    lines.push(
      `Load average (1/5/15 min) on ${result.kind}: ${result.load.before} when timing began, ${result.load.after} at the end.`,
    );
  return lines.join('\n');
}

const results = [];
for (const kind of databases) results.push(await runOn(kind));
console.log(report(results));
