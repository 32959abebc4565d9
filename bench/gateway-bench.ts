/**
 * What our server adds to a streamed chat reply, next to the floor (a bare node:http proxy) and
 * the Portkey AI gateway, all in front of the same fake OpenAI provider with a fixed per-token
 * delay. Every piece runs in its own process: fake provider, each gateway, and the load client.
 *
 *   npm run bench:gateway               # 2 repeats, each on fresh processes (~5 min idle)
 *   REPEATS=1 npm run bench:gateway     # quicker
 *   PROFILE=1 npm run bench:gateway     # then a CPU profile of our server at 50 streams at once, summarised
 *   PROFILE=1 PROFILE_TARGET='cache off' REPEATS=0 npm run bench:gateway   # only the profile, of the cache-off organisation
 *
 * Per repeat: warm-up; memory with HOLD_STREAMS (500) slow streams held open in each gateway; then
 * rounds at 1 (SAMPLES_AT_1 rounds), 50 (3) and 500 (ROUNDS_AT_500, 1) streams at once, the targets
 * (direct, bare proxy, Portkey, ours) in turn within each round; at 50, each round is followed by
 * one of one-token replies per gateway (its CPU per request). DATABASE_URL, when set, is passed to
 * our server (a real PostgreSQL server instead of the embedded PGlite).
 * TTFB is the time to the first byte of reply text, measured by the client; "added" is a
 * gateway's percentile minus the direct call's in the same repeat.
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { probeMemory, type ProbedMemory } from './gateway/child-processes';
import { startLoadClient, type LoadClient } from './gateway/load-client-process';
import type { StreamSample } from './gateway/load-job';
import { summarizeCpuProfile } from './gateway/profile-summary';
import { Report, type CostRun, type LatencyRun, type MemoryRun } from './gateway/report';
import { ourTargets, startStack, type Stack, type Target } from './gateway/stack';
import { readCpuTime } from './support/server-process';
import { describeLoad, describeMachine, formatNumber, percentile } from './support/stats';

const repeats = Number(process.env.REPEATS ?? 2);
const holdStreams = Number(process.env.HOLD_STREAMS ?? 500);
// Each round sends every target `concurrency` streams at once, targets in turn (rotated per round),
// so that load from outside the bench falls on all of them alike.
// STEPS (e.g. "1,50") keeps only some of them.
const steps = process.env.STEPS?.split(',').map(Number);
const plan = [
  { concurrency: 1, rounds: Number(process.env.SAMPLES_AT_1 ?? 10) },
  { concurrency: 50, rounds: 3 },
  { concurrency: 500, rounds: Number(process.env.ROUNDS_AT_500 ?? 1) },
].filter((step) => !steps || steps.includes(step.concurrency));

/** Provider requests per stream seen in each repeat's warm-up, by target. */
const providerCalls = new Map<string, number[]>();

