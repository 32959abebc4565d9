import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { fakeEmbedding } from '../../src/gateway/testing/openai-embeddings-wire';
import { usageRecords } from '../../src/server/db/schema';
import { ledgerSumAndBalance, postToWallet } from '../../src/server/wallet/ledger-repository';
import { startLimitsServer, type LimitsServer } from './support/limited-roles';
import { roomStillHeld } from './support/held-room';

// POST /v1/embeddings with OpenAI's own client (issue 23; docs/decisions/060): through the one
// metered path, held, paid and recorded with the key like any model call.

let server: LimitsServer;
// The OpenAI-compatible server (vLLM, Ollama...) whose embedding model the operator declared.
let compatible: FakeProviderServer;
beforeAll(async () => {
  compatible = await startFakeProviderServer();
  server = await startLimitsServer({
    SIGNUP_MAX_PER_ADDRESS: '1000',
    OPENAI_COMPATIBLE_BASE_URL: `${compatible.url}/v1`,
    OPENAI_COMPATIBLE_EMBEDDING_MODELS: JSON.stringify([
      { id: 'nomic-embed-text', input_price_per_million: 0.5, context_window: 2048, dimensions: 64 },
    ]),
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await compatible?.close();
});
beforeEach(() => {
  server.provider.reset();
  compatible.reset();
});

const small = 'openai/text-embedding-3-small';

const newAdmin = () => server.newAdministrator('embed');

function client(secret: string) {
  return new OpenAI({ apiKey: secret, baseURL: `${server.server.url}/v1`, maxRetries: 0, timeout: 60_000 });
}

async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof OpenAI.APIError) return error;
    throw error;
  }
  throw new Error('the call was not refused');
}

const keyRecords = (keyId: string) => server.db.select().from(usageRecords).where(eq(usageRecords.apiKeyId, keyId));
/** How much room is still held in limits and key budgets (reservations and leases) once the calls have ended. */
const heldBy = async (orgId: string) => (await roomStillHeld([server.server], server.db, orgId)).limits;

