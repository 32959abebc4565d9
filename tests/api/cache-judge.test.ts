import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseStreamBody } from '../../src/contracts';
import { blendedPrice, catalogTokenPrices, costOfUsage, modelCatalog } from '../../src/gateway';
import { parsePicodollars, usdNumber } from '../../src/money';
import { judgeMessages } from '../../src/gateway/cache/model-same-question-judge';
import { usageRecords, walletLedger } from '../../src/server/db/schema';
import { ledgerSumAndBalance, postToWallet } from '../../src/server/wallet/ledger-repository';
import { startServer, type RunningServer } from '../../src/server/server';
import { sendMessage } from './support/chat';
import { signUpOrganisation, strongPassword, uniqueName } from './support/client';
import { scriptProvider, type ProviderRequest } from './support/fake-provider';
import { ownServerConfig } from './support/own-server';
import { roomStillHeld } from './support/held-room';

interface Owner {
  token: string;
  orgId: string;
  userId: string;
}

// One chosen model, so the two wordings share a cache scope whatever the router would choose.
const chosen = { forced_model_id: 'openai/gpt-4o-mini' };
// The encoder scores these ~0.97 and the verifier finds two words changed: a borderline pair.
const asked = 'How can I boost the water pressure in my garden hose?';
const borderline = 'How do I increase the water pressure in my garden hose?';
// The suite's server reaches OpenAI and Anthropic; the judge is the cheapest of their models.
const judgeModel = modelCatalog
  .filter((model) => model.provider === 'openai' || model.provider === 'anthropic')
  .sort((first, second) => blendedPrice(first) - blendedPrice(second))[0]!;
const judgeUsage = { inputTokens: 130, outputTokens: 1 };
const judgeCost = costOfUsage(catalogTokenPrices(judgeModel), { ...judgeUsage, cachedInputTokens: 0 });

const isJudgeCall = (request: ProviderRequest) =>
  request.body.messages?.[0]?.content === judgeMessages('', '')[0]!.content;

let server: RunningServer;
let dataDir: string;

