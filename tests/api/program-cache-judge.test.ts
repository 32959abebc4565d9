import { and, eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parsePicodollars } from '../../src/money';
import { blendedPrice, modelCatalog } from '../../src/gateway';
import type { RecordedRequest } from '../../src/gateway/testing/fake-provider-server';
import { judgeMessages } from '../../src/gateway/cache/model-same-question-judge';
import { usageRecords } from '../../src/server/db/schema';
import { startLimitsServer, type LimitedUser, type LimitsServer } from './support/limited-roles';
import { roomStillHeld } from './support/held-room';

// Programs' borderline cache lookups go to the same-question judge as the chat's do (issue 23):
// through the metered path, recorded as the chat's judge is (source 'cache-judge'), with the key.

let server: LimitsServer;
beforeAll(async () => {
  server = await startLimitsServer({ CACHE_JUDGE_ENABLED: 'true', CACHE_SPECULATIVE_CALLS: 'false' });
}, 60_000);
afterAll(() => server?.close());
beforeEach(() => server.provider.reset());

const mini = 'openai/gpt-4o-mini';
// The encoder scores these ~0.97 and the verifier finds two words changed: a borderline pair.
const asked = 'How can I boost the water pressure in my garden hose?';
const borderline = 'How do I increase the water pressure in my garden hose?';
const judgeModel = modelCatalog
  .filter((model) => model.provider === 'openai' || model.provider === 'anthropic')
  .sort((first, second) => blendedPrice(first) - blendedPrice(second))[0]!;
const judgeUsage = { inputTokens: 130, outputTokens: 1 };

const isJudgeCall = (request: RecordedRequest) =>
  (request.body as { messages?: { content?: unknown }[] })?.messages?.[0]?.content ===
  judgeMessages('', '')[0]!.content;

async function keyClient(user: LimitedUser) {
  const { key, secret } = await server.createApiKey(user);
  return {
    keyId: key.id,
    openai: new OpenAI({ apiKey: secret, baseURL: `${server.server.url}/v1`, maxRetries: 0, timeout: 60_000 }),
  };
}

const ask = (openai: OpenAI, content: string) =>
  openai.chat.completions.create({ model: mini, temperature: 0, messages: [{ role: 'user', content }] }).withResponse();

describe("the cache judge for programs' lookups", () => {
  it('judges a borderline match: "same" answers from the cache, the judge recorded with the key and paid', {
    timeout: 120_000,
  }, async () => {
    const admin = await server.newAdministrator('judged');
    const { keyId, openai } = await keyClient(admin);
    server.provider.enqueueReply({ text: 'First answer from a model' });
    server.provider.enqueueReply({ text: 'same', usage: judgeUsage });
    const first = await ask(openai, asked);
    expect(first.response.headers.get('x-tokenwise-cache')).toBe('miss');

    const judged = await ask(openai, borderline);
    expect(judged.response.headers.get('x-tokenwise-cache')).toBe('hit');
    expect(judged.data.choices[0]!.message.content).toBe('First answer from a model');
    const requests = server.provider.requests;
    expect(requests.map(isJudgeCall)).toEqual([false, true]);
    expect((requests[1]!.body as { model: string }).model).toBe(judgeModel.providerModelId);
    expect(JSON.stringify(requests[1]!.body)).toContain(borderline);

    const records = await server.db
      .select()
      .from(usageRecords)
      .where(and(eq(usageRecords.orgId, admin.orgId), eq(usageRecords.source, 'cache-judge')));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      modelId: judgeModel.id,
      userId: admin.userId,
      apiKeyId: keyId,
      inputTokens: 130,
      outputTokens: 1,
      referenceCostUsd: '0.000000000000',
      outcome: 'complete',
      billedToWallet: true,
    });
    expect(parsePicodollars(records[0]!.costUsd)).toBeGreaterThan(0n);
    expect(await roomStillHeld([server.server], server.db, admin.orgId)).toEqual({ limits: 0, wallet: 0 });
  });

  it('asks the model when the judge rejects the match', { timeout: 120_000 }, async () => {
    const admin = await server.newAdministrator('judged');
    const { openai } = await keyClient(admin);
    server.provider.enqueueReply({ text: 'First answer from a model' });
    server.provider.enqueueReply({ text: 'Different.', usage: judgeUsage });
    server.provider.enqueueReply({ text: 'Second answer from a model' });
    await ask(openai, asked);
    const missed = await ask(openai, borderline);
    expect(missed.response.headers.get('x-tokenwise-cache')).toBe('miss');
    expect(missed.data.choices[0]!.message.content).toBe('Second answer from a model');
    expect(server.provider.requests.map(isJudgeCall)).toEqual([false, true, false]);
  });

  it('asks no judge when the key turns the cache off', { timeout: 120_000 }, async () => {
    const admin = await server.newAdministrator('judged');
    const { openai } = await keyClient(admin);
    server.provider.enqueueReply({ text: 'First answer from a model' });
    server.provider.enqueueReply({ text: 'Second answer from a model' });
    await ask(openai, asked);
    const off = await openai.chat.completions
      .create(
        { model: mini, temperature: 0, messages: [{ role: 'user', content: borderline }] },
        { headers: { 'x-tokenwise-cache': 'off' } },
      )
      .withResponse();
    expect(off.response.headers.get('x-tokenwise-cache')).toBe('off');
    expect(server.provider.requests.map(isJudgeCall)).toEqual([false, false]);
  });
});
