/**
 * Login and refresh throughput of the real server (embedded PGlite, LOG_LEVEL=warn), plus the
 * argon2id cost behind login.
 *
 *   npm run bench:auth                 # 15 s per measurement
 *   DURATION=5 npm run bench:auth      # quicker
 *
 * Login: autocannon, fixed duration, the same user at concurrency 1, 4, 16. Refresh rotates the token
 * on every call, so it runs as N parallel chains, each sending the token its previous call returned.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { candidateParameters, runArgon2Bench, type Argon2Parameters } from './argon2-bench';
import { startServerProcess, type CpuTime, type ServerProcess } from './support/server-process';
import { describeLoad, describeMachine, formatNumber, markdownTable, percentile } from './support/stats';

const durationSeconds = Number(process.env.DURATION ?? 15);
const concurrencies = [1, 4, 16];
const password = 'Secret123!bench';

type Row = (string | number)[];

/** Server CPU per request, main thread / other threads, from the CPU time used during the measurement. */
function cpuPerRequest(before: CpuTime | undefined, after: CpuTime | undefined, requests: number): string {
  if (!before || !after || requests === 0) return '-';
  const main = (after.mainThread - before.mainThread) / requests;
  const other = (after.otherThreads - before.otherThreads) / requests;
  return `${main.toFixed(2)} / ${other.toFixed(2)}`;
}

async function postJson(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

async function startBenchServer(scratch: string, parameters: Argon2Parameters): Promise<ServerProcess> {
  return startServerProcess({
    dataDir: await mkdtemp(path.join(scratch, 'data-')),
    environment: {
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES_PER_USERNAME: '1000000000',
      LOGIN_MAX_FAILURES_PER_USERNAME_AND_ADDRESS: '1000000000',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000000',
      ARGON2_MEMORY_KIB: String(parameters.memoryKib),
      ARGON2_TIME_COST: String(parameters.timeCost),
    },
  });
}

async function signUp(server: ServerProcess, username: string): Promise<void> {
  const { status, json } = await postJson(`${server.url}/api/auth/signup`, {
    username,
    password,
    email: `${username}@example.com`,
    org_name: `Bench ${username}`,
  });
  if (status !== 201) throw new Error(`signup answered ${status}: ${JSON.stringify(json)}`);
}

async function benchLogin(server: ServerProcess, username: string, connections: number, label: string): Promise<Row> {
  const cpuBefore = server.cpuTimeMs();
  const result = await autocannon({
    url: `${server.url}/api/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
    connections,
    duration: durationSeconds,
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  const rate = result['2xx'] / (result.duration || durationSeconds);
  console.error(`  login ${label} c=${connections}: ${rate.toFixed(1)} req/s, p50 ${result.latency.p50} ms`);
  const cpu = cpuPerRequest(cpuBefore, server.cpuTimeMs(), result['2xx']);
  const peak = server.peakRssMib();
  return [
    label,
    connections,
    result['2xx'],
    failures,
    formatNumber(rate, 1),
    result.latency.p50,
    result.latency.p99,
    cpu,
    peak ? formatNumber(peak) : '-',
  ];
}

/** Each chain logs in once, then refreshes with the token it was last given until the time is up. */
async function benchRefresh(server: ServerProcess, username: string, chains: number): Promise<Row> {
  const latencies: number[] = [];
  let failures = 0;
  const starts = await Promise.all(
    Array.from({ length: chains }, () => postJson(`${server.url}/api/auth/login`, { username, password })),
  );
  const cpuBefore = server.cpuTimeMs();
  const started = performance.now();
  const deadline = started + durationSeconds * 1000;
  await Promise.all(
    starts.map(async (login) => {
      let refreshToken = login.json.refresh_token as string;
      while (performance.now() < deadline) {
        const sent = performance.now();
        const { status, json } = await postJson(`${server.url}/api/auth/refresh`, { refresh_token: refreshToken });
        if (status !== 200) {
          failures++;
          break;
        }
        latencies.push(performance.now() - sent);
        refreshToken = json.refresh_token as string;
      }
    }),
  );
  const rate = latencies.length / ((performance.now() - started) / 1000);
  const cpu = cpuPerRequest(cpuBefore, server.cpuTimeMs(), latencies.length);
  console.error(`  refresh c=${chains}: ${rate.toFixed(1)} req/s`);
  return [
    chains,
    latencies.length,
    failures,
    formatNumber(rate, 1),
    formatNumber(percentile(latencies, 50), 1),
    formatNumber(percentile(latencies, 99), 1),
    cpu,
  ];
}

async function benchBaseline(server: ServerProcess): Promise<Row> {
  const result = await autocannon({
    url: `${server.url}/api/healthz`,
    connections: 16,
    duration: Math.min(durationSeconds, 5),
  });
  return [
    'GET /api/healthz (no database, no hashing)',
    16,
    formatNumber(result['2xx'] / result.duration, 0),
    result.latency.p50,
    result.latency.p99,
  ];
}

async function main(): Promise<void> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'tokenwise-auth-bench-'));
  const loadBefore = describeLoad();
  const [defaults, ...alternatives] = candidateParameters;
  const loginRows: Row[] = [];
  let refreshRows: Row[] = [];
  let baseline: Row;
  try {
    console.error('argon2id hash cost (no server running)...');
    const argon2Table = await runArgon2Bench();

    const server = await startBenchServer(scratch, defaults!);
    try {
      await signUp(server, 'bench');
      await benchLogin(server, 'bench', 2, 'warm-up');
      for (const connections of concurrencies)
        loginRows.push(await benchLogin(server, 'bench', connections, defaults!.label));
      refreshRows = [];
      for (const chains of concurrencies) refreshRows.push(await benchRefresh(server, 'bench', chains));
      baseline = await benchBaseline(server);
    } finally {
      await server.stop();
    }

    // A user's hash keeps the parameters it was made with, so each setting gets a server and a user of its own.
    for (const parameters of alternatives) {
      const other = await startBenchServer(scratch, parameters);
      try {
        await signUp(other, 'bench');
        loginRows.push(await benchLogin(other, 'bench', 4, parameters.label));
      } finally {
        await other.stop();
      }
    }

    console.log(`Auth benchmark, ${new Date().toISOString()}, ${durationSeconds} s per measurement`);
    console.log(`Machine: ${describeMachine()}`);
    console.log(`Load average (1 / 5 / 15 min) before: ${loadBefore}; after: ${describeLoad()}\n`);
    console.log('### argon2id hash cost (@node-rs/argon2, parallelism 1)\n');
    console.log(argon2Table);
    console.log('\n### POST /api/auth/login (autocannon, one user, right password)\n');
    console.log(
      markdownTable(
        [
          'argon2id parameters',
          'connections',
          '200s',
          'other',
          'req/s',
          'p50 ms',
          'p99 ms',
          'server CPU ms per login (main / other threads)',
          'server peak RSS so far, MiB',
        ],
        loginRows,
      ),
    );
    console.log('\n### POST /api/auth/refresh (parallel chains, each uses the token its previous refresh returned)\n');
    console.log(
      markdownTable(
        [
          'chains',
          'requests',
          'failed',
          'req/s',
          'p50 ms',
          'p99 ms',
          'server CPU ms per refresh (main / other threads)',
        ],
        refreshRows,
      ),
    );
    console.log('\n### Baseline\n');
    console.log(markdownTable(['request', 'connections', 'req/s', 'p50 ms', 'p99 ms'], [baseline]));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
