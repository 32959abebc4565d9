import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { cacheEntries, chatMessages, chatSessions, usageRecords } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';
import { ownServerConfig } from './support/own-server';

const dayMs = 86_400_000;

/**
 * retention_period_days: a job inside the server deletes conversations whose last activity is older
 * than that, at start and every interval. Rows are back-dated in a server's database, the server is
 * started again on it, and its first sweep must delete exactly the conversations past retention.
 */
describe('the retention job', () => {
  let provider: FakeProviderServer;
  let dataDir: string;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    provider = await startFakeProviderServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-retention-'));
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  // On its own data folder (or the suite's PostgreSQL server), so a second start finds the rows.
  const start = () =>
    startServer(
      ownServerConfig(dataDir, {
        OPENAI_API_KEY: 'sk-test-dummy',
        OPENAI_BASE_URL: `${provider.url}/v1`,
        RETENTION_SWEEP_INTERVAL_SECONDS: '3600',
      }),
      {
        webRoot: null,
      },
    );

  async function call(
    pathname: string,
    token: string | undefined,
    body?: unknown,
    method = body === undefined ? 'GET' : 'POST',
  ) {
    const response = await fetch(`${server!.url}/api${pathname}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  async function organisation(retentionDays?: number) {
    const username = uniqueName('retention');
    const signup = await call('/auth/signup', undefined, {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_name: `Org ${username}`,
    });
    const { token, user } = signup.body;
    if (retentionDays)
      expect(
        (await call(`/org/${user.org_id}/settings`, token, { retention_period_days: retentionDays }, 'PUT')).status,
      ).toBe(200);
    return {
      token,
      /** A new conversation with one exchange; answers its session id. */
      async converse(prompt: string): Promise<string> {
        const answer = await call('/conversation/message', token, {
          org_id: user.org_id,
          user_id: user.id,
          prompt,
          forced_model_id: 'openai/gpt-4o-mini',
          stream: false,
        });
        expect(answer.status).toBe(200);
        return answer.body.session_id;
      },
    };
  }

  /** Moves a conversation's last activity `days` back: the session and, unless kept recent, its messages. */
  async function ageConversation(sessionId: string, days: number, options: { keepReplyRecent?: boolean } = {}) {
    const db = server!.database.db;
    const at = new Date(Date.now() - days * dayMs);
    await db.update(chatSessions).set({ updatedAt: at, createdAt: at }).where(eq(chatSessions.id, sessionId));
    const rows = await db
      .select({ id: chatMessages.id, role: chatMessages.role })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId));
    const aged = rows.filter((row) => !(options.keepReplyRecent && row.role === 'assistant')).map((row) => row.id);
    await db.update(chatMessages).set({ createdAt: at }).where(inArray(chatMessages.id, aged));
  }

  it("deletes conversations past each organisation's retention at start, with their cache entries, and keeps usage records", async () => {
    server = await start();
    const standard = await organisation();
    const patient = await organisation(90);
    const old = await standard.converse('An old conversation');
    const recent = await standard.converse('A recent conversation');
    const answeredLately = await standard.converse('Asked long ago, answered lately');
    const patientOld = await patient.converse('Forty days old, kept for ninety');
    const patientAncient = await patient.converse('A hundred days old');
    await ageConversation(old, 31);
    await ageConversation(recent, 29);
    await ageConversation(answeredLately, 40, { keepReplyRecent: true });
    await ageConversation(patientOld, 40);
    await ageConversation(patientAncient, 100);

    const db = server.database.db;
    const [reply] = await db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, old))
      .then((rows) => rows.filter((row) => row.role === 'assistant'));
    await db.insert(cacheEntries).values({
      orgId: reply!.orgId,
      sessionId: old,
      replyMessageId: reply!.id,
      scopeKey: 'retention-test',
      exactKey: 'an old conversation',
      prompt: 'An old conversation',
      reply: reply!.content,
      modelId: 'openai/gpt-4o-mini',
      embedding: [1, 0, 0],
      encoderId: 'retention-test',
      referenceCostUsd: '0',
      expiresAt: new Date(Date.now() + dayMs),
    });
    const usageBefore = await db
      .select({ id: usageRecords.id })
      .from(usageRecords)
      .where(eq(usageRecords.sessionId, old));
    expect(usageBefore).toHaveLength(1);
    await server.close();

    server = await start();
    const sessionsLeft = async () =>
      new Set(
        (
          await server!.database.db
            .select({ id: chatSessions.id })
            .from(chatSessions)
            .where(inArray(chatSessions.id, [old, recent, answeredLately, patientOld, patientAncient]))
        ).map((row) => row.id),
      );
    const deadline = Date.now() + 30_000;
    let left = await sessionsLeft();
    while ((left.has(old) || left.has(patientAncient)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      left = await sessionsLeft();
    }
    expect([...left].sort()).toEqual([recent, answeredLately, patientOld].sort());

    const after = server.database.db;
    expect(await after.select().from(chatMessages).where(eq(chatMessages.sessionId, old))).toEqual([]);
    expect(await after.select().from(cacheEntries).where(eq(cacheEntries.sessionId, old))).toEqual([]);
    const usageAfter = await after
      .select({ id: usageRecords.id, sessionId: usageRecords.sessionId })
      .from(usageRecords)
      .where(
        inArray(
          usageRecords.id,
          usageBefore.map((row) => row.id),
        ),
      );
    expect(usageAfter).toEqual([{ id: usageBefore[0]!.id, sessionId: null }]);
    expect((await call(`/conversation/session/${old}`, standard.token)).status).toBe(404);
    expect((await call(`/conversation/session/${recent}`, standard.token)).status).toBe(200);
  }, 120_000);
});
