import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages } from '../../src/contracts';
import type { RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';
import { clientOf } from './support/fuzz-fixtures';
import { startLimitsServer, type LimitsServer } from './support/limited-roles';

/**
 * Two instances on one PostgreSQL server, each holding callers' state in memory (docs/decisions/066):
 * a change made through one instance is seen by the other's very next request, which had just read
 * and held the state before; and when an instance's listening connection is cut, it forgets what it
 * held, since a change may have gone unannounced meanwhile. Only on PostgreSQL.
 */
let limits: LimitsServer;
let second: RunningServer;
beforeAll(async () => {
  limits = await startLimitsServer();
  second = await limits.startAnotherInstance();
}, 120_000);
afterAll(() => limits?.close());

const mini = 'openai/gpt-4o-mini';

/** An organisation with an administrator, a role for mini at `maxTokens` per request and a member holding it. */
async function organisationWithMember(maxTokens: number) {
  const [adminSide, memberSide] = [limits.server, second].map((server) => clientOf(server.url));
  const admin = await limits.newAdministrator('state');
  const role = await adminSide!('POST', '/roles', {
    token: admin.token,
    body: {
      name: 'Counted',
      org_id: admin.orgId,
      permissions: [{ model_id: mini, isEnabled: true, max_tokens_per_request: maxTokens }],
    },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const username = uniqueName('member');
  const created = await adminSide!('POST', '/user', {
    token: admin.token,
    body: {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_id: admin.orgId,
      role_id: role.body.id,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const login = await memberSide!('POST', '/auth/login', { body: { username, password: strongPassword } });
  expect(login.status).toBe(200);
  const member = { token: login.body.token as string, userId: created.body.user.id as string, orgId: admin.orgId };
  return { adminSide: adminSide!, memberSide: memberSide!, admin, roleId: role.body.id as string, member };
}

/** What /conversation/models on the member's instance says they may send to mini. */
async function miniLimitOn(call: ReturnType<typeof clientOf>, token: string) {
  const answer = await call('GET', '/conversation/models', { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.models as { model_id: string; max_tokens: number }[]).find((model) => model.model_id === mini)
    ?.max_tokens;
}

function programCall(on: RunningServer, secret: string) {
  return fetch(`${on.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({ model: mini, messages: [{ role: 'user', content: 'Hello there' }] }),
  }).then(async (response) => ({ status: response.status, body: await response.text() }));
}

describe('caller state held on each instance', () => {
  it('a role’s limit, an organisation setting and a removal made on one instance hold at the next request on the other', {
    timeout: 120_000,
  }, async () => {
    const { adminSide, memberSide, admin, roleId, member } = await organisationWithMember(700);
    limits.provider.setDefaultReply({ text: 'held' });
    const send = () =>
      memberSide('POST', '/conversation/message', {
        token: member.token,
        body: { org_id: member.orgId, user_id: member.userId, prompt: 'Hello', forced_model_id: mini, stream: false },
      });
    expect((await send()).status).toBe(200);
    const { secret } = await limits.createApiKey(member);
    expect((await programCall(second, secret)).status).toBe(200);
    // Read twice on the member's instance: the second answer comes from what it holds.
    expect(await miniLimitOn(memberSide, member.token)).toBe(700);
    expect(await miniLimitOn(memberSide, member.token)).toBe(700);

    const changed = await adminSide('PUT', `/roles/${roleId}`, {
      token: admin.token,
      body: { permissions: [{ model_id: mini, isEnabled: true, max_tokens_per_request: 300 }] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await miniLimitOn(memberSide, member.token)).toBe(300);

    const saved = await adminSide('PUT', `/org/${admin.orgId}/settings`, {
      token: admin.token,
      body: { max_tokens_per_request: 120 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await miniLimitOn(memberSide, member.token)).toBe(120);

    const removed = await adminSide('DELETE', `/org/${admin.orgId}/users/${member.userId}`, { token: admin.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await send()).status).toBe(401);
    const refused = await programCall(second, secret);
    expect(refused.status).toBe(401);
    // Removal revokes the person's keys in the same change; either reason refuses the key.
    expect([apiKeyMessages.revokedKey, apiKeyMessages.ownerRemoved]).toContain(JSON.parse(refused.body).error.message);
  });

  it('an instance whose listening connection is cut forgets what it held and reads again', {
    timeout: 120_000,
  }, async () => {
    const { admin, adminSide, memberSide, member } = await organisationWithMember(700);
    const saved = await adminSide('PUT', `/org/${admin.orgId}/settings`, {
      token: admin.token,
      body: { max_tokens_per_request: 500 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const settingsOnSecond = async () =>
      (await memberSide('GET', `/org/${admin.orgId}/settings`, { token: admin.token })).body
        .max_tokens_per_request as number;
    await settingsOnSecond();
    const held = await settingsOnSecond();
    expect(held).toBe(500);
    // A change no trigger announces (replica mode skips triggers): only forgetting everything can reveal it.
    await limits.db.transaction(async (transaction) => {
      await transaction.execute(sql`set local session_replication_role = replica`);
      await transaction.execute(
        sql`update organisation_settings set max_tokens_per_request = 77 where org_id = ${admin.orgId}`,
      );
    });
    expect(await settingsOnSecond(), 'held, as nothing announced the change').toBe(held);
    expect(await miniLimitOn(memberSide, member.token)).toBe(500);

    await limits.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'tokenwise-caller-state'`,
    );
    // Well within the 30 s maximum age: the reconnection, not the age, brings the change.
    const deadline = Date.now() + 10_000;
    let seen = await settingsOnSecond();
    while (seen !== 77 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await settingsOnSecond();
    }
    expect(seen).toBe(77);
    expect(await miniLimitOn(memberSide, member.token)).toBe(77);
  });
});
