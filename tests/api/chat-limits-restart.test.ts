import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { serverInstances, usageReservations } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';
import { giveRole } from './support/limited-roles';
import { ownServerConfig } from './support/own-server';

/**
 * A crash must not leave room held in a user's monthly limits for ever (docs/decisions/019): what
 * an instance that is gone held is given back when the next one starts, as its replies are
 * recovered (docs/decisions/015). The crash is played by a reservation whose owner is no instance,
 * as a killed process leaves it; the database is a data folder (or the suite's PostgreSQL server).
 */
describe('room held by an instance that crashed', () => {
  let provider: FakeProviderServer;
  let dataDir: string;
  let server: RunningServer | undefined;
  const start = async () =>
    (server = await startServer(
      ownServerConfig(dataDir, { OPENAI_API_KEY: 'sk-test-dummy', OPENAI_BASE_URL: `${provider.url}/v1` }),
      { webRoot: null },
    ));

  beforeAll(async () => {
    provider = await startFakeProviderServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-limits-restart-'));
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is given back at the next start, so the user can send again', { timeout: 120_000 }, async () => {
    let running = await start();
    const call = async (pathname: string, token: string | undefined, body: unknown) => {
      const response = await fetch(`${running.url}/api${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.text() };
    };
    const username = uniqueName('crashed');
    const signup = await call('/auth/signup', undefined, {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_name: 'Crashed',
    });
    const { token, user } = JSON.parse(signup.body) as { token: string; user: { id: string; org_id: string } };
    await giveRole(running.database.db, user.org_id, user.id, 'Limited', [
      { modelId: 'openai/gpt-4o-mini', monthlyTokenLimit: 1_000 },
    ]);
    // The instance that will crash, alive for now: on PostgreSQL other instances sweep away the
    // room of owners that are not beating (the suite's server, other tests' servers), so an owner
    // that never existed could be released before the first request is refused.
    const crashing = randomUUID();
    await running.database.db.insert(serverInstances).values({ id: crashing });
    await running.database.db.insert(usageReservations).values({
      id: randomUUID(),
      orgId: user.org_id,
      userId: user.id,
      modelId: 'openai/gpt-4o-mini',
      usageId: randomUUID(),
      tokens: 995,
      outputTokens: 990,
      costUsd: '0.000594750000',
      owner: crashing,
    });
    const message = {
      org_id: user.org_id,
      user_id: user.id,
      prompt: 'Am I blocked?',
      forced_model_id: 'openai/gpt-4o-mini',
      stream: true,
    };
    const blocked = await call('/conversation/message', token, message);
    expect(blocked.status).toBe(429);
    expect(JSON.parse(blocked.body).limit).toMatchObject({ kind: 'monthly_token_limit', used: 0, reserved: 995 });

    // It crashes: its heartbeat stops, long enough ago for any instance to call it gone.
    await running.database.db
      .update(serverInstances)
      .set({ heartbeatAt: new Date(Date.now() - 3_600_000) })
      .where(eq(serverInstances.id, crashing));
    await running.close();
    running = await start();
    const held = await running.database.db
      .select()
      .from(usageReservations)
      .where(eq(usageReservations.userId, user.id));
    expect(held).toEqual([]);
    expect((await call('/conversation/message', token, message)).status).toBe(200);
  });
});
