import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, parseStreamBody } from '../../src/contracts';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { authSessions, chatMessages, roles, usageRecords, users } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';
import { ownServerConfig } from './support/own-server';

/**
 * The chat message starts its model call with the caller this instance looked up a moment ago
 * while the database checks the sign-in again (docs/decisions/013). These tests change the sign-in
 * behind the server's back, as another instance or an operator would, and check that nothing is
 * saved or answered for the old caller. Their own server, to reach its database.
 */
describe('POST /conversation/message with a remembered caller', () => {
  let provider: FakeProviderServer;
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    provider = await startFakeProviderServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-provisional-'));
    const config = ownServerConfig(dataDir, { OPENAI_API_KEY: 'sk-test-dummy', OPENAI_BASE_URL: `${provider.url}/v1` });
    server = await startServer(config, { webRoot: null, pgliteDataDir: 'memory://' });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (pathname: string, token: string | undefined, body?: unknown) => {
    const response = await fetch(`${server.url}/api${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, headers: response.headers };
  };

  async function signUp() {
    const username = uniqueName('provisional');
    const answer = await call('/auth/signup', undefined, {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_name: `Org ${username}`,
    });
    expect(answer.status).toBe(201);
    const body = JSON.parse(answer.text) as { token: string; user: { id: string; org_id: string } };
    return { token: body.token, userId: body.user.id, orgId: body.user.org_id };
  }

  const send = (
    user: { token: string; userId: string; orgId: string },
    prompt: string,
    extra: Record<string, unknown> = {},
  ) =>
    call('/conversation/message', user.token, {
      org_id: user.orgId,
      user_id: user.userId,
      prompt,
      stream: true,
      ...extra,
    });

  const messagesOf = (userId: string) =>
    server.database.db
      .select({ content: chatMessages.content })
      .from(chatMessages)
      .where(eq(chatMessages.userId, userId));

  it('answers 401 and saves nothing once the sign-in has ended elsewhere, and starts at most one model call for it', async () => {
    const user = await signUp();
    expect((await send(user, 'Remember me')).status).toBe(200);
    const before = provider.requests.length;
    // Ended without this instance knowing (another instance, an operator): it still remembers the caller.
    await server.database.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.userId, user.userId));

    const refused = await send(user, 'Am I still here?');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-session-id')).toBeNull();
    expect(JSON.parse(refused.text).detail).toBe(messages.sessionExpired);
    const again = await send(user, 'And now?');
    expect(again.status).toBe(401);

    expect((await messagesOf(user.userId)).map((message) => message.content)).toEqual(
      expect.not.arrayContaining(['Am I still here?', 'And now?']),
    );
    // The remembered caller is forgotten after the failed check: the second request never reached a model.
    expect(provider.requests.length - before).toBeLessThanOrEqual(1);
  });

  it('keeps the usage of the one model call it started for the ended sign-in, linked to nothing', async () => {
    const user = await signUp();
    const forced = { forced_model_id: 'openai/gpt-4o-mini' };
    expect((await send(user, 'Count me', forced)).status).toBe(200);
    const before = provider.requests.length;
    await server.database.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.userId, user.userId));

    expect((await send(user, 'Was that billed?', forced)).status).toBe(401);
    // Asked at once with the remembered caller, then stopped when the check failed: the provider may bill it.
    expect(provider.requests.length - before).toBe(1);
    const records = await server.database.db.select().from(usageRecords).where(eq(usageRecords.userId, user.userId));
    expect(records).toHaveLength(2);
    expect(records.filter((record) => record.sessionId === null)).toEqual([
      expect.objectContaining({
        orgId: user.orgId,
        messageId: null,
        decisionId: null,
        modelId: 'openai/gpt-4o-mini',
        estimated: true,
      }),
    ]);
  });

  it('refuses with 401, not the route error, when the ended sign-in also asks for something it may not have', async () => {
    const user = await signUp();
    expect((await send(user, 'Hello')).status).toBe(200);
    await server.database.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.userId, user.userId));
    expect((await send(user, 'Hello again', { session_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(401);
  });

  it('refuses with 401, not 400, when the ended sign-in also sends input the schema refuses', async () => {
    const user = await signUp();
    expect((await send(user, 'Hello')).status).toBe(200);
    await server.database.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.userId, user.userId));
    const refused = await send(user, 'Hello\u0000');
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text).detail).toBe(messages.sessionExpired);
  });

  it('refuses with 401, not 400, when the ended sign-in sends a body that is not JSON', async () => {
    const user = await signUp();
    expect((await send(user, 'Hello')).status).toBe(200);
    await server.database.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.userId, user.userId));
    const response = await fetch(`${server.url}/api/conversation/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: '{"prompt": "Hello',
    });
    expect(response.status).toBe(401);
  });

  it('routes again as the caller is now when the role changed since it was remembered', async () => {
    const user = await signUp();
    expect((await send(user, 'As an admin', { forced_model_id: 'openai/gpt-4o' })).status).toBe(200);
    // Demoted behind the server's back to the seeded Member role (GPT-4o mini and Claude 3.5 Haiku only).
    const [member] = await server.database.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.orgId, user.orgId), eq(roles.name, 'Member')));
    await server.database.db.update(users).set({ roleId: member!.id }).where(eq(users.id, user.userId));

    const refused = await send(user, 'Still GPT-4o please', { forced_model_id: 'openai/gpt-4o' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text).detail).toBe('Model access denied. You do not have access to this model.');
    expect((await messagesOf(user.userId)).map((message) => message.content)).not.toContain('Still GPT-4o please');

    const allowed = await send(user, 'Then the small one', { forced_model_id: 'openai/gpt-4o-mini' });
    expect(allowed.status).toBe(200);
    expect(parseStreamBody(allowed.text).metadata?.primary_model).toBe('openai/gpt-4o-mini');
  });
});
