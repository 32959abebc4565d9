import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cacheEntries } from '../../src/server/db/schema';
import { uniqueName } from './support/client';
import { startLimitsServer, type LimitedUser, type LimitsServer } from './support/limited-roles';

// Issue 24 (docs/decisions/062): the prompt is embedded at most once per request, and not at all
// when the cache cannot answer. Counted with the encoder-calls metric, on a server whose encoder
// keeps no memory of recent texts (EMBEDDINGS_REMEMBERED=0), so every embedding asked for is a call.

let server: LimitsServer;
beforeAll(async () => {
  server = await startLimitsServer({ METRICS_PORT: '0', EMBEDDINGS_REMEMBERED: '0' });
}, 120_000);
afterAll(() => server?.close());
beforeEach(() => server.provider.reset());

const mini = 'openai/gpt-4o-mini';
const refusedByTheModel = { failBeforeStream: { status: 400, message: 'Refused by the fake provider' } };

/** Calls that reached the embedded encoder so far (0 before the first). */
async function encoderCalls(): Promise<number> {
  const text = await (await fetch(server.server.metricsUrl!)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith('tokenwise_encoder_calls_total{'));
  if (!line) return 0;
  expect(line).toContain('encoder="embedded"');
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

const newAdmin = () => server.newAdministrator('embed');

/** Waits until the organisation's cache holds `count` entries (a reply is stored after its stream ends). */
async function cacheHolds(orgId: string, count: number): Promise<void> {
  for (let waited = 0; waited < 300; waited += 1) {
    const entries = await server.db.select().from(cacheEntries).where(eq(cacheEntries.orgId, orgId));
    if (entries.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the cache never held ${count} entries`);
}

/** A chat message (streamed) in a new session or `sessionId`; answers the session it went to. */
async function ask(user: LimitedUser, prompt: string, sessionId?: string) {
  const answer = await server.call('/conversation/message', user.token, {
    org_id: user.orgId,
    user_id: user.userId,
    prompt,
    forced_model_id: mini,
    stream: true,
    ...(sessionId ? { session_id: sessionId } : {}),
  });
  return { answer, sessionId: answer.parsed.metadata?.session_id ?? sessionId };
}

/** How many encoder calls `work` made, counted once its replies are stored (`entriesAfter`) or refused. */
async function callsOf(work: () => Promise<unknown>, settle?: { orgId: string; entriesAfter: number }) {
  const before = await encoderCalls();
  await work();
  if (settle) await cacheHolds(settle.orgId, settle.entriesAfter);
  return (await encoderCalls()) - before;
}

describe('the prompt is embedded once, and not when the cache cannot answer', () => {
  it('embeds a first message once for the cache lookup and the stored reply together, and a repeat not at all', {
    timeout: 120_000,
  }, async () => {
    const admin = await newAdmin();
    const prompt = `How do glaciers carve fjords, asked ${uniqueName('q')}?`;
    server.provider.enqueueReply({ text: 'Slowly, by grinding rock.' });
    const calls = await callsOf(async () => expect((await ask(admin, prompt)).answer.status).toBe(200), {
      orgId: admin.orgId,
      entriesAfter: 1,
    });
    expect(calls).toBe(1);

    const asked = server.provider.requests.length;
    const repeat = await callsOf(async () => {
      const { answer } = await ask(admin, prompt);
      expect(answer.status).toBe(200);
      expect(answer.parsed.metadata?.route?.reason).toBe('cache_hit');
    });
    expect(repeat).toBe(0);
    expect(server.provider.requests.length).toBe(asked);
  });

  it('does not embed when the organisation has turned its cache off', { timeout: 120_000 }, async () => {
    const admin = await newAdmin();
    // The routing policy is a Business feature (docs/decisions/041).
    const subscribed = await server.call('/subscription/purchase', admin.token, {
      org_id: admin.orgId,
      plan_id: 'business',
      payment_method: 'card',
      card_number: '4242424242424242',
    });
    expect(subscribed.status, subscribed.body).toBe(201);
    const turnedOff = await fetch(`${server.server.url}/api/org/${admin.orgId}/routing-policy`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ cache: { enabled: false } }),
    });
    expect(turnedOff.status, await turnedOff.clone().text()).toBe(200);
    server.provider.enqueueReply({ text: 'Fjords are drowned valleys.' });
    const calls = await callsOf(async () => {
      const { answer } = await ask(admin, `What is a fjord, asked ${uniqueName('q')}?`);
      expect(answer.status).toBe(200);
      expect(answer.parsed.metadata?.primary_model).toBe(mini);
    });
    expect(calls).toBe(0);
    expect(await server.db.select().from(cacheEntries).where(eq(cacheEntries.orgId, admin.orgId))).toHaveLength(0);
  });

  it('does not embed a prompt longer than the cache reads (10,000 characters)', { timeout: 120_000 }, async () => {
    const admin = await newAdmin();
    const pasted = `Summarise this log ${uniqueName('q')}: ${'disk ok; '.repeat(1_200)}`;
    expect(pasted.length).toBeGreaterThan(10_000);
    server.provider.enqueueReply({ text: 'The disk was fine throughout.' });
    const calls = await callsOf(async () => expect((await ask(admin, pasted)).answer.status).toBe(200));
    expect(calls).toBe(0);
  });

  it('does not embed a follow-up whose conversation context has nothing cached, and does once it has', {
    timeout: 180_000,
  }, async () => {
    const admin = await newAdmin();
    const opening = `Which rivers feed Lake Geneva, asked ${uniqueName('q')}?`;
    server.provider.enqueueReply({ text: 'The Rhône above all.' });
    const first = await ask(admin, opening);
    expect(first.answer.status).toBe(200);
    await cacheHolds(admin.orgId, 1);

    // Nothing was ever cached after this opening and its reply: no lookup can hit, so no embedding
    // (the model refuses, so no reply is stored either).
    server.provider.enqueueReply(refusedByTheModel);
    const followUp = await callsOf(() => ask(admin, 'And how deep is the lake?', first.sessionId));
    expect(followUp).toBe(0);

    // Another session opens the same way (answered from the cache) and its follow-up is answered:
    // the lookup is skipped, the stored reply embedded once.
    const second = await ask(admin, opening);
    expect(second.answer.parsed.metadata?.route?.reason).toBe('cache_hit');
    server.provider.enqueueReply({ text: 'About 310 metres.' });
    const stored = await callsOf(
      async () => expect((await ask(admin, 'And how deep is the lake?', second.sessionId)).answer.status).toBe(200),
      { orgId: admin.orgId, entriesAfter: 2 },
    );
    expect(stored).toBe(1);

    // Now the context has an entry: a third conversation's follow-up is looked up by meaning.
    const third = await ask(admin, opening);
    expect(third.answer.parsed.metadata?.route?.reason).toBe('cache_hit');
    server.provider.enqueueReply(refusedByTheModel);
    const lookedUp = await callsOf(() => ask(admin, 'What fish live in the lake?', third.sessionId));
    expect(lookedUp).toBe(1);
  });

  it('embeds a program’s plain request once and not at all with tools in play or the cache switched off', {
    timeout: 120_000,
  }, async () => {
    const admin = await newAdmin();
    const created = await server.call('/api-keys', admin.token, { name: uniqueName('key') });
    expect(created.status, created.body).toBe(201);
    const { secret } = created.json() as { secret: string };
    const complete = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
      const response = await fetch(`${server.server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}`, ...headers },
        body: JSON.stringify({ model: mini, ...body }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      return response.text();
    };
    const messages = [{ role: 'user', content: `Name a lake in Chile, asked ${uniqueName('q')}.` }];
    const tools = [
      {
        type: 'function',
        function: { name: 'find_lake', description: 'Finds a lake', parameters: { type: 'object', properties: {} } },
      },
    ];

    server.provider.enqueueReply({ text: 'Lago General Carrera.' });
    expect(await callsOf(() => complete({ messages }))).toBe(1);
    server.provider.enqueueReply({ text: 'Lago Llanquihue.' });
    expect(await callsOf(() => complete({ messages, tools }))).toBe(0);
    server.provider.enqueueReply({ text: 'Lago Todos los Santos.' });
    expect(await callsOf(() => complete({ messages }, { 'x-tokenwise-cache': 'off' }))).toBe(0);
  });
});
