/**
 * A cache hit answered end to end over HTTP with a large cache, and the router's cost per request.
 *
 *   npm run bench:routing
 *   ENTRIES=20000 REQUESTS=100 PROMPTS=200 npm run bench:routing     # smaller and quicker
 *
 * 1. The real server in its own process (PGlite under a temp folder, the embedded model off), the
 *    fake OpenAI provider in another. One prompt is sent so the cache stores its reply; a second
 *    organisation times cache misses routed automatically against the same prompts with a forced
 *    model (which skips the router).
 * 2. The server stops; the organisation's cache scope is grown to ENTRIES rows on the same data
 *    dir (bench/support/seed-cache-scope.ts: PGlite has one connection, held by the server), the
 *    HNSW index is built, and the server starts again.
 * 3. REQUESTS sequential requests of the same prompt (exact tier), of a paraphrase (semantic
 *    tier) and of the same prompt with a forced model (exact tier without the router), each timed
 *    from the request to the last byte of the body. Every answer must be a hit; misses are counted.
 * 4. In this process, without HTTP: what the server computes per automatic request, the router's
 *    score (embedding plus features and model) and the cache's embedding, over PROMPTS benchmark
 *    prompts (MT-Bench, GSM8K, MMLU from ../shared/data).
 *
 * The report goes to stdout (Markdown), progress to stderr.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatReport, type HitRun, type MissView } from './routing-latency/report';
import { benchmarkPrompts, timeRoutingInProcess } from './routing-latency/routing-in-process';
import { sendTimedMessage, signUp, type SignedUpUser, type TimedReply } from './support/chat-client';
import { startFakeProviderProcess, type FakeProviderProcess } from './support/fake-provider-process';
import { seedCacheScope, type SeedReport } from './support/seed-cache-scope';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { progress } from './support/measure';
import { describeLoad, formatNumber, percentile } from './support/stats';

const entryTarget = Number(process.env.ENTRIES ?? 100_000);
const requestCount = Number(process.env.REQUESTS ?? 200);
const promptCount = Number(process.env.PROMPTS ?? 300);
const missCount = Number(process.env.MISSES ?? 40);

const cachedPrompt = 'How do I bake sourdough bread at home?';
/** Paraphrases tried in order at one entry; the first the cache answers is the semantic-tier probe. */
const paraphrases = [
  'How can I bake sourdough bread at home?',
  'How do I bake sourdough bread at home',
  'how do i bake sourdough bread at home?',
];

/** A long prompt (the cache's encoder reads 320 characters, so its embedding costs more) and its paraphrases. */
const longPrompt =
  'Plan a two-week trip to Japan in spring for two people who like food, hiking and small towns more than big cities, arriving in Osaka and flying out of Tokyo, with at most two days in Tokyo. Give a day-by-day itinerary with the train connections between stops, a rough daily budget for two, and say which rail passes are worth buying for this route and which are not.';
const longParaphrases = [
  longPrompt.replace('Plan a two-week', 'Please plan a two-week'),
  longPrompt.replace('Give a day-by-day', 'Give me a day-by-day'),
];

const ms = (value: number, digits = 1) => formatNumber(value, digits);
const cpuTotal = (server: ServerProcess) => {
  const cpu = server.cpuTimeMs();
  return cpu ? cpu.mainThread + cpu.otherThreads : Number.NaN;
};
const loadSamples: string[] = [];
const noteLoad = (when: string) => loadSamples.push(`${when}: ${describeLoad()}`);

function serverEnvironment(fake: FakeProviderProcess, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...extra,
    LOCAL_MODEL_ENABLED: 'false',
    OPENAI_API_KEY: 'sk-bench-dummy',
    // Paid replies stay held and debited, with room for every run.
    TRIAL_CREDIT_USD: '900000',
    OPENAI_BASE_URL: `${fake.url}/v1`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
}

function isHit(reply: TimedReply): boolean {
  return reply.status === 200 && reply.metadata?.route?.cached === true;
}

