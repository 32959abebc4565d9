import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, refreshTokens } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { api, randomAddress, signUpOrganisation, strongPassword, uniqueName } from './support/client';
import { addressClientOf, type AddressClient } from './support/address-client';
import { ownServerConfig } from './support/own-server';

/**
 * Two tabs refresh with the same token (docs/decisions/036): within the grace (10 s by default), from
 * the same client address, the token's successor pair is answered again instead of revoking the sign-in.
 */
describe('a refresh token presented again within the grace', () => {
  const refresh = (refreshToken: string, address: string) =>
    api('/auth/refresh', { address, body: { refresh_token: refreshToken } });

  it('answers the same new pair, and the sign-in lives on', async () => {
    const { auth } = await signUpOrganisation();
    const address = randomAddress();
    const first = await refresh(auth.refresh_token, address);
    expect(first.status).toBe(200);
    const second = await refresh(auth.refresh_token, address);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect((await api('/user/profile', { token: first.body.token })).status).toBe(200);
    const next = await refresh(first.body.refresh_token, address);
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(first.body.refresh_token);
  });

  it('gives every one of simultaneous refreshes with one token the same pair', async () => {
    const { auth } = await signUpOrganisation();
    const address = randomAddress();
    const answers = await Promise.all(Array.from({ length: 4 }, () => refresh(auth.refresh_token, address)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect((await api('/user/profile', { token: answers[0]!.body.token })).status).toBe(200);
    expect((await refresh(answers[0]!.body.refresh_token, address)).status).toBe(200);
  });

  it('still revokes the sign-in when the token comes back from another address', async () => {
    const { auth } = await signUpOrganisation();
    const rotated = await refresh(auth.refresh_token, randomAddress());
    expect(rotated.status).toBe(200);
    const replay = await refresh(auth.refresh_token, randomAddress());
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('Your session has expired. Please sign in again.');
    expect((await api('/user/profile', { token: rotated.body.token })).status).toBe(401);
    expect((await refresh(rotated.body.refresh_token, randomAddress())).status).toBe(401);
  });
});

/** On a server of the test's own, whose database the test reaches to let the grace pass and to read what is stored. */
describe('refresh reuse after the grace, and what is stored', () => {
  let server: RunningServer;
  let dataDir: string;
  let call: AddressClient;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-refresh-reuse-'));
    server = await startServer(ownServerConfig(dataDir, { TRUST_PROXY: 'true' }), {
      webRoot: null,
      pgliteDataDir: 'memory://',
    });
    call = addressClientOf(server.url);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function signUp() {
    const username = uniqueName('grace');
    const answer = await call('/auth/signup', {
      body: { username, email: `${username}@example.test`, password: strongPassword, org_name: `Org ${username}` },
    });
    expect(answer.status).toBe(201);
    return answer.body as { token: string; refresh_token: string; user: { id: string } };
  }

  /** As if the token had been used `seconds` earlier. */
  async function ageUse(sessionUserId: string, seconds: number) {
    const { db } = server.database;
    const sessions = db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, sessionUserId));
    await db
      .update(refreshTokens)
      .set({ usedAt: sql`${refreshTokens.usedAt} - ${seconds}::integer * interval '1 second'` })
      .where(sql`${refreshTokens.sessionId} in ${sessions} and ${refreshTokens.usedAt} is not null`);
  }

  it('revokes the whole sign-in once the grace has passed', async () => {
    const auth = await signUp();
    const address = randomAddress();
    const rotated = await call('/auth/refresh', { address, body: { refresh_token: auth.refresh_token } });
    expect(rotated.status).toBe(200);
    await ageUse(auth.user.id, 11);
    const replay = await call('/auth/refresh', { address, body: { refresh_token: auth.refresh_token } });
    expect(replay.status).toBe(401);
    expect((await call('/user/profile', { token: rotated.body.token })).status).toBe(401);
    expect((await call('/auth/refresh', { address, body: { refresh_token: rotated.body.refresh_token } })).status).toBe(
      401,
    );
  });

  it('keeps no token in plain text', async () => {
    const auth = await signUp();
    const address = randomAddress();
    const rotated = await call('/auth/refresh', { address, body: { refresh_token: auth.refresh_token } });
    expect(rotated.status).toBe(200);
    const rows = await server.database.db
      .select()
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(authSessions.userId, auth.user.id));
    const stored = JSON.stringify(rows);
    expect(rows.length).toBe(2);
    for (const secret of [auth.refresh_token, rotated.body.refresh_token, rotated.body.token])
      expect(stored).not.toContain(secret);
  });
});
