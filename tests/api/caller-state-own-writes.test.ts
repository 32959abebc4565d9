import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { roles, routingPolicies } from '../../src/server/db/schema';
import { clientOf } from './support/fuzz-fixtures';
import { startLimitsServer, type LimitsServer } from './support/limited-roles';

/**
 * An instance reads its own writes at once on PostgreSQL (docs/decisions/066): the organisations a
 * transaction changed are known to the writing instance when its commit returns, not only when the
 * notification comes back over the listening connection a moment later. Only on PostgreSQL.
 */
let limits: LimitsServer;
let database: DatabaseHandle;
const reported: string[][] = [];
beforeAll(async () => {
  limits = await startLimitsServer();
  database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgliteDataDir: 'memory://' });
  database.onCommittedChanges((orgIds) => reported.push(orgIds));
}, 120_000);
afterAll(async () => {
  await database?.close();
  await limits?.close();
});

const mini = 'openai/gpt-4o-mini';

describe('the writing instance hears its own changes with the commit', () => {
  it('names each organisation a committed transaction changed once, before the transaction’s promise resolves', async () => {
    const first = await limits.newAdministrator('own');
    const second = await limits.newAdministrator('own');
    reported.length = 0;
    let seenInside: string[][] = [];
    await database.db.transaction(async (transaction) => {
      // Every seeded role of both organisations: several rows, two organisations.
      await transaction.update(roles).set({ description: 'changed' }).where(eq(roles.orgId, first.orgId));
      await transaction.update(roles).set({ description: 'changed' }).where(eq(roles.orgId, second.orgId));
      seenInside = [...reported];
    });
    expect(seenInside, 'nothing is reported before the commit').toEqual([]);
    expect(reported).toHaveLength(1);
    expect([...reported[0]!].sort()).toEqual([first.orgId, second.orgId].sort());
  });

  it('reports nothing for a transaction rolled back, which changed nothing', async () => {
    const admin = await limits.newAdministrator('own');
    reported.length = 0;
    await expect(
      database.db.transaction(async (transaction) => {
        await transaction.update(roles).set({ description: 'never' }).where(eq(roles.orgId, admin.orgId));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(reported).toEqual([]);
    const kept = await database.db
      .select({ description: roles.description })
      .from(roles)
      .where(eq(roles.orgId, admin.orgId));
    expect(kept.map((role) => role.description)).not.toContain('never');
  });

  it('reports a single statement outside a transaction, and nothing for reads or unwatched writes', async () => {
    const admin = await limits.newAdministrator('own');
    reported.length = 0;
    await database.db.select().from(roles).where(eq(roles.orgId, admin.orgId));
    await database.db.execute(sql`select 1`);
    expect(reported).toEqual([]);
    await database.db
      .insert(routingPolicies)
      .values({ orgId: admin.orgId })
      .onConflictDoUpdate({ target: routingPolicies.orgId, set: { cacheEnabled: true } });
    expect(reported).toEqual([[admin.orgId]]);
    await database.db.execute(sql`update roles set description = 'raw' where org_id = ${admin.orgId}`);
    expect(reported).toEqual([[admin.orgId], [admin.orgId]]);
  });

  it('a change made through an instance holds in its own answer and at its very next request, every time', {
    timeout: 120_000,
  }, async () => {
    const admin = await limits.newAdministrator('own');
    const call = clientOf(limits.server.url);
    const policyPath = `/org/${admin.orgId}/routing-policy`;
    // Business includes the custom routing policy.
    const subscribed = await call('POST', '/subscription/purchase', {
      token: admin.token,
      body: { org_id: admin.orgId, plan_id: 'business', payment_method: 'card', card_number: '4242424242424242' },
    });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);
    const limitNow = async () => {
      const answer = await call('GET', '/conversation/models', { token: admin.token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.models as { model_id: string; max_tokens: number }[]).find((model) => model.model_id === mini)
        ?.max_tokens;
    };
    for (let round = 1; round <= 12; round += 1) {
      // Held first, so a stale answer would come from memory.
      await call('GET', policyPath, { token: admin.token });
      await limitNow();
      const betweenTokensMs = 5_000 + round;
      // The policy's answer is read back right after the save: the first read after this instance's own write.
      const policy = await call('PUT', policyPath, {
        token: admin.token,
        body: { deadlines: { between_tokens_ms: betweenTokensMs } },
      });
      expect(policy.status, JSON.stringify(policy.body)).toBe(200);
      expect(policy.body.effective.deadlines.between_tokens_ms, `round ${round}`).toBe(betweenTokensMs);
      expect((await call('GET', policyPath, { token: admin.token })).body.policy.deadlines.between_tokens_ms).toBe(
        betweenTokensMs,
      );
      const limit = 100 + round;
      const saved = await call('PUT', `/org/${admin.orgId}/settings`, {
        token: admin.token,
        body: { max_tokens_per_request: limit },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(await limitNow(), `round ${round}`).toBe(limit);
    }
  });
});