/**
 * A server of the test's own with the judge on, calling the suite's scripted provider. The cache
 * is searched before a model is asked (no speculative call), so the script's replies go to the
 * judge and the model in a known order.
 */
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-cache-judge-'));
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
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function call(owner: Owner | undefined, pathname: string, body?: unknown) {
  const response = await fetch(`${server.url}/api${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(owner ? { authorization: `Bearer ${owner.token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
  };
}

async function signUp(): Promise<Owner> {
  const username = uniqueName('judge');
  const answer = await call(undefined, '/auth/signup', {
    username,
    email: `${username}@example.test`,
    password: strongPassword,
    org_name: `Org ${username}`,
  });
  expect(answer.status).toBe(201);
  return { token: answer.body.token, orgId: answer.body.user.org_id, userId: answer.body.user.id };
}

async function ask(owner: Owner, prompt: string) {
  const answer = await call(owner, '/conversation/message', {
    org_id: owner.orgId,
    user_id: owner.userId,
    prompt,
    stream: true,
    ...chosen,
  });
  expect(answer.status).toBe(200);
  return parseStreamBody(answer.text);
}

const recordsOf = (owner: Owner) =>
  server.database.db
    .select()
    .from(usageRecords)
    .where(and(eq(usageRecords.orgId, owner.orgId), eq(usageRecords.userId, owner.userId)));

describe('the same-question judge (CACHE_JUDGE_ENABLED)', () => {
  it('answers a borderline pair from the cache when the judge says "same", recording its call and taking its cost off the saving', async () => {
    const owner = await signUp();
    const script = await scriptProvider(
      { text: 'First answer from a model', usage: { inputTokens: 400, outputTokens: 200 } },
      { text: 'same', usage: judgeUsage },
    );
    const first = await ask(owner, `${asked} ${script.marker}`);
    expect(first.text).toBe('First answer from a model');
    const original = first.metadata!.route!;

    const judged = await ask(owner, `${borderline} ${script.marker}`);
    expect(judged.text).toBe('First answer from a model');
    expect(judged.metadata!.route).toMatchObject({ reason: 'cache_hit', cached: true });
    expect(judged.metadata!.route!.reason_text).toContain(`judged-same by ${judgeModel.id}`);
    expect(judged.metadata!.route!.cost_usd).toBeCloseTo(usdNumber(judgeCost), 12);
    expect(judged.metadata!.route!.reference_cost_usd).toBeCloseTo(original.reference_cost_usd, 12);

    const requests = await script.requests();
    expect(requests).toHaveLength(2);
    const judgeCall = requests[1]!;
    expect(isJudgeCall(judgeCall)).toBe(true);
    expect(judgeCall.body.model).toBe(judgeModel.providerModelId);
    expect(JSON.stringify(judgeCall.body.messages)).toContain(borderline);
    expect(JSON.stringify(judgeCall.body.messages)).toContain(asked);

    const judgeRecord = (await recordsOf(owner)).find((record) => record.modelId === judgeModel.id && !record.cacheHit);
    expect(judgeRecord).toMatchObject({
      inputTokens: 130,
      outputTokens: 1,
      referenceCostUsd: '0.000000000000',
      outcome: 'complete',
      billedToWallet: true,
    });
    expect(parsePicodollars(judgeRecord!.costUsd)).toBe(judgeCost);
    // Paid from the wallet like any call through the instance's key, and the room it held given back.
    const db = server.database.db;
    expect(await db.select().from(walletLedger).where(eq(walletLedger.usageRecordId, judgeRecord!.id))).toHaveLength(1);
    expect(await roomStillHeld([server], db, owner.orgId)).toEqual({ limits: 0, wallet: 0 });

    const savings = await call(owner, `/org/${owner.orgId}/routing-savings`);
    expect(savings.body.totals).toMatchObject({ requests: 3, cache_hits: 1 });
    // The model's answer, the judge, the free hit; the saving is the hit's reference cost less the judge's.
    expect(savings.body.totals.actual_cost).toBeCloseTo(original.cost_usd + usdNumber(judgeCost), 8);
    expect(savings.body.totals.potential_cost).toBeCloseTo(2 * original.reference_cost_usd, 8);
  });

  it('asks a model when the judge says "Different."; its call is still recorded', async () => {
    const owner = await signUp();
    const script = await scriptProvider(
      { text: 'First answer from a model' },
      { text: 'Different.', usage: judgeUsage },
      { text: 'Second answer from a model' },
    );
    await ask(owner, `${asked} ${script.marker}`);
    const missed = await ask(owner, `${borderline} ${script.marker}`);
    expect(missed.text).toBe('Second answer from a model');
    expect(missed.metadata!.route!.cached).toBe(false);
    const requests = await script.requests();
    expect(requests.map(isJudgeCall)).toEqual([false, true, false]);
    expect(
      (await recordsOf(owner)).filter(
        (record) => record.modelId === judgeModel.id && parsePicodollars(record.referenceCostUsd) === 0n,
      ),
    ).toHaveLength(1);
  });

  it('does not ask the judge when the wallet cannot pay for it', async () => {
    const owner = await signUp();
    const script = await scriptProvider({ text: 'First answer from a model' }, { text: 'same', usage: judgeUsage });
    await ask(owner, `${asked} ${script.marker}`);
    const db = server.database.db;
    const { balance } = await ledgerSumAndBalance(db, owner.orgId);
    const emptied = await db.execute<{ change: string }>(sql`select (0 - ${balance}::numeric)::text as change`);
    await postToWallet(db, {
      orgId: owner.orgId,
      amount: (emptied as unknown as { rows: { change: string }[] }).rows[0]!.change,
      description: 'Test adjustment',
    });
    const refused = await call(owner, '/conversation/message', {
      org_id: owner.orgId,
      user_id: owner.userId,
      prompt: `${borderline} ${script.marker}`,
      stream: true,
      ...chosen,
    });
    expect(refused.status).toBe(402);
    expect((await script.requests()).some(isJudgeCall)).toBe(false);
    expect((await recordsOf(owner)).filter((record) => record.modelId === judgeModel.id)).toEqual([]);
  });

  it('asks no judge about a clear hit or a clear miss', async () => {
    const owner = await signUp();
    const script = await scriptProvider({ text: 'First answer from a model' }, { text: 'Second answer from a model' });
    await ask(owner, `Write a short poem about cats ${script.marker}`);
    const repeat = await ask(owner, `Write a short poem about cats ${script.marker}`);
    expect(repeat.metadata!.route!.cached).toBe(true);
    const paraphrase = await ask(owner, `Please write a short poem about cats ${script.marker}`);
    expect(paraphrase.metadata!.route!.cached).toBe(true);
    expect(paraphrase.metadata!.route!.reason_text).not.toContain('judged');
    const unrelated = await ask(owner, `What is the tallest mountain in Africa? ${script.marker}`);
    expect(unrelated.text).toBe('Second answer from a model');
    expect((await script.requests()).some(isJudgeCall)).toBe(false);
  });

  it("never consults another organisation's cache", async () => {
    const [first, second] = [await signUp(), await signUp()];
    const script = await scriptProvider({ text: 'First answer from a model' }, { text: 'Second answer from a model' });
    await ask(first, `${asked} ${script.marker}`);
    const other = await ask(second, `${borderline} ${script.marker}`);
    expect(other.text).toBe('Second answer from a model');
    expect(other.metadata!.route!.cached).toBe(false);
    expect((await script.requests()).some(isJudgeCall)).toBe(false);
  });
});

describe('with the judge off (the default)', () => {
  it('asks no judge about a borderline pair', async () => {
    const { auth } = await signUpOrganisation();
    const script = await scriptProvider({ text: 'First answer from a model' }, { text: 'Second answer from a model' });
    const ask = (prompt: string) =>
      sendMessage(auth.token, { org_id: auth.user.org_id, user_id: auth.user.id, prompt, ...chosen });
    await ask(`${asked} ${script.marker}`);
    const missed = await ask(`${borderline} ${script.marker}`);
    expect(missed.parsed.text).toBe('Second answer from a model');
    expect((await script.requests()).some(isJudgeCall)).toBe(false);
  });
});
