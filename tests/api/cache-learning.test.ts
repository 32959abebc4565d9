import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseStreamBody } from '../../src/contracts';
import {
  blendedPrice,
  catalogTokenPrices,
  costOfUsage,
  createCacheLearnerState,
  decideCacheLookup,
  describePair,
  findModel,
  modelCatalog,
} from '../../src/gateway';
import { judgeMessages } from '../../src/gateway/cache/model-same-question-judge';
import { parsePicodollars, usdNumber } from '../../src/money';
import { cacheLearnerStates, usageRecords } from '../../src/server/db/schema';
import { createCacheLearners } from '../../src/server/routing/cache-learning/cache-learners';
import { startServer, type RunningServer } from '../../src/server/server';
import { cacheLearningFixture } from './support/cache-learning-fixture';
import { scriptProvider, type ProviderRequest } from './support/fake-provider';
import { ownServerConfig } from './support/own-server';

// docs/decisions/080: each organisation's learned cache in the database, deciding Auto's semantic hits
// against the policy's δ once it has enough labels, learning from the judge, checks and users' signals.

// The encoder scores these ~0.97 and the verifier finds two words changed: a borderline pair.
const asked = 'How can I boost the water pressure in my garden hose?';
const borderline = 'How do I increase the water pressure in my garden hose?';
// A paraphrase the static rules answer from the cache.
const poem = 'Write a short poem about cats';
const poemAgain = 'Please write a short poem about cats';
const judgeModel = modelCatalog
  .filter((model) => model.provider === 'openai' || model.provider === 'anthropic')
  .sort((first, second) => blendedPrice(first) - blendedPrice(second))[0]!;
const judgeUsage = { inputTokens: 130, outputTokens: 1 };
const judgeCost = costOfUsage(catalogTokenPrices(judgeModel), { ...judgeUsage, cachedInputTokens: 0 });
const learnedText = "your organization's learned cache threshold";

// OpenAI's wire format carries the instruction as the first message, Anthropic's as `system`.
const isJudgeCall = (request: ProviderRequest) =>
  JSON.stringify(request.body).includes(JSON.stringify(judgeMessages('', '')[0]!.content));

let server: RunningServer;
let dataDir: string;

/** A server of the test's own with the judge on; the cache is searched before a model is asked, so the script's replies come in a known order. */
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-cache-learning-'));
  const providerUrl = `${inject('fakeProviderUrl')}/v1`;
  const config = ownServerConfig(dataDir, {
    OPENAI_API_KEY: 'sk-test-dummy',
    OPENAI_BASE_URL: providerUrl,
    ANTHROPIC_API_KEY: 'sk-ant-test-dummy',
    ANTHROPIC_BASE_URL: providerUrl,
    CACHE_JUDGE_ENABLED: 'true',
    CACHE_SPECULATIVE_CALLS: 'false',
    SIGNUP_MAX_PER_ADDRESS: '100',
  });
  server = await startServer(config, { pgliteDataDir: 'memory://', webRoot: null });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const { call, signUp, ask, rate, quality, labelsOf, servedHit, teach } = cacheLearningFixture(() => server);