async function timeHits(
  server: ServerProcess,
  user: SignedUpUser,
  label: string,
  prompt: string,
  forcedModelId?: string,
): Promise<HitRun> {
  for (let index = 0; index < 20; index += 1) await sendTimedMessage(server.url, user, prompt, forcedModelId); // warm-up, untimed
  const cpuBefore = cpuTotal(server);
  const times: number[] = [];
  let misses = 0;
  let reasonText = '';
  for (let index = 0; index < requestCount; index += 1) {
    const reply = await sendTimedMessage(server.url, user, prompt, forcedModelId);
    times.push(reply.ms);
    if (!isHit(reply)) misses += 1;
    reasonText = reply.metadata?.route?.reason_text ?? `status ${reply.status}`;
  }
  const serverCpuMsPerRequest = (cpuTotal(server) - cpuBefore) / requestCount;
  progress(`${label}: p50 ${ms(percentile(times, 50))} ms, ${misses} misses`);
  return { label, prompt, times, misses, serverCpuMsPerRequest, reasonText };
}

/**
 * Stores the long prompt and finds a paraphrase of it the semantic tier answers. Only when the
 * router sends it to the same model as the short prompt (same tier, so the same cache scope that
 * is grown to ENTRIES rows); otherwise the long row is left out of the report.
 */
