/**
 * The gateway bench's quick mode, a regression check (issue 24): CPU per request of our server
 * (chat with the cache off, and /v1 with an API key and the cache off) divided by the AI SDK
 * pass-through's, measured in the same run, against the ratios committed in
 * bench/gateway/cpu-ratio-baseline.json. Fails when a ratio grew more than 25% over its baseline.
 *
 *   npm run bench:cpu-ratio                        # measure and check (exit 1 on a regression)
 *   npm run bench:cpu-ratio -- --write-baseline    # measure 3 times, write the median as the baseline
 *   npm run bench:cpu-ratio -- --write-baseline --runs 1    # once (quicker, less steady)
 *
 * One-token replies from the fake provider, answered at once, so the measure is what a request
 * costs before any token. CPU is user + system time of each gateway process (all threads, /proc),
 * read once every gateway process has gone quiet, before and after each batch. After a warm-up,
 * ROUNDS (10) rounds of: the pass-through (REFERENCE_REQUESTS, 300), the chat (REQUESTS, 100), the
 * pass-through, /v1 (100), CONCURRENCY (20) at once; a last pass-through batch after them. Each
 * batch of ours is divided by the mean of the two pass-through batches beside it, so that what
 * drifts over the run falls on both sides; a path's ratio is the mean of its middle 6 of 10.
 * See docs/benchmarks/gateway.md for how steady that is.
 * Exit codes: 0 passed (or baseline written), 1 a ratio over its limit, 2 could not measure,
 * 3 cannot run on this machine (no Linux /proc).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import {
  type Baseline,
  BaselineError,
  type Batch,
  bracketedRatios,
  type CheckedTarget,
  checkedTargets,
  compareRatios,
  describeVerdict,
  median,
  parseBaseline,
  referenceTarget,
  trimmedMean,
} from './gateway/cpu-ratio';
import { startLoadClient, type LoadClient } from './gateway/load-client-process';
import type { StreamRequest } from './gateway/load-job';
import { canReadProcessCpu, cpuBetween, readProcessCpu, type CpuReading } from './gateway/process-cpu';
import { startStack, type Stack } from './gateway/stack';
import { projectRoot } from './support/server-process';
import { describeLoad, describeMachine } from './support/stats';

const baselineFile = path.join(projectRoot, 'bench/gateway/cpu-ratio-baseline.json');
const rounds = Number(process.env.ROUNDS ?? 10);
const concurrency = Number(process.env.CONCURRENCY ?? 20);
// Requests per batch and in the warm-up, for our server and for the pass-through. The pass-through
// costs ~1.5 ms a request against our ~20-30: it gets larger batches, and a long warm-up, as its
// JIT keeps compiling (on other threads, which count) for its first few thousand requests.
const batchRequests = {
  ours: Number(process.env.REQUESTS ?? 100),
  reference: Number(process.env.REFERENCE_REQUESTS ?? 300),
};
const warmUpRequests = {
  ours: Number(process.env.WARMUP_REQUESTS ?? 300),
  reference: Number(process.env.REFERENCE_WARMUP_REQUESTS ?? 4_000),
};
// Answered at once: each request is then CPU work only, and no timer decides how many events a
// wake-up of the process handles.
const oneTokenReply = { text: 'single', chunkDelayMs: 0 };
const method =
  `${rounds} rounds of: pass-through (${batchRequests.reference} requests), chat cache off (${batchRequests.ours}), ` +
  `pass-through, /v1 cache off (${batchRequests.ours}); a pass-through batch last; ` +
  `${concurrency} at once, one-token replies, after ${warmUpRequests.reference} (pass-through) and ${warmUpRequests.ours} warm-up requests; ` +
  `each batch of ours over the mean of the pass-through batches beside it, per path the mean of those ratios without the lowest and highest 20%`;

interface MeasuredTarget {
  name: typeof referenceTarget | CheckedTarget;
  pid: number;
  request: StreamRequest;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

/** The three targets: the pass-through, our chat with the cache off, /v1 with the cache turned off by its header. */
function measuredTargets(stack: Stack): MeasuredTarget[] {
  const find = (name: string) => {
    const target = stack.targets.find((candidate) => candidate.name === name);
    if (!target?.pid) throw new Error(`the stack has no ${name}`);
    return target as typeof target & { pid: number };
  };
  const passThrough = find(referenceTarget);
  const chat = find('Tokenwise, cache off');
  const program = find('Tokenwise /v1');
  const lastWord = oneTokenReply.text;
  const programRequest = program.request(lastWord);
  return [
    { name: referenceTarget, pid: passThrough.pid, request: passThrough.request(lastWord) },
    { name: 'Tokenwise, cache off', pid: chat.pid, request: chat.request(lastWord) },
    {
      name: 'Tokenwise /v1, cache off',
      pid: program.pid,
      request: { ...programRequest, headers: { ...programRequest.headers, 'x-tokenwise-cache': 'off' } },
    },
  ];
}

