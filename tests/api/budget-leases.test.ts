import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { budgetLeases, rolePermissions, serverInstances } from '../../src/server/db/schema';
import { openDatabase } from '../../src/server/db/database';
import { startServer, type RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';
import { giveRole, startLimitsServer, type LimitsServer } from './support/limited-roles';
import { ownServerConfig } from './support/own-server';

/**
 * Budget leases (docs/decisions/073): an instance claims a slice of what a person's limit, a key's
 * budget and the wallet have left in one transaction, takes its calls' holds from it in memory,
 * and returns it when idle, at shutdown, or (a crash) when another instance finds it gone.
 */
const mini = 'openai/gpt-4o-mini';

describe('budget leases on one instance', () => {
  let limits: LimitsServer;
  beforeAll(async () => {
    limits = await startLimitsServer({ BUDGET_LEASE_IDLE_SECONDS: '3600' });
    limits.provider.setDefaultReply({ text: 'a leased reply' });
  }, 60_000);
  afterAll(() => limits?.close());

  const leasesOf = (orgId: string) =>
    limits.db
      .select({ id: budgetLeases.id, kind: budgetLeases.kind, tokens: budgetLeases.tokens, cost: budgetLeases.costUsd })
      .from(budgetLeases)
      .where(eq(budgetLeases.orgId, orgId))
      .orderBy(budgetLeases.kind);

  it('claims a slice on the first call and holds the next calls from it, the records exact all along', {
    timeout: 60_000,
  }, async () => {
    const user = await limits.limitedUser([{ modelId: mini, maxTokensPerRequest: 100, monthlyTokenLimit: 100_000 }]);
    expect((await limits.send(user, 'The first message claims', mini)).status).toBe(200);
    const claimed = await leasesOf(user.orgId);
    // The person's limit on the model, and the wallet (the instance's key pays).
    expect(claimed.map((lease) => lease.kind)).toEqual(['limit', 'wallet']);
    const limitLease = claimed[0]!;
    // More than one call's hold (prompt with its margin plus a 100-token reply): room for the calls to come.
    expect(Number(limitLease.tokens)).toBeGreaterThan(200);

    for (let index = 0; index < 5; index += 1)
      expect((await limits.send(user, `Message ${index} from the lease`, mini)).status).toBe(200);
    // Held from memory: the leases were not claimed again.
    expect(await leasesOf(user.orgId)).toEqual(claimed);
    const books = await limits.books(user);
    expect(books.records).toBe(6);
    // Every hold went back once its call was recorded: the leases could all be returned.
    expect(books.reservations).toBe(0);
    expect(await leasesOf(user.orgId)).toEqual([]);
  });

  it('applies a limit lowered while a lease is held to the very next call', { timeout: 60_000 }, async () => {
    const user = await limits.limitedUser([{ modelId: mini, maxTokensPerRequest: 100, monthlyTokenLimit: 100_000 }]);
    expect((await limits.send(user, 'Claim a lease under the first limit', mini)).status).toBe(200);
    expect((await leasesOf(user.orgId)).some((lease) => lease.kind === 'limit')).toBe(true);
    const { tokens } = await limits.books(user);
    // The role's limit is now what is already used: the lease's room must not outlive it.
    await limits.db
      .update(rolePermissions)
      .set({ monthlyTokenLimit: tokens })
      .where(and(eq(rolePermissions.orgId, user.orgId), eq(rolePermissions.modelId, mini)));
    const refused = await limits.send(user, 'Any room left?', mini);
    expect(refused.status, refused.body).toBe(429);
    expect(refused.json().limit).toMatchObject({ kind: 'monthly_token_limit', limit: tokens, used: tokens });
  });

  it('lets another organisation neither use nor see the lease', { timeout: 60_000 }, async () => {
    const first = await limits.limitedUser([{ modelId: mini, maxTokensPerRequest: 100, monthlyTokenLimit: 100_000 }]);
    const second = await limits.limitedUser([{ modelId: mini, maxTokensPerRequest: 100, monthlyTokenLimit: 100_000 }]);
    expect((await limits.send(first, 'The first organisation claims', mini)).status).toBe(200);
    expect(await leasesOf(second.orgId)).toEqual([]);
    expect((await limits.send(second, 'The second organisation claims its own', mini)).status).toBe(200);
    const ids = (await leasesOf(second.orgId)).map((lease) => lease.id);
    expect(ids).toHaveLength(2);
    expect((await leasesOf(first.orgId)).some((lease) => ids.includes(lease.id))).toBe(false);
  });
});

describe('budget leases given back', () => {
  it('returns a lease left idle, and every lease at shutdown', { timeout: 120_000 }, async () => {
    const provider = await startFakeProviderServer();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-leases-idle-'));
    const config = ownServerConfig(dataDir, {
      OPENAI_API_KEY: 'sk-test-dummy',
      OPENAI_BASE_URL: `${provider.url}/v1`,
      BUDGET_LEASE_IDLE_SECONDS: '1',
    });
    let running: RunningServer | undefined = await startServer(config, { webRoot: null });
    try {
      provider.setDefaultReply({ text: 'soon idle' });
      const user = await signUpLimited(running);
      const send = (prompt: string) =>
        fetch(`${running!.url}/api/conversation/message`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
          body: JSON.stringify({
            org_id: user.orgId,
            user_id: user.userId,
            prompt,
            forced_model_id: mini,
            stream: true,
          }),
        }).then(async (response) => ({ status: response.status, body: await response.text() }));
      const count = async (db: RunningServer['database']['db']) =>
        (await db.select().from(budgetLeases).where(eq(budgetLeases.orgId, user.orgId))).length;

      expect((await send('Claim and go idle')).status).toBe(200);
      expect(await count(running.database.db)).toBe(2);
      // Idle for a second, it goes on one of the next ticks (each second).
      const until = Date.now() + 20_000;
      while ((await count(running.database.db)) > 0 && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await count(running.database.db)).toBe(0);

      expect((await send('Claim again, then shut down')).status).toBe(200);
      expect(await count(running.database.db)).toBe(2);
      await running.close();
      running = undefined;
      // Read without starting a server, whose start would delete a stopped instance's leases anyway.
      const database = await openDatabase({
        databaseUrl: process.env.TEST_DATABASE_URL,
        pgliteDataDir: path.join(dataDir, 'pglite'),
      });
      try {
        expect(await count(database.db)).toBe(0);
      } finally {
        await database.close();
      }
    } finally {
      await running?.close();
      await provider.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

/** A new organisation's administrator, moved to a role with a monthly token limit on GPT-4o mini. */
async function signUpLimited(running: RunningServer) {
  const username = uniqueName('idle');
  const response = await fetch(`${running.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.test`, password: strongPassword, org_name: 'Idle' }),
  });
  const { token, user } = (await response.json()) as { token: string; user: { id: string; org_id: string } };
  await giveRole(running.database.db, user.org_id, user.id, 'Limited', [
    { modelId: mini, maxTokensPerRequest: 100, monthlyTokenLimit: 100_000 },
  ]);
  return { token, userId: user.id, orgId: user.org_id };
}

describe('budget leases of an instance that crashed', () => {
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
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-leases-restart-'));
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('are deleted once it is found gone, so the room they held comes back', { timeout: 120_000 }, async () => {
    let running = await start();
    const post = async (pathname: string, token: string | undefined, body: unknown) => {
      const response = await fetch(`${running.url}/api${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.text() };
    };
    const username = uniqueName('leased');
    const signup = await post('/auth/signup', undefined, {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_name: 'Leased',
    });
    const { token, user } = JSON.parse(signup.body) as { token: string; user: { id: string; org_id: string } };
    await giveRole(running.database.db, user.org_id, user.id, 'Limited', [{ modelId: mini, monthlyTokenLimit: 1_000 }]);
    // Another instance holds nearly all of the month in a lease, and is alive for now.
    const crashing = randomUUID();
    await running.database.db.insert(serverInstances).values({ id: crashing });
    const periodStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    await running.database.db.insert(budgetLeases).values({
      id: randomUUID(),
      orgId: user.org_id,
      kind: 'limit',
      userId: user.id,
      modelId: mini,
      periodStart,
      tokens: 995n,
      costUsd: null,
      owner: crashing,
    });
    const message = {
      org_id: user.org_id,
      user_id: user.id,
      prompt: 'Am I blocked?',
      forced_model_id: mini,
      stream: true,
    };
    const blocked = await post('/conversation/message', token, message);
    expect(blocked.status).toBe(429);
    expect(JSON.parse(blocked.body).limit).toMatchObject({ kind: 'monthly_token_limit', used: 0, reserved: 995 });

    // It crashes: its heartbeat stops, long enough ago for any instance to call it gone.
    await running.database.db
      .update(serverInstances)
      .set({ heartbeatAt: new Date(Date.now() - 3_600_000) })
      .where(eq(serverInstances.id, crashing));
    await running.close();
    running = await start();
    expect(await running.database.db.select().from(budgetLeases).where(eq(budgetLeases.owner, crashing))).toEqual([]);
    expect((await post('/conversation/message', token, message)).status).toBe(200);
  });
});