const words = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix}${index}`).join(' ');
const tokenCount = 50;
const tokenDelayMs = 20;
const reply = { text: words('token', tokenCount), chunkDelayMs: tokenDelayMs };
const replyLastWord = `token${tokenCount - 1}`;
// A minute long: every stream is still open when the memory is read, then the client closes them.
const heldReply = { text: words('held', 60), chunkDelayMs: 1_000 };
const oneTokenReply = { text: 'single', chunkDelayMs: tokenDelayMs };

/** Polls the process's CPU time until it stays nearly idle (our server records aborted replies after the client left). */
async function waitUntilIdle(pid: number): Promise<void> {
  const giveUpAt = Date.now() + 30_000;
  let before = readCpuTime(pid);
  while (before && Date.now() < giveUpAt) {
    await delay(500);
    const after = readCpuTime(pid);
    if (!after || after.mainThread + after.otherThreads - before.mainThread - before.otherThreads < 25) return;
    before = after;
  }
}

/**
 * One round of one-token replies at 50 streams at once per gateway: CPU per stream for those is the
 * cost of a request, which the report sets against the full replies' to get the cost per token.
 * Run between the full rounds, so that anything the server accumulates (e.g. a reply cache) is the
 * same size for both.
 */
async function runOneTokenRound(
  stack: Stack,
  client: LoadClient,
  costs: Map<Target, { cpuMs: number; streams: number }>,
): Promise<void> {
  await stack.fake.setReply(oneTokenReply);
  for (const target of stack.targets.filter((candidate) => candidate.pid !== undefined)) {
    const before = readCpuTime(target.pid!)!;
    const samples = await client.run({
      request: target.request(oneTokenReply.text),
      concurrency: 50,
      requestsPerWorker: 1,
    });
    const after = readCpuTime(target.pid!)!;
    const total = costs.get(target) ?? { cpuMs: 0, streams: 0 };
    costs.set(target, {
      cpuMs: total.cpuMs + after.mainThread + after.otherThreads - before.mainThread - before.otherThreads,
      streams: total.streams + samples.length,
    });
  }
  await stack.fake.setReply(reply);
}

async function measureMemory(
  stack: Stack,
  client: LoadClient,
  target: Target,
  repeat: number,
  probeDirectory: string,
): Promise<MemoryRun> {
  // The first full GC can leave memory that only a later one frees (finalizers): read it twice.
  await probeMemory(target.pid!, probeDirectory);
  await delay(1_000);
  const idle = await probeMemory(target.pid!, probeDirectory);
  await stack.fake.setReply(heldReply);
  let loaded: Promise<ProbedMemory> | undefined;
  const samples = await client.run(
    { request: target.request('never'), concurrency: holdStreams, requestsPerWorker: 1 },
    () => {
      loaded = delay(500)
        .then(() => probeMemory(target.pid!, probeDirectory))
        .finally(() => client.abort());
    },
  );
  await stack.fake.setReply(reply);
  await waitUntilIdle(target.pid!);
  const failed = samples.filter((sample) => Number.isNaN(sample.firstTextMs));
  const failures = [...new Set(failed.map((sample) => sample.error))].join(', ');
  console.error(
    `  memory ${target.name}: ${holdStreams} held, ${failed.length} failed before their first text${failures ? ` (${failures})` : ''}`,
  );
  return { repeat, target: target.name, streams: holdStreams, errors: failed.length, idle, loaded: await loaded! };
}

/** Two failed streams with what was sent, and what the gateway logged last, to explain failures. */
function printFailures(target: Target, samples: StreamSample[]): void {
  for (const sample of samples.filter((candidate) => !candidate.ok).slice(0, 2)) {
    console.error(`    ${target.name} failed: ${sample.error} after sending ${sample.sent?.slice(0, 200)}`);
  }
  for (const line of (target.recentLog?.() ?? []).slice(-5))
    console.error(`    ${target.name} log: ${line.slice(0, 400)}`);
}

/**
 * One round: `concurrency` streams at once to the target, the CPU its gateway process used
 * meanwhile, and how many requests reached the provider (fewer than streams: a cache answered).
 */
async function runRound(stack: Stack, client: LoadClient, target: Target, concurrency: number) {
  const requestsBefore = await stack.fake.requestCount();
  const cpuBefore = target.pid ? readCpuTime(target.pid) : undefined;
  const samples = await client.run({ request: target.request(replyLastWord), concurrency, requestsPerWorker: 1 });
  const cpuAfter = target.pid ? readCpuTime(target.pid) : undefined;
  const cpuMs =
    cpuBefore && cpuAfter
      ? cpuAfter.mainThread + cpuAfter.otherThreads - cpuBefore.mainThread - cpuBefore.otherThreads
      : undefined;
  return { samples, cpuMs, providerRequests: (await stack.fake.requestCount()) - requestsBefore };
}

/** The step's rounds; with `costs`, also a one-token round per gateway after each (see runOneTokenRound). */
async function measureLatency(
  stack: Stack,
  client: LoadClient,
  repeat: number,
  step: (typeof plan)[number],
  costs?: Map<Target, { cpuMs: number; streams: number }>,
): Promise<LatencyRun[]> {
  const targets = stack.targets;
  const runs = targets.map(
    (target): LatencyRun => ({
      repeat,
      concurrency: step.concurrency,
      target: target.name,
      samples: [],
      gatewayCpuMs: target.pid ? 0 : undefined,
      providerRequests: 0,
    }),
  );
  for (let round = 0; round < step.rounds; round++) {
    for (let turn = 0; turn < targets.length; turn++) {
      const index = (round + turn) % targets.length;
      await delay(200);
      const { samples, cpuMs, providerRequests } = await runRound(stack, client, targets[index]!, step.concurrency);
      runs[index]!.samples.push(...samples);
      runs[index]!.providerRequests += providerRequests;
      if (cpuMs !== undefined) runs[index]!.gatewayCpuMs! += cpuMs;
    }
    if (costs) await runOneTokenRound(stack, client, costs);
  }
  for (const [index, run] of runs.entries()) {
    const ok = run.samples.filter((sample) => sample.ok);
    if (ok.length < run.samples.length) printFailures(targets[index]!, run.samples);
    const failures = [...new Set(run.samples.filter((sample) => !sample.ok).map((sample) => sample.error))].join(', ');
    console.error(
      `  ${step.concurrency} at once, ${run.target}: TTFB p50 ${formatNumber(
        percentile(
          ok.map((sample) => sample.firstTextMs),
          50,
        ),
        1,
      )} ms, ` +
        `total p50 ${formatNumber(
          percentile(
            ok.map((sample) => sample.totalMs),
            50,
          ),
          0,
        )} ms, ${run.samples.length - ok.length} errors${failures ? ` (${failures})` : ''}`,
    );
  }
  return runs;
}

async function runRepeat(
  repeat: number,
  scratch: string,
  latency: LatencyRun[],
  memory: MemoryRun[],
  costs: CostRun[],
): Promise<void> {
  const probeDirectory = path.join(scratch, `probe-${repeat}`);
  mkdirSync(probeDirectory);
  const stack = await startStack({
    defaultReply: reply,
    probeDirectory,
    dataDirectory: path.join(scratch, `data-${repeat}`),
  });
  const client = startLoadClient();
  try {
    console.error(`Repeat ${repeat}/${repeats}: warm-up`);
    for (const target of stack.targets) {
      const before = await stack.fake.requestCount();
      await client.run({ request: target.request(replyLastWord), concurrency: 10, requestsPerWorker: 2 });
      // One chat call per stream is what the replies set below assume (a cache lookup by embeddings would add one).
      const calls = ((await stack.fake.requestCount()) - before) / 20;
      providerCalls.set(target.name, [...(providerCalls.get(target.name) ?? []), calls]);
      if (calls !== 1) console.error(`  warning: ${target.name} made ${calls} provider requests per stream, not 1`);
    }
    for (const target of stack.targets.filter((candidate) => candidate.pid !== undefined && holdStreams > 0)) {
      memory.push(await measureMemory(stack, client, target, repeat, probeDirectory));
    }
    const oneToken = new Map<Target, { cpuMs: number; streams: number }>();
    for (const step of plan)
      latency.push(
        ...(await measureLatency(stack, client, repeat, step, step.concurrency === 50 ? oneToken : undefined)),
      );
    for (const [target, total] of oneToken)
      costs.push({ repeat, target: target.name, cpuPerStream: total.cpuMs / total.streams });
  } finally {
    client.stop();
    await stack.stop();
  }
}

/**
 * A separate pass (profiling slows the server): our server under --cpu-prof, PROFILE_ROUNDS rounds
 * of 50 streams at once after a warm-up. Returns where the profile was kept.
 */
async function profileOurServer(scratch: string): Promise<string> {
  const profileDirectory = path.join(scratch, 'profile');
  const probeDirectory = path.join(scratch, 'probe-profile');
  mkdirSync(probeDirectory);
  const stack = await startStack({
    defaultReply: reply,
    probeDirectory,
    dataDirectory: path.join(scratch, 'data-profile'),
    profileDirectory,
  });
  const profiled = process.env.PROFILE_TARGET === 'cache off' ? 'Tokenwise, cache off' : 'Tokenwise';
  const ours = stack.targets.find((target) => target.name === profiled)!;
  const client = startLoadClient();
  try {
    console.error('Profiling our server');
    await client.run({ request: ours.request(replyLastWord), concurrency: 10, requestsPerWorker: 2 });
    await client.run({
      request: ours.request(replyLastWord),
      concurrency: 50,
      requestsPerWorker: Number(process.env.PROFILE_ROUNDS ?? 6),
    });
  } finally {
    client.stop();
    await stack.stop();
  }
  const profile = readdirSync(profileDirectory).find((name) => name.endsWith('.cpuprofile'));
  if (!profile) throw new Error('the server wrote no CPU profile');
  const kept = path.join(os.tmpdir(), `tokenwise-gateway-bench-${Date.now()}.cpuprofile`);
  copyFileSync(path.join(profileDirectory, profile), kept);
  return kept;
}

async function main(): Promise<void> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'tokenwise-gateway-bench-'));
  const loadBefore = describeLoad();
  const latency: LatencyRun[] = [];
  const memory: MemoryRun[] = [];
  const costs: CostRun[] = [];
  let profile: string | undefined;
  try {
    for (let repeat = 1; repeat <= repeats; repeat++) await runRepeat(repeat, scratch, latency, memory, costs);
    if (process.env.PROFILE) profile = await profileOurServer(scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const report = new Report(latency, memory, costs, tokenCount);
  console.log(
    `Gateway benchmark, ${new Date().toISOString()}, ${repeats} repeat(s); ranges are lowest–highest over the repeats`,
  );
  console.log(`Machine: ${describeMachine()}`);
  console.log(`Load average (1 / 5 / 15 min) before: ${loadBefore}; after: ${describeLoad()}`);
  console.log(
    `Fake provider reply: ${tokenCount} tokens, one every ${tokenDelayMs} ms; TTFB = first byte of reply text`,
  );
  console.log(
    `Provider requests per stream: ${[...providerCalls].map(([name, calls]) => `${name} ${[...new Set(calls)].join('/')}`).join(', ')}\n`,
  );
  console.log(`### Per target\n\n${report.latencyTable()}\n`);
  console.log(`### Added over calling the fake provider directly\n\n${report.overheadTable()}\n`);
  console.log(`### Gateway CPU: per request and per token (50 streams at once)\n\n${report.costTable()}\n`);
  console.log(`### Memory with ${holdStreams} streams open\n\n${report.memoryTable()}\n`);
  for (const target of ourTargets)
    console.log(`### Against the targets (${target})\n\n${report.verdicts(target).join('\n')}\n`);
  if (profile)
    console.log(
      `\n### CPU profile of our server, 50 streams at once (separate pass)\n\n${summarizeCpuProfile(profile)}`,
    );
}

await main();