/**
 * The process's CPU reading once it has gone quiet (under 1 ms of CPU in 100 ms), so that work a
 * server does after the client has its answer (settling, recording) falls inside the batch.
 */
async function quietReading(pid: number): Promise<CpuReading> {
  let last = readProcessCpu(pid);
  const giveUpAt = Date.now() + 5_000;
  for (;;) {
    await delay(100);
    const now = readProcessCpu(pid);
    if (cpuBetween(last, now) < 1 || Date.now() > giveUpAt) return now;
    last = now;
  }
}

/** Sends the target about `requests` requests, `concurrency` at once; throws when any failed, else answers how many. */
async function sendBatch(client: LoadClient, target: MeasuredTarget, requests: number): Promise<number> {
  const samples = await client.run({
    request: target.request,
    concurrency,
    requestsPerWorker: Math.ceil(requests / concurrency),
  });
  const failed = samples.filter((sample) => !sample.ok);
  if (failed.length > 0)
    throw new Error(
      `${failed.length} of ${samples.length} requests to ${target.name} failed, e.g. ${failed[0]!.error}`,
    );
  return samples.length;
}

const isReference = (target: MeasuredTarget) => target.name === referenceTarget;

/** CPU ms per request of one batch, started once every gateway process is quiet. */
async function measureBatch(client: LoadClient, target: MeasuredTarget, pids: number[]): Promise<number> {
  for (const pid of pids) if (pid !== target.pid) await quietReading(pid);
  const before = await quietReading(target.pid);
  const sent = await sendBatch(client, target, isReference(target) ? batchRequests.reference : batchRequests.ours);
  const after = await quietReading(target.pid);
  return cpuBetween(before, after) / sent;
}

/**
 * The order of the batches: per round the pass-through, the chat, the pass-through, /v1; and the
 * pass-through once more at the end, so that every batch of ours has one on each side. The same
 * order every round: a path's first batch after the other path costs more than a second one in a
 * row would (swapping them each round gave two clusters of ratios for /v1, ~8x and ~11x).
 */
function batchOrder(targets: MeasuredTarget[]): MeasuredTarget[] {
  const [reference, chat, program] = targets as [MeasuredTarget, MeasuredTarget, MeasuredTarget];
  const order: MeasuredTarget[] = [];
  for (let round = 0; round < rounds; round++) order.push(reference, chat, reference, program);
  return [...order, reference];
}

/** Stopped by `npm test` or Ctrl-C: the servers are stopped too, not left behind. */
function stopOnSignal(stop: () => Promise<void>): void {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    process.once(signal, () => void stop().finally(() => process.exit(code)));
}

