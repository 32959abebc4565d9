import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, organisationRuleMessages } from '../../src/contracts';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { authSessions } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';
import { ownServerConfig } from './support/own-server';

/**
 * session_timeout_minutes: a sign-in idle longer than that ends. Idleness is made by moving the
 * sign-in's last activity back in the server's own database, as time passing would.
 */
describe('session_timeout_minutes', () => {
  let provider: FakeProviderServer;
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    provider = await startFakeProviderServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-idle-'));
    server = await startServer(
      ownServerConfig(dataDir, { OPENAI_API_KEY: 'sk-test-dummy', OPENAI_BASE_URL: `${provider.url}/v1` }),
      {
        webRoot: null,
        pgliteDataDir: 'memory://',
      },
    );
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (pathname: string, options: { token?: string; body?: unknown; method?: string } = {}) => {
    const response = await fetch(`${server.url}/api${pathname}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };

  async function signUpWithTimeout(minutes: number) {
    const username = uniqueName('idle');
    const signup = await call('/auth/signup', {
      body: { username, email: `${username}@example.test`, password: strongPassword, org_name: `Org ${username}` },
    });
    expect(signup.status).toBe(201);
    const { token, refresh_token: refreshToken, user } = signup.body;
    const saved = await call(`/org/${user.org_id}/settings`, {
      method: 'PUT',
      token,
      body: { security: { session_timeout_minutes: minutes } },
    });
    expect(saved.status).toBe(200);
    const [session] = await server.database.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, user.id));
    return {
      token,
      refreshToken,
      userId: user.id as string,
      orgId: user.org_id as string,
      sessionId: session!.id,
      username,
    };
  }

  const lastActivity = async (sessionId: string) =>
    (
      await server.database.db
        .select({ at: authSessions.lastUsedAt, revokedReason: authSessions.revokedReason })
        .from(authSessions)
        .where(eq(authSessions.id, sessionId))
    )[0]!;
  const idleFor = (sessionId: string, minutes: number) =>
    server.database.db
      .update(authSessions)
      .set({ lastUsedAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(authSessions.id, sessionId));

  it('ends a sign-in idle longer than the timeout: the next request and the refresh answer 401, saying why', async () => {
    const user = await signUpWithTimeout(5);
    await idleFor(user.sessionId, 7);
    const refused = await call('/user/profile', { token: user.token });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(organisationRuleMessages.signedOutWhenIdle(5));
    expect((await lastActivity(user.sessionId)).revokedReason).toBe('idle timeout');
    // The sign-in has ended: its token is no longer one, but every refresh (what the web app shows) still says why.
    expect((await call('/user/profile', { token: user.token })).body.message).toBe(messages.sessionExpired);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refresh = await call('/auth/refresh', { body: { refresh_token: user.refreshToken } });
      expect(refresh.status).toBe(401);
      expect(refresh.body.message).toBe(organisationRuleMessages.signedOutWhenIdle(5));
    }
    // Signing in again starts a new sign-in.
    expect((await call('/auth/login', { body: { username: user.username, password: strongPassword } })).status).toBe(
      200,
    );
  });

  it('ends an idle sign-in at its refresh too', async () => {
    const user = await signUpWithTimeout(5);
    await idleFor(user.sessionId, 7);
    const refresh = await call('/auth/refresh', { body: { refresh_token: user.refreshToken } });
    expect(refresh.status).toBe(401);
    expect(refresh.body.message).toBe(organisationRuleMessages.signedOutWhenIdle(5));
    expect((await call('/user/profile', { token: user.token })).status).toBe(401);
  });

  it('ends it on the chat message too, the one call that may start with a remembered caller', async () => {
    const user = await signUpWithTimeout(5);
    const send = () =>
      call('/conversation/message', {
        token: user.token,
        body: { org_id: user.orgId, user_id: user.userId, prompt: 'Hello', stream: false },
      });
    expect((await send()).status).toBe(200);
    await idleFor(user.sessionId, 7);
    expect((await send()).status).toBe(401);
    expect((await send()).status).toBe(401);
  });

  it('counts every signed-in request as activity, written at most once a minute', async () => {
    const user = await signUpWithTimeout(5);
    await idleFor(user.sessionId, 4);
    expect((await call('/user/profile', { token: user.token })).status).toBe(200);
    const touched = (await lastActivity(user.sessionId)).at.getTime();
    expect(Date.now() - touched).toBeLessThan(30_000);

    await server.database.db
      .update(authSessions)
      .set({ lastUsedAt: new Date(Date.now() - 30_000) })
      .where(eq(authSessions.id, user.sessionId));
    const halfAMinuteAgo = (await lastActivity(user.sessionId)).at.getTime();
    expect((await call('/user/profile', { token: user.token })).status).toBe(200);
    expect((await lastActivity(user.sessionId)).at.getTime()).toBe(halfAMinuteAgo);

    // A refresh is not activity: only requests are.
    await idleFor(user.sessionId, 3);
    const threeMinutesAgo = (await lastActivity(user.sessionId)).at.getTime();
    expect((await call('/auth/refresh', { body: { refresh_token: user.refreshToken } })).status).toBe(200);
    expect((await lastActivity(user.sessionId)).at.getTime()).toBe(threeMinutesAgo);
  });

  it("applies each organisation's own timeout (section 9's 60 minutes by default)", async () => {
    const username = uniqueName('idle');
    const signup = await call('/auth/signup', {
      body: { username, email: `${username}@example.test`, password: strongPassword, org_name: `Org ${username}` },
    });
    const [session] = await server.database.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, signup.body.user.id));
    await idleFor(session!.id, 50);
    expect((await call('/user/profile', { token: signup.body.token })).status).toBe(200);
    await idleFor(session!.id, 62);
    expect((await call('/user/profile', { token: signup.body.token })).status).toBe(401);

    const patient = await signUpWithTimeout(240);
    await idleFor(patient.sessionId, 120);
    expect((await call('/user/profile', { token: patient.token })).status).toBe(200);
  });
});