const storedRow = async (orgId: string) =>
  (await server.database.db.select().from(cacheLearnerStates).where(eq(cacheLearnerStates.orgId, orgId)))[0];

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: { msg: string; orgId?: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe("an organisation's learned cache", () => {
  it("learns the judge's verdict on a borderline lookup after the reply, while the static rules still decide", async () => {
    const owner = await signUp();
    const script = await scriptProvider(
      { text: 'First answer from a model', usage: { inputTokens: 400, outputTokens: 200 } },
      { text: 'same', usage: judgeUsage },
    );
    const first = await ask(owner, `${asked} ${script.marker}`);
    const judged = await ask(owner, `${borderline} ${script.marker}`);
    expect(judged.text).toBe('First answer from a model');
    expect(judged.route).toMatchObject({ mode: 'auto', reason: 'cache_hit', cached: true });
    expect(judged.route.reason_text).toContain(`judged-same by ${judgeModel.id}`);
    expect(judged.route.reason_text).not.toContain(learnedText);
    expect((await script.requests()).map(isJudgeCall)).toEqual([false, true]);

    const labels = await labelsOf(owner.orgId);
    expect(labels).toHaveLength(1);
    expect(labels[0]).toMatchObject({ source: 'judge', same: true, decisionId: null, judgeModelId: judgeModel.id });
    expect(labels[0]!.costPicodollars).toBe(judgeCost);
    const kept = await servedHit(judged.metadata.selection_id);
    expect(kept).toMatchObject({ orgId: owner.orgId, decidedBy: 'judge', entryId: labels[0]!.entryId });
    expect(kept!.features).toHaveLength(10);
    expect(await storedRow(owner.orgId)).toMatchObject({ labels: 1, version: 1, decidingSince: null });

    const figures = (await quality(owner)).cache;
    expect(figures).toMatchObject({
      lookups: 2,
      learned_lookups: 0,
      hits: 1,
      exact_hits: 0,
      semantic_hits: 1,
      learned_hits: 0,
      judged_hits: 1,
      judge_calls: 1,
      checked_hits: 0,
      wrong_hits: 0,
      wrong_hit_rate: null,
      wrong_hit_interval: null,
      flagged_hits: 0,
      learner: { labels: 1, labels_needed: 100, decides: false, deciding_since: null, error_rate: 0.02 },
    });
    expect(figures.judge_cost_usd).toBeCloseTo(usdNumber(judgeCost), 12);
    // The hit saved the reply's reference cost less the judge's call.
    expect(figures.savings_usd).toBeCloseTo(first.route.reference_cost_usd - usdNumber(judgeCost), 10);
  });

  it("decides Auto's semantic hits by its bound against the policy's error rate once it has enough labels, says so, and is reset by an administrator", async () => {
    const owner = await signUp({ cache: { error_rate: 0.05 } });
    const script = await scriptProvider(
      { text: 'First answer from a model' },
      { text: 'Different.', usage: judgeUsage },
      { text: 'Second answer from a model' },
    );
    await ask(owner, `${poem} ${script.marker}`);
    const byRules = await ask(owner, `${poemAgain} ${script.marker}`);
    expect(byRules.route.reason).toBe('cache_hit');
    expect(byRules.route.reason_text).not.toContain(learnedText);
    const kept = (await servedHit(byRules.metadata.selection_id))!;
    expect(kept.decidedBy).toBe('rules');

    // Its users' questions like these were the same question every time (the judge said so).
    await teach(owner.orgId, kept.features, true, 99);
    expect((await quality(owner)).cache.learner).toMatchObject({ labels: 99, decides: false });
    await teach(owner.orgId, kept.features, true, 21);
    const learned = (await quality(owner)).cache.learner;
    expect(learned).toMatchObject({ labels: 120, decides: true, error_rate: 0.05 });
    expect(Date.parse(learned.deciding_since)).not.toBeNaN();

    const byLearner = await ask(owner, `${poemAgain} ${script.marker}`);
    expect(byLearner.text).toBe('First answer from a model');
    expect(byLearner.route).toMatchObject({ mode: 'auto', reason: 'cache_hit' });
    expect(byLearner.route.reason_text).toMatch(
      /\(your organization's learned cache threshold \(learned from 120 labels\): at most \d+(\.\d)?% chance of a wrong answer, within its 5% error rate\)$/,
    );
    expect(await servedHit(byLearner.metadata.selection_id)).toMatchObject({ decidedBy: 'learner' });
    expect((await quality(owner)).cache).toMatchObject({
      lookups: 3,
      learned_lookups: 1,
      semantic_hits: 2,
      learned_hits: 1,
    });

    // Another organisation's lookups are not moved by these labels.
    const other = await signUp({ cache: { error_rate: 0.05 } });
    const elsewhere = await scriptProvider({ text: 'Elsewhere' });
    await ask(other, `${poem} ${elsewhere.marker}`);
    const otherHit = await ask(other, `${poemAgain} ${elsewhere.marker}`);
    expect(otherHit.route.reason_text).not.toContain(learnedText);
    expect((await quality(other)).cache.learner).toMatchObject({ labels: 0, decides: false });
    expect([403, 404]).toContain((await call(other, `/org/${owner.orgId}/routing-quality/cache/reset`, {})).status);
    expect((await quality(owner)).cache.learner.labels).toBe(120);

    // At the default 2% the same labels do not bound the pair tightly enough: the judge is asked, and says no.
    const stricter = await call(owner, `/org/${owner.orgId}/routing-policy`, { cache: { error_rate: 0.02 } }, 'PUT');
    expect(stricter.status).toBe(200);
    expect(stricter.body.policy.cache.error_rate).toBe(0.02);
    const judged = await ask(owner, `${poemAgain} ${script.marker}`);
    expect(judged.text).toBe('Second answer from a model');
    expect(judged.route.cached).toBe(false);
    expect((await script.requests()).map(isJudgeCall)).toEqual([false, true, false]);
    expect((await labelsOf(owner.orgId)).filter((label) => label.source === 'judge' && !label.same)).toHaveLength(1);
    expect((await quality(owner)).cache.learner.labels).toBe(121);

    const reset = await call(owner, `/org/${owner.orgId}/routing-quality/cache/reset`, {});
    expect(reset.status).toBe(200);
    expect(reset.body.cache.learner).toMatchObject({ labels: 0, decides: false, deciding_since: null });
    // The figures stay; the static rules decide again.
    expect(reset.body.cache.learned_hits).toBe(1);
    const afterReset = await ask(owner, `${poemAgain} ${script.marker}`);
    expect(afterReset.route.reason).toBe('cache_hit');
    expect(afterReset.route.reason_text).not.toContain(learnedText);
  });

  it('refuses a pair its labels say is wrong, where the static rules would answer it, without asking the judge', async () => {
    const owner = await signUp({ cache: { error_rate: 0.05 } });
    const script = await scriptProvider({ text: 'First answer from a model' }, { text: 'Second answer from a model' });
    await ask(owner, `${poem} ${script.marker}`);
    const byRules = await ask(owner, `${poemAgain} ${script.marker}`);
    expect(byRules.route.reason).toBe('cache_hit');
    await teach(owner.orgId, (await servedHit(byRules.metadata.selection_id))!.features, false, 120);
    const refused = await ask(owner, `${poemAgain} ${script.marker}`);
    expect(refused.route.cached).toBe(false);
    expect(refused.text).toBe('Second answer from a model');
    expect((await script.requests()).map(isJudgeCall)).toEqual([false, false]);
  });

  it("checks a sampled hit with shadow evaluation's judge after the reply, paid by the organisation, and shows the wrong-hit rate", async () => {
    const owner = await signUp({ shadow_evaluation: { sampling_rate: 1 } });
    const script = await scriptProvider(
      { text: 'First answer from a model' },
      { text: 'Different.', usage: judgeUsage },
    );
    await ask(owner, `${poem} ${script.marker}`);
    const hit = await ask(owner, `${poemAgain} ${script.marker}`);
    expect(hit.text).toBe('First answer from a model');
    expect(hit.route.reason).toBe('cache_hit');

    const requests = await script.requests();
    expect(requests.map(isJudgeCall)).toEqual([false, true]);
    expect(JSON.stringify(requests[1]!.body.messages)).toContain(poemAgain);
    const [label] = await labelsOf(owner.orgId);
    expect(label).toMatchObject({ source: 'check', same: false, decisionId: hit.metadata.selection_id });
    const checker = findModel(modelCatalog, label!.judgeModelId!)!;
    expect(requests[1]!.body.model).toBe(checker.providerModelId);
    // The strongest model the user may use, as shadow evaluation's judge.
    expect(checker.tier).toBeGreaterThan(findModel(modelCatalog, 'openai/gpt-4o-mini')!.tier);
    const [record] = await server.database.db
      .select()
      .from(usageRecords)
      .where(and(eq(usageRecords.orgId, owner.orgId), eq(usageRecords.source, 'shadow-evaluation')));
    expect(record).toMatchObject({ modelId: checker.id, inputTokens: 130, outputTokens: 1 });
    expect(parsePicodollars(record!.costUsd)).toBe(label!.costPicodollars);

    const body = await quality(owner);
    expect(body.cache).toMatchObject({ checked_hits: 1, wrong_hits: 1, wrong_hit_rate: 1, learner: { labels: 1 } });
    expect(body.cache.wrong_hit_interval.low).toBeCloseTo(0.2065, 3);
    expect(body.cache.wrong_hit_interval.high).toBe(1);
    expect(body.cache.checking_cost_usd).toBeCloseTo(usdNumber(label!.costPicodollars), 12);
    // Against shadow evaluation's monthly budget.
    expect(body.month.sampling_cost_usd).toBeCloseTo(usdNumber(label!.costPicodollars), 12);
  });

  it("learns users' signals about a semantic hit (a bad rating, a regeneration), but not about an exact repeat", async () => {
    const owner = await signUp();
    const script = await scriptProvider(
      { text: 'About cats' },
      { text: 'About dogs' },
      { text: 'About dogs, again' },
      { text: 'About rain' },
    );
    await ask(owner, `${poem} ${script.marker}`);
    const rated = await ask(owner, `${poemAgain} ${script.marker}`);
    expect(rated.route.reason).toBe('cache_hit');
    await rate(owner, rated.metadata.selection_id, 'negative');
    const afterRating = await labelsOf(owner.orgId);
    expect(afterRating).toHaveLength(1);
    expect(afterRating[0]).toMatchObject({ source: 'feedback', same: false, decisionId: rated.metadata.selection_id });
    expect((await storedRow(owner.orgId))!.labels).toBe(1);

    await ask(owner, `Write a short poem about dogs ${script.marker}`);
    const regenerated = await ask(owner, `Please write a short poem about dogs ${script.marker}`);
    expect(regenerated.route.reason).toBe('cache_hit');
    const again = await call(owner, '/conversation/regenerate', {
      message_id: regenerated.metadata.assistant_msg_id,
      session_id: regenerated.metadata.session_id,
      forced_model_id: null,
    });
    expect(again.status).toBe(200);
    expect(parseStreamBody(again.text).text).toBe('About dogs, again');
    await server.modelCallsSettled();
    const afterRegeneration = await labelsOf(owner.orgId);
    expect(afterRegeneration).toHaveLength(2);
    expect(afterRegeneration.find((label) => label.decisionId === regenerated.metadata.selection_id)).toMatchObject({
      source: 'feedback',
      same: false,
    });

    await ask(owner, `Write a haiku about rain ${script.marker}`);
    const repeat = await ask(owner, `Write a haiku about rain ${script.marker}`);
    expect(repeat.route.reason_text).toBe('Answered from the cache: the same question was asked before');
    await rate(owner, repeat.metadata.selection_id, 'negative');
    expect(await labelsOf(owner.orgId)).toHaveLength(2);
    expect((await storedRow(owner.orgId))!.labels).toBe(2);
    expect((await quality(owner)).cache).toMatchObject({ flagged_hits: 2, exact_hits: 1, semantic_hits: 2 });
  });

  it('counts every label of concurrent learns, each on the one before', async () => {
    const owner = await signUp();
    const features = describePair(poemAgain, poem, 0.95);
    const lookup = { entryKey: randomUUID(), features };
    const decision = decideCacheLookup(createCacheLearnerState(), lookup, true);
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        server.cacheLearning!.learners.learn(owner.orgId, {
          ...lookup,
          same: index % 2 === 0,
          source: 'judge',
          decision,
        }),
      ),
    );
    expect(await storedRow(owner.orgId)).toMatchObject({ labels: 12, version: 12 });
    expect((await server.cacheLearning!.learners.copyOf(owner.orgId)).state.labels).toBe(12);
  });

  it('starts afresh from a stored state it cannot use, saying so', async () => {
    const broken = await signUp();
    const foreign = await signUp();
    const db = server.database.db;
    await db.insert(cacheLearnerStates).values({ orgId: broken.orgId, state: { format: 'nonsense' }, labels: 7 });
    await db.insert(cacheLearnerStates).values({
      orgId: foreign.orgId,
      state: { ...createCacheLearnerState(), featureNames: ['bias', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] },
      labels: 0,
    });
    const { logger, lines } = capturingLogger();
    const learners = createCacheLearners({ db, logger });
    expect((await learners.copyOf(broken.orgId)).state).toEqual(createCacheLearnerState());
    expect((await learners.copyOf(foreign.orgId)).state).toEqual(createCacheLearnerState());
    expect(lines).toContainEqual(
      expect.objectContaining({
        orgId: broken.orgId,
        msg: "the organisation's stored cache learner is invalid: it starts afresh",
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        orgId: foreign.orgId,
        msg: "the organisation's cache learner was learned with other pair features: it starts afresh",
      }),
    );
  });
});