/** Every batch in the order it ran. */
async function measure(): Promise<Batch[]> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'tokenwise-cpu-ratio-'));
  mkdirSync(path.join(scratch, 'probe'));
  const startedAt = performance.now();
  const stack = await startStack({
    defaultReply: oneTokenReply,
    probeDirectory: path.join(scratch, 'probe'),
    dataDirectory: path.join(scratch, 'data'),
    only: [referenceTarget, 'Tokenwise, cache off', 'Tokenwise /v1'],
    singleStart: true,
  });
  const client = startLoadClient();
  stopOnSignal(async () => {
    client.stop();
    await stack.stop();
    await rm(scratch, { recursive: true, force: true });
  });
  try {
    const targets = measuredTargets(stack);
    log(`Started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s; warm-up`);
    // The pass-through's warm-up beside our server's, from a second client: nothing is measured yet.
    const [reference, ...ours] = targets as [MeasuredTarget, ...MeasuredTarget[]];
    const warmUpClient = startLoadClient();
    try {
      await Promise.all([
        sendBatch(warmUpClient, reference, warmUpRequests.reference),
        (async () => {
          for (const target of ours) await sendBatch(client, target, warmUpRequests.ours);
        })(),
      ]);
    } finally {
      warmUpClient.stop();
    }
    log(`Warm-up done at ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    const batches: Batch[] = [];
    const pids = [...new Set(targets.map((target) => target.pid))];
    for (const target of batchOrder(targets)) {
      batches.push({ target: target.name, cpuMsPerRequest: await measureBatch(client, target, pids) });
      log(`  ${target.name}: ${batches.at(-1)!.cpuMsPerRequest.toFixed(3)} ms per request`);
    }
    log(`Measured at ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    return batches;
  } finally {
    client.stop();
    await stack.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

function describeCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: projectRoot, encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--', 'src', 'bench', 'package-lock.json'], {
      cwd: projectRoot,
      encoding: 'utf8',
    }).trim();
    return changed ? `${commit}+changes` : commit;
  } catch {
    return 'unknown (no git)';
  }
}

function summarise(batches: Batch[]): {
  ratios: Record<CheckedTarget, number>;
  cpuMsPerRequest: Record<string, number>;
} {
  const perBatch = bracketedRatios(batches);
  const ratios = {} as Record<CheckedTarget, number>;
  for (const target of checkedTargets) {
    const values = perBatch[target];
    ratios[target] = trimmedMean(values);
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `${target}: ${ratios[target].toFixed(2)}x the ${referenceTarget}'s CPU per request (trimmed mean of ${values.length} batches; ` +
        `their ratios ${sorted.map((value) => value.toFixed(1)).join(' ')})`,
    );
  }
  const cpuMsPerRequest: Record<string, number> = {};
  for (const name of [referenceTarget, ...checkedTargets]) {
    const values = batches.filter((batch) => batch.target === name).map((batch) => batch.cpuMsPerRequest);
    cpuMsPerRequest[name] = Number(median(values).toFixed(3));
    console.log(
      `${name}: median ${median(values).toFixed(2)} ms of CPU per request (batches ${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`,
    );
  }
  return { ratios, cpuMsPerRequest };
}

function readBaseline(): Baseline {
  let text: string;
  try {
    text = readFileSync(baselineFile, 'utf8');
  } catch (error) {
    throw new BaselineError(
      `cannot read ${path.relative(projectRoot, baselineFile)} (${(error as NodeJS.ErrnoException).code}): write one with npm run bench:cpu-ratio -- --write-baseline`,
    );
  }
  return parseBaseline(text, path.relative(projectRoot, baselineFile));
}

/** One measurement on fresh processes, printed; `label` names it among several. */
async function measureOnce(label: string): Promise<ReturnType<typeof summarise> & { loadBefore: string }> {
  const loadBefore = describeLoad();
  const startedAt = performance.now();
  const batches = await measure();
  console.log(
    `CPU ratio check${label}, ${new Date().toISOString()}, ${describeCommit()}: ${method}. Load average before ${loadBefore}, after ${describeLoad()}; ` +
      `${((performance.now() - startedAt) / 1000).toFixed(0)} s.`,
  );
  return { ...summarise(batches), loadBefore };
}