async function findLongParaphrase(
  server: ServerProcess,
  user: SignedUpUser,
  shortPromptModel: string,
): Promise<string | undefined> {
  const stored = await sendTimedMessage(server.url, user, longPrompt);
  if (stored.metadata?.primary_model !== shortPromptModel) {
    progress(
      `long prompt: answered by ${stored.metadata?.primary_model}, not ${shortPromptModel} (another cache scope); left out`,
    );
    return undefined;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const candidate of longParaphrases) {
    const reply = await sendTimedMessage(server.url, user, candidate);
    progress(
      `long paraphrase: ${isHit(reply) ? 'hit' : 'miss'} (${reply.metadata?.route?.reason_text ?? reply.status})`,
    );
    if (isHit(reply) && !reply.metadata!.route!.reason_text.includes('same question')) return candidate;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return undefined;
}

/** Misses through HTTP: automatic routing against a forced model, alternating, on distinct prompts. */
async function timeMisses(server: ServerProcess, user: SignedUpUser, prompts: readonly string[]): Promise<MissView> {
  const first = await sendTimedMessage(server.url, user, `Warm-up: ${prompts[0]}`);
  const forcedModel = first.metadata?.primary_model;
  if (!forcedModel) throw new Error(`no model answered the warm-up: ${first.status} ${first.text}`);
  await sendTimedMessage(server.url, user, `Warm-up again: ${prompts[0]}`, forcedModel);
  const view: MissView = { auto: [], forced: [], forcedModel, autoHits: 0, forcedHits: 0 };
  for (let index = 0; index < missCount; index += 1) {
    const auto = await sendTimedMessage(server.url, user, prompts[2 * index + 1]!);
    const forced = await sendTimedMessage(server.url, user, prompts[2 * index + 2]!, forcedModel);
    if (auto.status !== 200 || forced.status !== 200) throw new Error(`a miss failed: ${auto.status} ${forced.status}`);
    view.auto.push(auto.ms);
    view.forced.push(forced.ms);
    if (isHit(auto)) view.autoHits += 1;
    if (isHit(forced)) view.forcedHits += 1;
  }
  return view;
}

async function main(): Promise<void> {
  if (process.env.DATABASE_URL) throw new Error('unset DATABASE_URL: this benchmark measures the embedded PGlite');
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'tokenwise-routing-bench-'));
  const dataDir = path.join(scratch, 'data');
  const startedAt = new Date();
  noteLoad('start');
  const fake = await startFakeProviderProcess();
  const servers: ServerProcess[] = [];
  const start = async (extra: Record<string, string> = {}) => {
    const server = await startServerProcess({
      dataDir,
      environment: serverEnvironment(fake, extra),
      timeoutMs: 600_000,
    });
    servers.push(server);
    return server;
  };
  try {
    const prompts = await benchmarkPrompts();
    progress(`${prompts.length} benchmark prompts loaded`);

    // Phase 1: one cached entry, the paraphrase that hits it, and the miss view in another organisation.
    let server = await start();
    const owner = await signUp(server.url, 'bench-cache');
    const stored = await sendTimedMessage(server.url, owner, cachedPrompt);
    if (stored.status !== 200 || isHit(stored))
      throw new Error(`the first send should be a model's answer: ${stored.status} ${stored.text}`);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the reply is stored just after the stream ends
    if (!isHit(await sendTimedMessage(server.url, owner, cachedPrompt)))
      throw new Error('the repeated prompt was not answered from the cache');
    let paraphrase: string | undefined;
    for (const candidate of paraphrases) {
      const reply = await sendTimedMessage(server.url, owner, candidate);
      progress(
        `paraphrase "${candidate}": ${isHit(reply) ? 'hit' : 'miss'} (${reply.metadata?.route?.reason_text ?? reply.status})`,
      );
      if (isHit(reply) && !reply.metadata!.route!.reason_text.includes('same question')) {
        paraphrase = candidate;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    if (!paraphrase) throw new Error('no paraphrase was answered from the semantic tier');
    const longParaphrase = await findLongParaphrase(server, owner, stored.metadata!.primary_model);
    // The same prompt with a chosen model: its own cache scope, and no router on the way.
    const forcedModel = stored.metadata!.primary_model;
    await sendTimedMessage(server.url, owner, cachedPrompt, forcedModel);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (!isHit(await sendTimedMessage(server.url, owner, cachedPrompt, forcedModel)))
      throw new Error('the forced repeat was not answered from the cache');

    progress(`miss view: ${missCount} automatic and ${missCount} forced requests`);
    noteLoad('misses');
    const missUser = await signUp(server.url, 'bench-miss');
    const misses = await timeMisses(server, missUser, prompts.slice(promptCount, promptCount + 2 * missCount + 1));
    await server.stop();

    // Phase 2: the same scope grown to ENTRIES rows while the server is stopped.
    noteLoad('seeding');
    const seeded: SeedReport = await seedCacheScope(path.join(dataDir, 'pglite'), owner.orgId, entryTarget, progress);

    // Phase 3: hits at that size. Each timed request repeats its prompt, which the server's memory
    // of recent embeddings would answer without the encoder: first with that memory off (every
    // request pays what a question asked for the first time pays), then as installed.
    server = await start({ EMBEDDINGS_REMEMBERED: '0' });
    progress(`server ready in ${formatNumber(server.readyMs)} ms with ${seeded.entries} entries`);
    noteLoad('hits');
    const exact = await timeHits(server, owner, 'exact tier', cachedPrompt);
    const semantic = await timeHits(server, owner, 'semantic tier', paraphrase);
    const longLabel = (suffix = '') => `semantic tier, long prompt (${longParaphrase!.length} characters)${suffix}`;
    const longSemantic = longParaphrase ? [await timeHits(server, owner, longLabel(), longParaphrase)] : [];
    const forcedExact = await timeHits(
      server,
      owner,
      `exact tier, forced \`${forcedModel}\` (no router)`,
      cachedPrompt,
      forcedModel,
    );
    const restartReadyMs = server.readyMs;
    await server.stop();
    server = await start();
    const again = ' — asked again (embedding remembered)';
    const semanticAgain = await timeHits(server, owner, `semantic tier${again}`, paraphrase);
    const longAgain = longParaphrase ? [await timeHits(server, owner, longLabel(again), longParaphrase)] : [];
    await server.stop();

    // Phase 4: routing in process.
    noteLoad('routing');
    progress(`routing in process over ${promptCount} prompts`);
    const routing = await timeRoutingInProcess(prompts.slice(0, promptCount), prompts.slice(-20));
    noteLoad('end');

    const hits = [exact, semantic, ...longSemantic, forcedExact, semanticAgain, ...longAgain];
    console.log(formatReport({ startedAt, loadSamples, seeded, restartReadyMs, hits, misses, routing }));
  } finally {
    for (const server of servers) await server.stop();
    await fake.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
