import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, parseStreamBody } from '../../src/contracts';
import type { FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { cacheEntries, usageRecords } from '../../src/server/db/schema';
import type { RunningServer } from '../../src/server/server';
import {
  startServerWithRemoteEmbeddings,
  type ServerWithRemoteEmbeddings,
} from './support/server-with-remote-embeddings';
import { strongPassword, uniqueName } from './support/client';
import { parsePicodollars } from '../../src/money';

/**
 * A model is asked while the rows of its reply are written (docs/decisions/007), so those rows can
 * fail after the provider was called: the chat deleted meanwhile, by another tab or request. Every
 * call that was started still leaves a usage record, linked only to rows that exist, so nobody can
 * spend provider money outside usage records and role limits. Their own server: its semantic cache
 * embeds through an endpoint the test can hold, the moment a chat is deleted from under a request.
 */
describe('usage of model calls whose rows could not be written', () => {
  let setup: ServerWithRemoteEmbeddings;
  let server: RunningServer;
  let chat: FakeProviderServer;
  let embeddings: FakeProviderServer;

  beforeAll(async () => {
    // A primary model that has not started after 500 ms is given up for its backup.
    setup = await startServerWithRemoteEmbeddings({ ROUTER_FIRST_PART_TIMEOUT_MS: '500' });
    ({ server, chat, embeddings } = setup);
  }, 180_000);
  afterAll(() => setup?.close());

  const call = async (pathname: string, token: string | undefined, method = 'GET', body?: unknown) => {
    const response = await fetch(`${server.url}/api${pathname}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) };
  };

  async function signUp() {
    const username = uniqueName('usage');
    const answer = await call('/auth/signup', undefined, 'POST', {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_name: `Org ${username}`,
    });
    expect(answer.status).toBe(201);
    const body = answer.json() as { token: string; user: { id: string; org_id: string } };
    return { token: body.token, userId: body.user.id, orgId: body.user.org_id };
  }
  type User = Awaited<ReturnType<typeof signUp>>;

  const send = (user: User, prompt: string, extra: Record<string, unknown> = {}) =>
    call('/conversation/message', user.token, 'POST', {
      org_id: user.orgId,
      user_id: user.userId,
      prompt,
      forced_model_id: 'openai/gpt-4o-mini',
      stream: true,
      ...extra,
    });

  /** The user's usage this month through the API: requests and tokens of GPT-4o mini. */
  async function monthlyUsage(user: User) {
    const month = new Date().toISOString().slice(0, 7);
    const answer = await call(`/tokens/usage/${user.userId}/${month}/monthly`, user.token);
    expect(answer.status).toBe(200);
    const body = answer.json() as {
      total_tokens: number;
      total_cost: number;
      monthly_usage: { model_id: string; requests: number; tokens_used: number }[];
    };
    return {
      requests: body.monthly_usage.find((row) => row.model_id === 'openai/gpt-4o-mini')?.requests ?? 0,
      tokens: body.total_tokens,
      cost: body.total_cost,
    };
  }

  const usageRowsOf = (userId: string) =>
    server.database.db.select().from(usageRecords).where(eq(usageRecords.userId, userId));

  /** Streams a chat call, running `midway` once the first text has arrived; answers the whole body. */
  async function streamWithPause(
    pathname: string,
    user: User,
    body: Record<string, unknown>,
    midway: () => Promise<void>,
  ) {
    const response = await fetch(`${server.url}/api${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ org_id: user.orgId, user_id: user.userId, stream: true, ...body }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value, { stream: true });
    await midway();
    for (let next = await reader.read(); !next.done; next = await reader.read())
      text += decoder.decode(next.value, { stream: true });
    return { sessionId: response.headers.get('x-session-id'), ...parseStreamBody(text) };
  }

  it('records the call when the chat is deleted while its message is being checked, and answers 404', async () => {
    const user = await signUp();
    const opening = 'Where do puffins nest in summer?';
    const first = await send(user, opening);
    expect(first.status).toBe(200);
    const sessionId = parseStreamBody(first.text).metadata!.session_id;
    // A follow-up is looked up in the cache only when its context has entries (docs/decisions/062):
    // the same opening in another chat (an exact repeat, the same reply) and a follow-up stored there.
    const other = await send(user, opening);
    expect(parseStreamBody(other.text).text).toBe(parseStreamBody(first.text).text);
    const otherSession = parseStreamBody(other.text).metadata!.session_id;
    expect((await send(user, 'Do puffins nest in burrows?', { session_id: otherSession })).status).toBe(200);
    const entries = () => server.database.db.select().from(cacheEntries).where(eq(cacheEntries.orgId, user.orgId));
    for (let waited = 0; (await entries()).length < 2; waited += 50) {
      if (waited > 30_000) throw new Error('the follow-up was never stored in the cache');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const callsBefore = chat.requests.length;
    const requestsBefore = (await monthlyUsage(user)).requests;

    // The cache's embeddings endpoint answers slowly, so the chat can be deleted while the request waits on it.
    embeddings.setDefaultReply({ chunkDelayMs: 1_500 });
    const embeddingsBefore = embeddings.requests.length;
    try {
      const sending = send(user, 'How far do puffins fly to find fish?', { session_id: sessionId });
      while (embeddings.requests.length === embeddingsBefore) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await call(`/conversation/session/${sessionId}`, user.token, 'DELETE')).status).toBe(200);
      const refused = await sending;
      expect(refused.status).toBe(404);
      expect(refused.json().detail).toBe(messages.sessionNotFound);
    } finally {
      embeddings.setDefaultReply({});
    }

    // The model was asked before the message was refused: that call is on the books.
    expect(chat.requests.length - callsBefore).toBe(1);
    expect((await monthlyUsage(user)).requests).toBe(requestsBefore + 1);
    // Its rows never existed (deleting the chat unlinked the first reply's record too).
    const unlinked = (await usageRowsOf(user.userId)).filter((row) => row.decisionId === null);
    expect(unlinked).toEqual([
      expect.objectContaining({
        modelId: 'openai/gpt-4o-mini',
        sessionId: null,
        messageId: null,
        orgId: user.orgId,
        estimated: true,
      }),
    ]);
    expect(unlinked[0]!.inputTokens).toBeGreaterThan(0);
    expect(parsePicodollars(unlinked[0]!.costUsd)).toBeGreaterThan(0n);
  });

  it('finishes and records a reply whose chat is deleted while it streams, so undoing the delete brings it back whole', async () => {
    const user = await signUp();
    chat.enqueueReply({ text: Array.from({ length: 15 }, (_, index) => `part${index}`).join(' '), chunkDelayMs: 60 });
    let sessionId = '';
    const streamed = await streamWithPause(
      '/conversation/message',
      user,
      { prompt: 'Tell me about gannets', forced_model_id: 'openai/gpt-4o-mini' },
      async () => {
        const list = (await call(`/conversation/session/list/${user.orgId}/${user.userId}`, user.token)).json();
        sessionId = list.sessions[0].id;
        expect((await call(`/conversation/session/${sessionId}`, user.token, 'DELETE')).status).toBe(200);
      },
    );
    expect(streamed.text).toContain('part14');
    expect(streamed.error).toBeUndefined();

    expect((await monthlyUsage(user)).requests).toBe(1);
    const [record] = await usageRowsOf(user.userId);
    expect(record).toMatchObject({ sessionId, modelId: 'openai/gpt-4o-mini', estimated: false });
    // The fake provider reports one output token per word.
    expect(record!.outputTokens).toBe(15);
    expect((await call(`/conversation/session/${sessionId}`, user.token)).status).toBe(404);
    const restored = await call(`/conversation/session/${sessionId}/restore`, user.token, 'POST');
    expect(restored.status).toBe(200);
    expect(restored.json().messages.at(-1)).toMatchObject({
      id: record!.messageId,
      status: 'complete',
      content: expect.stringContaining('part14'),
    });
  });

  it('records a regenerated reply deleted while it streams, beside the usage of the reply it replaced', async () => {
    const user = await signUp();
    const first = parseStreamBody((await send(user, 'Name three seabirds')).text).metadata!;
    chat.enqueueReply({ text: Array.from({ length: 15 }, (_, index) => `again${index}`).join(' '), chunkDelayMs: 60 });
    const regenerated = await streamWithPause(
      '/conversation/regenerate',
      user,
      { session_id: first.session_id, message_id: first.assistant_msg_id, forced_model_id: 'openai/gpt-4o-mini' },
      async () => {
        expect((await call(`/conversation/message/${first.assistant_msg_id}`, user.token, 'DELETE')).status).toBe(200);
      },
    );
    expect(regenerated.error).toEqual({ code: 'internal', message: 'The reply could not be saved.' });

    expect((await monthlyUsage(user)).requests).toBe(2);
    const records = await usageRowsOf(user.userId);
    expect(records.map((record) => record.messageId)).toEqual([null, null]);
    // The replaced reply's record keeps its numbers; the new one has all 15 words it streamed.
    expect(records.find((record) => record.outputTokens === 15)).toBeDefined();
    expect(records.find((record) => record.inputTokens + record.outputTokens === first.tokens_used)).toBeDefined();
  });

  it('records a primary model given up before it started, beside its backup that answered', async () => {
    const user = await signUp();
    // Automatic routing: a primary and a backup. The primary starts too late; the backup at once.
    chat.enqueueReply({ text: 'Too late to matter', chunkDelayMs: 5_000 });
    chat.enqueueReply({ text: 'The backup answered' });
    const answer = await send(user, 'What is the tallest mountain in Africa?', { forced_model_id: undefined });
    expect(answer.status).toBe(200);
    const { metadata, text } = parseStreamBody(answer.text);
    expect(text).toBe('The backup answered');
    expect(metadata!.backup_model).not.toBeNull();

    const records = await usageRowsOf(user.userId);
    expect(records).toHaveLength(2);
    const abandoned = records.find((record) => record.modelId === metadata!.primary_model);
    // The provider had the prompt and may bill it; nothing came back, and it changes no savings.
    expect(abandoned).toMatchObject({
      decisionId: metadata!.selection_id,
      outputTokens: 0,
      estimated: true,
      referenceCostUsd: '0.000000000000',
    });
    expect(abandoned!.inputTokens).toBeGreaterThan(0);
    expect(records.find((record) => record.modelId === metadata!.backup_model)).toMatchObject({
      decisionId: metadata!.selection_id,
    });
  });
});