/** `--runs N` (write mode): how many measurements the baseline is the median of. */
function baselineRuns(): number {
  const index = process.argv.indexOf('--runs');
  const runs = index === -1 ? 3 : Number(process.argv[index + 1]);
  if (!Number.isInteger(runs) || runs < 1) throw new BaselineError('--runs takes a whole number of runs, 1 or more');
  return runs;
}

const rounded = (value: number) => Number(value.toFixed(3));

/**
 * Measures `runs` times, each on fresh processes, and writes the per-path median of their ratios:
 * a baseline from one run would carry that run's own error (about ±4%) into every later check.
 */
async function writeBaseline(runs: number): Promise<void> {
  const measured: Awaited<ReturnType<typeof measureOnce>>[] = [];
  for (let run = 1; run <= runs; run++) measured.push(await measureOnce(runs > 1 ? ` (run ${run} of ${runs})` : ''));
  const ratiosPerRun = measured.map(
    (run) =>
      Object.fromEntries(checkedTargets.map((target) => [target, rounded(run.ratios[target])])) as Record<
        CheckedTarget,
        number
      >,
  );
  const written: Baseline = {
    measuredAt: new Date().toISOString(),
    commit: describeCommit(),
    machine: describeMachine(),
    loadAverage: `${measured[0]!.loadBefore} before, ${describeLoad()} after (1 / 5 / 15 min)`,
    method: `${method}; the median of ${runs} such run(s), each on fresh processes`,
    ratios: Object.fromEntries(
      checkedTargets.map((target) => [target, rounded(median(measured.map((run) => run.ratios[target])))]),
    ) as Record<CheckedTarget, number>,
    ratiosPerRun,
    cpuMsPerRequest: Object.fromEntries(
      Object.keys(measured[0]!.cpuMsPerRequest).map((name) => [
        name,
        rounded(median(measured.map((run) => run.cpuMsPerRequest[name]!))),
      ]),
    ),
  };
  writeFileSync(baselineFile, `${JSON.stringify(written, null, 2)}\n`);
  console.log(
    `Wrote ${path.relative(projectRoot, baselineFile)}: ${checkedTargets.map((target) => `${target} ${written.ratios[target]}x`).join(', ')}. ` +
      'Commit it with the change that moved it.',
  );
}

async function main(): Promise<number> {
  const writing = process.argv.includes('--write-baseline');
  if (!canReadProcessCpu()) {
    console.log('The CPU-ratio check cannot run here: it reads CPU time from Linux /proc.');
    return 3;
  }
  // The bench's stack hands DATABASE_URL to our server; the baseline is PGlite's, so this check always is.
  if (process.env.DATABASE_URL) {
    console.log('DATABASE_URL is set: ignored, the CPU-ratio check measures our server on PGlite.');
    delete process.env.DATABASE_URL;
  }
  if (writing) {
    await writeBaseline(baselineRuns());
    return 0;
  }
  // Read before measuring: a bad file fails in a second, not after two minutes.
  const baseline = readBaseline();
  const { ratios } = await measureOnce('');
  console.log(`Baseline: ${baseline.commit}, ${baseline.measuredAt}, ${baseline.machine}`);
  const cpuModel = (machine: string) => machine.split(',')[0];
  if (cpuModel(baseline.machine) !== cpuModel(describeMachine()))
    console.log(
      `Note: this machine (${describeMachine()}) is not the baseline's; the ratios can differ between CPU models.`,
    );
  const verdicts = compareRatios(ratios, baseline);
  for (const verdict of verdicts) console.log(describeVerdict(verdict));
  return verdicts.every((verdict) => verdict.passed) ? 0 : 1;
}

process.exitCode = await main().catch((error: unknown) => {
  console.log(
    `The CPU-ratio check could not measure: ${error instanceof BaselineError ? error.message : String((error as Error).stack ?? error)}`,
  );
  return 2;
});
