/**
 * The slow tail under load (issue 10, finding 7): many chat streams at once through our server,
 * as installed (Auto routing, semantic cache on, embedded PGlite unless DATABASE_URL is set),
 * in front of a fake OpenAI provider that answers each in ~0.6 s (30 words, one every 20 ms).
 * Every prompt is new, so each stream is routed, looked up in the cache, answered by the
 * provider, saved as it streams and recorded.
 *
 *   npm run bench:chat-load                      # 200 streams at once, 3 rounds
 *   STREAMS=100 ROUNDS=5 npm run bench:chat-load
 *   PROFILE=1 npm run bench:chat-load            # plus a CPU profile of the server over the rounds
 *   CACHE=off npm run bench:chat-load            # an organisation with the semantic cache off
 *   CHAT_SETUP_CONCURRENCY=1000 npm run bench:chat-load   # the server's setting (here: no gate)
 *   DATABASE_URL=postgres://... npm run bench:chat-load  # a PostgreSQL server instead of PGlite
 *   EXTRA_IMPORT=/path/probe.mjs npm run bench:chat-load # preload a probe of your own into the server
 *
 * Reports per round: first text and whole-stream times (p50, p90, p99, max), streams over 10 s,
 * the server's CPU per stream (JavaScript thread and the others: encoder, argon2, GC helpers), and
 * how late its event loop ran; then the CPU per stream of each of the server's threads over all
 * rounds. Markdown to stdout, progress to stderr.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readEventLoop, type EventLoopReading } from './chat-load/event-loop-reading';
import { readCpuByThreadName, subtractCpu } from './chat-load/thread-cpu';
import { startFakeProvider } from './gateway/child-processes';
import { startLoadClient } from './gateway/load-client-process';
import type { StreamRequest, StreamSample } from './gateway/load-job';
import { summarizeCpuProfile } from './gateway/profile-summary';
import { projectRoot, startServerProcess, type CpuTime } from './support/server-process';
import { describeLoad, describeMachine, formatNumber, markdownTable, percentile } from './support/stats';

const streams = Number(process.env.STREAMS ?? 200);
const rounds = Number(process.env.ROUNDS ?? 3);
const profile = process.env.PROFILE === '1';
const cacheOn = process.env.CACHE !== 'off';
const tokenCount = Number(process.env.TOKENS ?? 30);
const tokenDelayMs = Number(process.env.TOKEN_DELAY_MS ?? 20);
const slowMs = 10_000;

const words = Array.from({ length: tokenCount }, (_, index) => `word${index}`).join(' ');
const lastWord = `word${tokenCount - 1}`;
const log = (line: string) => process.stderr.write(`${line}\n`);

interface RoundResult {
  samples: StreamSample[];
  wallMs: number;
  cpu: CpuTime;
  eventLoop: EventLoopReading | undefined;
}

async function signUp(url: string): Promise<{ token: string; orgId: string; userId: string }> {
  const username = `load-${Date.now().toString(36)}`;
  const response = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password: 'Bench-Load-Tail-9',
      org_name: `Load ${username}`,
    }),
  });
  const body = (await response.json()) as { token: string; user: { id: string; org_id: string } };
  if (response.status !== 201) throw new Error(`signup answered ${response.status}: ${JSON.stringify(body)}`);
  if (!cacheOn) {
    const answer = await fetch(`${url}/api/org/${body.user.org_id}/routing-policy`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${body.token}` },
      body: JSON.stringify({ cache: { enabled: false } }),
    });
    if (answer.status !== 200) throw new Error(`turning the cache off answered ${answer.status}`);
  }
  return { token: body.token, orgId: body.user.org_id, userId: body.user.id };
}

const cpuDifference = (after: CpuTime, before: CpuTime): CpuTime => ({
  mainThread: after.mainThread - before.mainThread,
  otherThreads: after.otherThreads - before.otherThreads,
});

function describeRound(name: string, result: RoundResult): (string | number)[] {
  const ok = result.samples.filter((sample) => sample.ok);
  const firstText = ok.map((sample) => sample.firstTextMs);
  const total = ok.map((sample) => sample.totalMs);
  const seconds = (values: number[], p: number) => formatNumber(percentile(values, p) / 1000, 2);
  const count = result.samples.length;
  return [
    name,
    `${ok.length}/${count}`,
    `${seconds(firstText, 50)} / ${seconds(firstText, 90)} / ${seconds(firstText, 99)} / ${seconds(firstText, 100)}`,
    `${seconds(total, 50)} / ${seconds(total, 90)} / ${seconds(total, 99)} / ${seconds(total, 100)}`,
    result.samples.filter((sample) => !sample.ok || sample.totalMs > slowMs).length,
    formatNumber(result.wallMs / 1000, 1),
    `${formatNumber(result.cpu.mainThread / count, 1)} + ${formatNumber(result.cpu.otherThreads / count, 1)}`,
    result.eventLoop
      ? `${formatNumber(result.eventLoop.p50Ms)} / ${formatNumber(result.eventLoop.p99Ms)} / ${formatNumber(result.eventLoop.maxMs)}`
      : '-',
  ];
}

async function main(): Promise<void> {
  const workDirectory = await mkdtemp(path.join(os.tmpdir(), 'tokenwise-chat-load-'));
  const dataDir = path.join(workDirectory, 'data');
  const probeDir = path.join(workDirectory, 'probe');
  const profileDir = path.join(workDirectory, 'profile');
  await Promise.all(
    [probeDir, profileDir].map((directory) =>
      import('node:fs/promises').then((fs) => fs.mkdir(directory, { recursive: true })),
    ),
  );
  const fake = await startFakeProvider({ text: words, chunkDelayMs: tokenDelayMs }, probeDir);
  const environment = {
    LOG_LEVEL: 'warn',
    LOCAL_MODEL_ENABLED: 'false',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: `${fake.url}/v1`,
    // Thousands of paid replies: the wallet stays on the path (held and debited) but never runs dry.
    TRIAL_CREDIT_USD: '900000',
    EVENT_LOOP_PROBE_DIR: probeDir,
    ...(process.env.CHAT_SETUP_CONCURRENCY ? { CHAT_SETUP_CONCURRENCY: process.env.CHAT_SETUP_CONCURRENCY } : {}),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  };
  // A first start creates the database (PGlite's initdb and the migrations leave one-off memory behind).
  if (!process.env.DATABASE_URL) await (await startServerProcess({ dataDir, environment })).stop();
  const server = await startServerProcess({
    dataDir,
    environment,
    nodeArguments: [
      ...(process.env.EXTRA_IMPORT ? ['--import', process.env.EXTRA_IMPORT] : []),
      '--import',
      path.join(projectRoot, 'bench/chat-load/event-loop-probe.ts'),
      ...(profile ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []),
    ],
  });
  const client = startLoadClient();
  try {
    const user = await signUp(server.url);
    const request: StreamRequest = {
      url: `${server.url}/api/conversation/message`,
      headers: { authorization: `Bearer ${user.token}` },
      // New words in every prompt: the cache never answers, every stream reaches the provider.
      body: JSON.stringify({
        org_id: user.orgId,
        user_id: user.userId,
        prompt: 'Tell me about {{words}} ({{n}}).',
        stream: true,
      }),
      format: 'text',
      lastWord,
    };
    log(`warming up (the encoder thread loads on the first message)`);
    await client.run({ request, concurrency: 10, requestsPerWorker: 2 });
    await readEventLoop(server.pid, probeDir);

    const results: RoundResult[] = [];
    const threadsBefore = readCpuByThreadName(server.pid);
    for (let round = 1; round <= rounds; round++) {
      const before = server.cpuTimeMs()!;
      const started = performance.now();
      const samples = await client.run({ request, concurrency: streams, requestsPerWorker: 1 });
      const wallMs = performance.now() - started;
      const cpu = cpuDifference(server.cpuTimeMs()!, before);
      const eventLoop = await readEventLoop(server.pid, probeDir);
      results.push({ samples, wallMs, cpu, eventLoop });
      const failed = samples.filter((sample) => !sample.ok);
      log(
        `round ${round}: ${samples.length - failed.length}/${samples.length} whole in ${formatNumber(wallMs / 1000, 1)} s${failed.length ? `; first failure: ${failed[0]!.error}` : ''}`,
      );
      // Let the recording of this round finish before the next one starts.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }

    const byThread = [...subtractCpu(readCpuByThreadName(server.pid), threadsBefore)]
      .filter(([, ms]) => ms > 0)
      .sort((first, second) => second[1] - first[1]);
    const streamCount = results.reduce((sum, result) => sum + result.samples.length, 0);
    console.log(
      `## ${streams} streams at once, ${rounds} rounds (${cacheOn ? 'semantic cache on' : 'semantic cache off'}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})\n`,
    );
    console.log(
      `${describeMachine()}; ${describeLoad()}. Reply: ${tokenCount} words, one every ${tokenDelayMs} ms (~${formatNumber((tokenCount * tokenDelayMs) / 1000, 1)} s at the provider).\n`,
    );
    console.log(
      markdownTable(
        [
          'round',
          'whole',
          'first text p50 / p90 / p99 / max (s)',
          'whole stream p50 / p90 / p99 / max (s)',
          `failed or > ${slowMs / 1000} s`,
          'round (s)',
          'CPU ms per stream (JS thread + others)',
          'event loop late p50 / p99 / max (ms)',
        ],
        results.map((result, index) => describeRound(String(index + 1), result)),
      ),
    );
    console.log(
      `\n${markdownTable(
        ['thread', 'CPU ms per stream'],
        byThread.map(([name, ms]) => [name, formatNumber(ms / streamCount, 1)]),
      )}`,
    );
  } finally {
    client.stop();
    await server.stop();
    await fake.stop();
  }
  if (profile) {
    const [file] = (await readdir(profileDir)).filter((name) => name.endsWith('.cpuprofile'));
    if (file) console.log(`\n${summarizeCpuProfile(path.join(profileDir, file), 25)}`);
  }
  await rm(workDirectory, { recursive: true, force: true });
}

await main();