describe('POST /v1/embeddings with the openai client', () => {
  it('answers one vector per input in order; the usage told is the usage recorded with the key, priced per input token', {
    timeout: 60_000,
  }, async () => {
    const admin = await newAdmin();
    const { key, secret } = await server.createApiKey(admin);
    // The client asks for base64 by default and decodes it: the vectors must survive the trip.
    const { data: answer, response } = await client(secret)
      .embeddings.create({ model: small, input: ['first text', 'second text here'], dimensions: 16 })
      .withResponse();
    expect(answer.object).toBe('list');
    expect(answer.model).toBe(small);
    expect(answer.data.map((item) => item.index)).toEqual([0, 1]);
    for (const [index, text] of ['first text', 'second text here'].entries()) {
      const expected = fakeEmbedding(text, 16);
      expect(answer.data[index]!.embedding).toHaveLength(16);
      for (const [place, value] of answer.data[index]!.embedding.entries())
        expect(value).toBeCloseTo(expected[place]!, 6);
    }
    // The fake provider counts one token per word.
    expect(answer.usage).toEqual({ prompt_tokens: 5, total_tokens: 5 });

    const sent = server.provider.requests.at(-1)!;
    expect(sent.path).toBe('/v1/embeddings');
    expect(sent.body).toMatchObject({
      model: 'text-embedding-3-small',
      input: ['first text', 'second text here'],
      dimensions: 16,
    });

    const records = await keyRecords(key.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      orgId: admin.orgId,
      userId: admin.userId,
      modelId: small,
      source: 'api',
      inputTokens: 5,
      outputTokens: 0,
      outcome: 'complete',
      estimated: false,
    });
    // $0.02 per million input tokens.
    expect(Number(records[0]!.costUsd)).toBeCloseTo((5 * 0.02) / 1_000_000, 15);
    expect(Number(response.headers.get('x-tokenwise-cost-usd'))).toBeCloseTo(Number(records[0]!.costUsd), 12);
    expect(response.headers.get('x-tokenwise-model')).toBe(small);
    expect(response.headers.get('x-tokenwise-cache')).toBe('off');
    expect(await heldBy(admin.orgId)).toBe(0);
  });

  it('sends floats when asked, takes a single string and OpenAI’s own model name', { timeout: 60_000 }, async () => {
    const admin = await newAdmin();
    const { secret } = await server.createApiKey(admin);
    const answer = await client(secret).embeddings.create({
      model: 'text-embedding-3-small',
      input: 'poem about cats',
      encoding_format: 'float',
    });
    expect(answer.model).toBe(small);
    expect(answer.data).toHaveLength(1);
    expect(answer.data[0]!.embedding).toEqual(fakeEmbedding('poem about cats'));
    expect(server.provider.requests.at(-1)!.body).not.toHaveProperty('dimensions');
  });

  it('asks a declared OpenAI-compatible embedding model on its own server, at its declared price', {
    timeout: 60_000,
  }, async () => {
    const admin = await newAdmin();
    const { key, secret } = await server.createApiKey(admin);
    const model = 'openai-compatible/nomic-embed-text';
    const answer = await client(secret).embeddings.create({
      model,
      input: ['one two three'],
      encoding_format: 'float',
    });
    expect(answer.model).toBe(model);
    expect(answer.data[0]!.embedding).toEqual(fakeEmbedding('one two three'));
    expect(server.provider.requests).toHaveLength(0);
    expect(compatible.requests.at(-1)).toMatchObject({
      path: '/v1/embeddings',
      body: { model: 'nomic-embed-text', input: ['one two three'] },
    });
    const [record] = await keyRecords(key.id);
    expect(record).toMatchObject({ modelId: model, inputTokens: 3, outputTokens: 0, source: 'api' });
    expect(Number(record!.costUsd)).toBeCloseTo((3 * 0.5) / 1_000_000, 15);
    const shortened = await refusal(client(secret).embeddings.create({ model, input: 'x', dimensions: 8 }));
    expect(shortened.param).toBe('dimensions');
  });

  it('refuses in OpenAI’s shape naming the parameter, before any provider is asked and with nothing held', {
    timeout: 60_000,
  }, async () => {
    const bad = await refusal(client(`tw-abcdefgh_${'x'.repeat(43)}`).embeddings.create({ model: small, input: 'x' }));
    expect(bad).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(bad.code).toBe('invalid_api_key');

    const admin = await newAdmin();
    const { key, secret } = await server.createApiKey(admin);
    const openai = client(secret);
    const chatModel = await refusal(openai.embeddings.create({ model: 'openai/gpt-4o-mini', input: 'x' }));
    expect(chatModel).toBeInstanceOf(OpenAI.BadRequestError);
    expect(chatModel.param).toBe('model');
    const unknown = await refusal(openai.embeddings.create({ model: 'openai/text-embedding-9', input: 'x' }));
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknown.param).toBe('model');
    const shortened = await refusal(
      openai.embeddings.create({ model: 'openai/text-embedding-ada-002', input: 'x', dimensions: 8 }),
    );
    expect(shortened).toBeInstanceOf(OpenAI.BadRequestError);
    expect(shortened.param).toBe('dimensions');
    const tooMany = await refusal(openai.embeddings.create({ model: small, input: Array(2049).fill('word') }));
    expect(tooMany).toBeInstanceOf(OpenAI.BadRequestError);
    expect(tooMany.param).toBe('input');
    const tooLong = await refusal(openai.embeddings.create({ model: small, input: ['ok', 'word '.repeat(19_000)] }));
    expect(tooLong).toBeInstanceOf(OpenAI.BadRequestError);
    expect(tooLong.param).toBe('input');
    expect(tooLong.message).toMatch(
      /Input 1 has about \d+ tokens; the model 'openai\/text-embedding-3-small' takes at most 8191/,
    );
    const empty = await refusal(openai.embeddings.create({ model: small, input: [] }));
    expect(empty).toBeInstanceOf(OpenAI.BadRequestError);
    expect(empty.param).toBe('input');

    const member = await server.limitedUser([{ modelId: 'openai/gpt-4o-mini' }]);
    const memberKey = await server.createApiKey(member);
    const notAllowed = await refusal(client(memberKey.secret).embeddings.create({ model: small, input: 'x' }));
    expect(notAllowed).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(notAllowed.code).toBe('model_not_found');
    expect(server.provider.requests).toHaveLength(0);

    const { balance } = await ledgerSumAndBalance(server.db, admin.orgId);
    await postToWallet(server.db, { orgId: admin.orgId, amount: `-${balance}`, description: 'Test adjustment' });
    const unpaid = await refusal(openai.embeddings.create({ model: small, input: 'x' }));
    expect(unpaid.status).toBe(402);
    expect(unpaid.code).toBe('insufficient_quota');
    expect(server.provider.requests).toHaveLength(0);
    expect(await keyRecords(key.id)).toHaveLength(0);
    expect(await heldBy(admin.orgId)).toBe(0);
  });

  it('a provider failure is a 502 in OpenAI’s shape, recorded as a failed call with nothing left held', {
    timeout: 60_000,
  }, async () => {
    const admin = await newAdmin();
    const { key, secret } = await server.createApiKey(admin);
    server.provider.enqueueReply({ failBeforeStream: { status: 500 } });
    const failed = await refusal(client(secret).embeddings.create({ model: small, input: 'hello there' }));
    expect(failed.status).toBe(502);
    expect(failed.message).not.toMatch(/fake|sk-test/);
    const records = await keyRecords(key.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ modelId: small, outcome: 'failed', inputTokens: 0 });
    expect(await heldBy(admin.orgId)).toBe(0);
  });

  it('an upstream that stalls is given up at the first-token deadline: 504 as for the chat, nothing held, the books balance', {
    timeout: 120_000,
  }, async () => {
    const admin = await newAdmin();
    // Deadlines are part of the routing policy, a Business feature.
    const purchase = await server.call('/subscription/purchase', admin.token, {
      org_id: admin.orgId,
      plan_id: 'business',
      payment_method: 'card',
      card_number: '4242424242424242',
    });
    expect(purchase.status, purchase.body).toBe(201);
    const deadlineMs = 2_000;
    const policy = await fetch(`${server.server.url}/api/org/${admin.orgId}/routing-policy`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ deadlines: { first_token_ms: deadlineMs } }),
    });
    expect(policy.status).toBe(200);
    const { key, secret } = await server.createApiKey(admin, { monthly_budget_usd: 5 });
    const before = await ledgerSumAndBalance(server.db, admin.orgId);

    // The upstream stalls 20 s; the client would wait 60 s: without the deadline the elapsed time fails.
    server.provider.enqueueReply({ chunkDelayMs: 20_000 });
    const started = performance.now();
    const stalled = await refusal(client(secret).embeddings.create({ model: small, input: 'never embedded' }));
    const elapsed = performance.now() - started;
    expect(stalled.status).toBe(504);
    expect(stalled).toBeInstanceOf(OpenAI.InternalServerError);
    expect(stalled.type).toBe('server_error');
    expect(stalled.code).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(deadlineMs - 50);
    expect(elapsed).toBeLessThan(15_000);

    // A chat completion stalled the same way gets the same status and code.
    server.provider.enqueueReply({ chunkDelayMs: 20_000 });
    const chat = await refusal(
      client(secret).chat.completions.create({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    );
    expect([chat.status, chat.code]).toEqual([504, 'timeout']);

    // Given up, not refused: the provider had the text, so it is recorded as abandoned at the estimate,
    // with the key; every hold is released and the wallet paid exactly what was recorded.
    const records = await keyRecords(key.id);
    const embedding = records.find((record) => record.modelId === small)!;
    expect(embedding).toMatchObject({ outcome: 'abandoned', source: 'api', estimated: true, outputTokens: 0 });
    expect(await heldBy(admin.orgId)).toBe(0);
    expect((await roomStillHeld([server.server], server.db, admin.orgId)).wallet).toBe(0);
    const after = await ledgerSumAndBalance(server.db, admin.orgId);
    expect(after.balance).toBe(after.ledger);
    const recordedCost = records.reduce((sum, record) => sum + Number(record.costUsd), 0);
    expect(Number(before.balance) - Number(after.balance)).toBeCloseTo(recordedCost, 12);
    // Nothing of the budget stays held: the key's next call is answered.
    const next = await client(secret).embeddings.create({ model: small, input: 'answered now' });
    expect(next.data).toHaveLength(1);
  });

  it('GET /v1/models lists the embedding models a key may use after the chat models, and none its role lacks', {
    timeout: 60_000,
  }, async () => {
    const admin = await newAdmin();
    const listed = (await client((await server.createApiKey(admin)).secret).models.list()).data.map(
      (model) => model.id,
    );
    expect(listed[0]).toBe('auto');
    expect(listed).toEqual(expect.arrayContaining([small, 'openai/text-embedding-3-large', 'openai/gpt-4o-mini']));
    expect(listed.indexOf(small)).toBeGreaterThan(listed.indexOf('openai/gpt-4o-mini'));
    // A listed embedding model can be retrieved by its id, as OpenAI's client does.
    expect((await client((await server.createApiKey(admin)).secret).models.retrieve(small)).id).toBe(small);

    const member = await server.limitedUser([{ modelId: 'openai/gpt-4o-mini' }]);
    const memberListed = (await client((await server.createApiKey(member)).secret).models.list()).data.map(
      (model) => model.id,
    );
    expect(memberListed).toEqual(['auto', 'openai/gpt-4o-mini']);
  });

  it('another organisation cannot see this organisation’s embedding usage', { timeout: 60_000 }, async () => {
    const admin = await newAdmin();
    const { secret } = await server.createApiKey(admin);
    await client(secret).embeddings.create({ model: small, input: 'ours alone' });
    const own = await server.call(`/roles/usage/${admin.orgId}`, admin.token);
    expect(own.status).toBe(200);
    const ownUsage = own.json().users.find((user: { user_id: string }) => user.user_id === admin.userId);
    expect(ownUsage.monthly_usage).toEqual([expect.objectContaining({ model_id: small, requests: 1 })]);

    const other = await newAdmin();
    const otherKey = await server.createApiKey(other);
    expect((await server.call(`/roles/usage/${admin.orgId}`, other.token)).status).toBe(403);
    const theirs = await server.call(`/roles/usage/${other.orgId}`, other.token);
    expect(JSON.stringify(theirs.json())).not.toContain(small);
    expect(await keyRecords(otherKey.key.id)).toHaveLength(0);
  });
});
