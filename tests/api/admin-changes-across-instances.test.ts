import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { startServer, type RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';
import { clientOf } from './support/fuzz-fixtures';
import { ownServerConfig } from './support/own-server';

/**
 * Two instances on one PostgreSQL server (docs/decisions/018): an administrator's change made on
 * one reaches the very next request on the other, which remembers the person from a chat a moment
 * before. Only on PostgreSQL: the embedded database belongs to one process.
 */
describe('administrative changes on one instance reach another at once', () => {
  let provider: FakeProviderServer;
  let dataDir: string;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    provider = await startFakeProviderServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-admin-instances-'));
    for (let index = 0; index < 2; index += 1) {
      servers.push(
        await startServer(
          ownServerConfig(dataDir, {
            OPENAI_API_KEY: 'sk-test-dummy',
            OPENAI_BASE_URL: `${provider.url}/v1`,
            SECRET_KEY: 'a-shared-secret-key-for-two-instances-0123456789',
          }),
          { webRoot: null },
        ),
      );
    }
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a permission change, an assignment and a removal on one are seen by the next request on the other', {
    timeout: 60_000,
  }, async () => {
    const [adminSide, personSide] = servers.map((server) => clientOf(server.url));
    const adminName = uniqueName('instances');
    const signup = await adminSide!('POST', '/auth/signup', {
      body: {
        username: adminName,
        email: `${adminName}@example.test`,
        password: strongPassword,
        org_name: 'Instances',
      },
    });
    const admin = { token: signup.body.token as string, orgId: signup.body.user.org_id as string };
    const role = await adminSide!('POST', '/roles', {
      token: admin.token,
      body: {
        name: 'Mini users',
        org_id: admin.orgId,
        permissions: [{ model_id: 'openai/gpt-4o-mini' }, { model_id: 'openai/gpt-4o' }],
      },
    });
    const username = uniqueName('elsewhere');
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
    expect(created.status).toBe(201);
    // Signed in on the other instance, which then remembers them (decision 013).
    const login = await personSide!('POST', '/auth/login', { body: { username, password: strongPassword } });
    const person = {
      token: login.body.token as string,
      refreshToken: login.body.refresh_token as string,
      userId: created.body.user.id as string,
    };
    const send = (model: string) =>
      personSide!('POST', '/conversation/message', {
        token: person.token,
        body: {
          org_id: admin.orgId,
          user_id: person.userId,
          prompt: `Hello ${model}`,
          forced_model_id: model,
          stream: false,
        },
      });
    expect((await send('openai/gpt-4o-mini')).status).toBe(200);

    await adminSide!('PUT', `/roles/${role.body.id}`, {
      token: admin.token,
      body: { permissions: [{ model_id: 'openai/gpt-4o' }] },
    });
    expect((await send('openai/gpt-4o-mini')).status).toBe(403);
    expect((await send('openai/gpt-4o')).status).toBe(200);

    const roles = (await adminSide!('GET', `/roles/organization/${admin.orgId}`, { token: admin.token })).body
      .roles as { id: string; name: string }[];
    const member = roles.find((candidate) => candidate.name === 'Member')!;
    await adminSide!('POST', '/roles/assign', {
      token: admin.token,
      body: { user_id: person.userId, role_id: member.id, org_id: admin.orgId },
    });
    // The other instance still remembers the old role, which refused this model: the new one allows it.
    expect((await send('openai/gpt-4o-mini')).status).toBe(200);
    expect((await send('openai/gpt-4o')).status).toBe(403);

    await adminSide!('DELETE', `/org/${admin.orgId}/users/${person.userId}`, { token: admin.token });
    expect((await send('openai/gpt-4o-mini')).status).toBe(401);
    expect((await personSide!('GET', '/user/profile', { token: person.token })).status).toBe(401);
    expect((await personSide!('POST', '/auth/refresh', { body: { refresh_token: person.refreshToken } })).status).toBe(
      401,
    );
  });
});
