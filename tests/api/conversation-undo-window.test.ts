import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { sessionUndoWindowMs } from '../../src/server/conversations/chat-session-repository';
import { cacheEntries, chatMessages, chatSessions } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';
import { ownServerConfig } from './support/own-server';

const minuteMs = 60_000;

/**
 * The undo window, on a server of the test's own whose database it can reach: a deletion is
 * back-dated there, as if it had been made that long ago. The retention job sweeps every second.
 */
describe('the undo window of a deleted conversation', () => {
  let provider: FakeProviderServer;
  let dataDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    provider = await startFakeProviderServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-undo-'));
    server = await startServer(
      ownServerConfig(dataDir, {
        OPENAI_API_KEY: 'sk-test-dummy',
        OPENAI_BASE_URL: `${provider.url}/v1`,
        RETENTION_SWEEP_INTERVAL_SECONDS: '1',
      }),
      { webRoot: null },
    );
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function call(
    pathname: string,
    token: string | undefined,
    body?: unknown,
    method = body === undefined ? 'GET' : 'POST',
  ) {
    const response = await fetch(`${server.url}/api${pathname}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  /** A new organisation's admin, able to start conversations and delete them. */
  async function someone() {
    const username = uniqueName('undo');
    const { token, user } = (
      await call('/auth/signup', undefined, {
        username,
        email: `${username}@example.test`,
        password: strongPassword,
        org_name: `Org ${username}`,
      })
    ).body;
    return {
      async conversation(): Promise<string> {
        const answer = await call('/conversation/message', token, {
          org_id: user.org_id,
          user_id: user.id,
          prompt: 'Soon deleted',
          forced_model_id: 'openai/gpt-4o-mini',
          stream: false,
        });
        expect(answer.status).toBe(200);
        return answer.body.session_id;
      },
      async remove(sessionId: string) {
        expect((await call(`/conversation/session/${sessionId}`, token, undefined, 'DELETE')).status).toBe(200);
      },
      async deletedConversation(): Promise<string> {
        const sessionId = await this.conversation();
        await this.remove(sessionId);
        return sessionId;
      },
      restore: (sessionId: string) => call(`/conversation/session/${sessionId}/restore`, token, undefined, 'POST'),
    };
  }

  const deletedAgo = (sessionId: string, ms: number) =>
    server.database.db
      .update(chatSessions)
      .set({ deletedAt: new Date(Date.now() - ms) })
      .where(eq(chatSessions.id, sessionId));

  it('restores a conversation deleted just inside the window, and answers 404 past it', async () => {
    const person = await someone();
    const [inside, past] = [await person.deletedConversation(), await person.deletedConversation()];
    await deletedAgo(inside, sessionUndoWindowMs - minuteMs);
    await deletedAgo(past, sessionUndoWindowMs + minuteMs);

    expect((await person.restore(inside)).status).toBe(200);
    expect(await person.restore(past)).toMatchObject({ status: 404, body: { message: 'Chat session not found' } });
  });

  it('is removed for good, messages and all, by the retention job once the window has passed; fresh deletions stay restorable', async () => {
    const person = await someone();
    const [expired, fresh] = [await person.deletedConversation(), await person.deletedConversation()];
    await deletedAgo(expired, sessionUndoWindowMs + minuteMs);
    const db = server.database.db;
    expect(
      await db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.sessionId, expired)),
    ).toHaveLength(2);

    const sessionsLeft = async () =>
      (
        await db
          .select({ id: chatSessions.id })
          .from(chatSessions)
          .where(inArray(chatSessions.id, [expired, fresh]))
      ).map((row) => row.id);
    const deadline = Date.now() + 30_000;
    while ((await sessionsLeft()).includes(expired) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));

    expect(await sessionsLeft()).toEqual([fresh]);
    expect(
      await db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.sessionId, expired)),
    ).toEqual([]);
    expect(
      await db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.sessionId, fresh)),
    ).toHaveLength(2);
    expect((await person.restore(fresh)).status).toBe(200);
  }, 60_000);

  it("stops serving the deleted conversation's replies from the semantic cache at once", async () => {
    const person = await someone();
    const sessionId = await person.conversation();
    const db = server.database.db;
    const entries = () =>
      db.select({ id: cacheEntries.id }).from(cacheEntries).where(eq(cacheEntries.sessionId, sessionId));
    // The reply is stored in the cache just after it is answered.
    const deadline = Date.now() + 15_000;
    while ((await entries()).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await entries()).toHaveLength(1);
    await person.remove(sessionId);
    expect(await entries()).toEqual([]);
  });
});
