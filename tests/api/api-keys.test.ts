import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { describe, expect, inject, it } from 'vitest';
import { apiKeyMessages } from '../../src/contracts';
import { apiKeys } from '../../src/server/db/schema';
import { startServer } from '../../src/server/server';
import { auditEntries, createPerson, createRole, enableAudit, newAdministrator } from './support/administration';
import { api, randomAddress, strongPassword, uniqueName } from './support/client';
import { clientOf } from './support/fuzz-fixtures';
import { ownServerConfig } from './support/own-server';

/** OpenAI's official client pointed at the suite's /v1, from a chosen address. */
function openAiClient(apiKey: string, address = randomAddress(), baseUrl = inject('baseUrl')) {
  return new OpenAI({
    apiKey,
    baseURL: `${baseUrl}/v1`,
    maxRetries: 0,
    timeout: 30_000,
    defaultHeaders: { 'x-forwarded-for': address },
  });
}

/** What the client throws for a refused call: its class, status and OpenAI's error fields. */
async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof OpenAI.APIError)
      return { error, status: error.status, code: error.code, type: error.type, message: error.message };
    throw error;
  }
  throw new Error('the call was not refused');
}

async function createOwnKey(token: string, body: Record<string, unknown> = {}) {
  const answer = await api('/api-keys', { token, body: { name: uniqueName('key'), ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { key: { id: string; prefix: string; [field: string]: unknown }; secret: string };
}

describe('a person creates, lists and revokes their own API keys', () => {
  it('shows the secret once, lists the key by its prefix, and a revoked key is refused with 401 invalid_api_key', {
    timeout: 60_000,
  }, async () => {
    const admin = await newAdministrator();
    await enableAudit(admin);
    const person = await createPerson(admin);
    const created = await createOwnKey(person.token, { name: 'Notebook', monthly_budget_usd: 12.5 });
    expect(created.secret).toMatch(/^tw-[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(`${created.key.prefix}_`)).toBe(true);
    expect(created.key).toMatchObject({
      name: 'Notebook',
      kind: 'personal',
      owner: { user_id: person.userId, username: person.username },
      role: { id: person.roleId, name: 'Member' },
      status: 'active',
      monthly_budget_usd: 12.5,
      usage_this_month_usd: 0,
      expires_at: null,
      last_used_at: null,
      cache_enabled: true,
    });

    const listed = await api('/api-keys', { token: person.token });
    expect(listed.status).toBe(200);
    expect(listed.body.keys.map((key: { id: string }) => key.id)).toEqual([created.key.id]);
    expect(JSON.stringify(listed.body)).not.toContain(created.secret.slice(created.key.prefix.length + 1));
    expect(listed.body.keys[0]).not.toHaveProperty('secret');

    const openai = openAiClient(created.secret, '198.51.100.20');
    const models = await openai.models.list();
    const ids = models.data.map((model) => model.id);
    expect(ids[0]).toBe('auto');
    const chatModels = await api('/conversation/models', { token: person.token });
    expect(chatModels.status).toBe(200);
    expect(ids.slice(1).sort()).toEqual(
      chatModels.body.models.map((model: { model_id: string }) => model.model_id).sort(),
    );
    expect(models.data.every((model) => model.object === 'model')).toBe(true);

    const revoked = await api(`/api-keys/${created.key.id}`, { method: 'DELETE', token: person.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.key.status).toBe('revoked');
    const refused = await refusal(openai.models.list());
    expect(refused.error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(refused.status).toBe(401);
    expect(refused.code).toBe('invalid_api_key');
    expect(refused.type).toBe('invalid_request_error');
    expect(refused.error.error).toMatchObject({ message: apiKeyMessages.revokedKey, param: null });

    expect((await api('/api-keys', { token: person.token })).body.keys).toEqual([]);
    const withRevoked = await api('/api-keys?include_revoked=true', { token: person.token });
    expect(withRevoked.body.keys.map((key: { id: string }) => key.id)).toEqual([created.key.id]);
    expect((await api(`/api-keys/${created.key.id}`, { method: 'DELETE', token: person.token })).status).toBe(200);

    const entries = await auditEntries(admin);
    const keyEntries = entries.filter((entry) => entry.target_id === created.key.id).map((entry) => entry.action);
    expect(keyEntries.sort()).toEqual(['api_key.create', 'api_key.revoke']);
    expect(JSON.stringify(entries)).not.toContain(created.secret.slice(created.key.prefix.length + 1));
  });

  it('refuses a missing, malformed, unknown or altered key with 401 invalid_api_key, in OpenAI’s shape', async () => {
    const admin = await newAdministrator();
    const created = await createOwnKey(admin.token);
    const missing = await fetch(`${inject('baseUrl')}/v1/models`, { headers: { 'x-forwarded-for': randomAddress() } });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      error: {
        message: apiKeyMessages.missingKey,
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
    const altered = `${created.secret.slice(0, -1)}${created.secret.endsWith('A') ? 'B' : 'A'}`;
    const unknown = `tw-zzzzzzzz_${created.secret.split('_').slice(1).join('_')}`;
    for (const key of ['sk-not-ours', altered, unknown]) {
      const refused = await refusal(openAiClient(key).models.list());
      expect(refused.status, key).toBe(401);
      expect(refused.code).toBe('invalid_api_key');
      expect(refused.error.error).toMatchObject({ message: apiKeyMessages.invalidKey });
    }
    // Anthropic's SDKs send the key as x-api-key; the same key works there.
    const viaHeader = await fetch(`${inject('baseUrl')}/v1/models`, {
      headers: { 'x-api-key': created.secret, 'x-forwarded-for': randomAddress() },
    });
    expect(viaHeader.status).toBe(200);
    expect(viaHeader.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses an expired key, and checks expiry, budget and name on creation with the spec’s messages', async () => {
    const admin = await newAdministrator();
    const checks: [Record<string, unknown>, string][] = [
      [{ name: '' }, apiKeyMessages.nameRequired],
      [{ name: 'k', expires_at: '2020-01-01T00:00:00Z' }, apiKeyMessages.expiryInPast],
      [{ name: 'k', expires_at: 'tomorrow' }, apiKeyMessages.expiryInvalid],
      [{ name: 'k', monthly_budget_usd: 0 }, apiKeyMessages.budgetPositive],
      [{ name: 'k', monthly_budget_usd: 1.005 }, apiKeyMessages.budgetCents],
      [{ name: 'k', monthly_budget_usd: '5' }, apiKeyMessages.budgetNumber],
    ];
    for (const [body, message] of checks) {
      const answer = await api('/api-keys', { token: admin.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(message);
    }
    expect((await api('/api-keys', { token: admin.token })).body.keys).toEqual([]);

    const soon = new Date(Date.now() + 2000).toISOString();
    const created = await createOwnKey(admin.token, { expires_at: soon });
    expect(created.key.expires_at).toBe(soon);
    expect((await openAiClient(created.secret).models.list()).data.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const refused = await refusal(openAiClient(created.secret).models.list());
    expect(refused.status).toBe(401);
    expect(refused.code).toBe('invalid_api_key');
    expect(refused.message).toContain(apiKeyMessages.expiredKey(soon));
    expect((await api('/api-keys', { token: admin.token })).body.keys[0].status).toBe('expired');
  });

  it('changes a key’s name and budget, audited', async () => {
    const admin = await newAdministrator();
    await enableAudit(admin);
    const created = await createOwnKey(admin.token);
    const changed = await api(`/api-keys/${created.key.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { name: 'Renamed', monthly_budget_usd: 40 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.key).toMatchObject({ name: 'Renamed', monthly_budget_usd: 40 });
    const cleared = await api(`/api-keys/${created.key.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { monthly_budget_usd: null },
    });
    expect(cleared.body.key.monthly_budget_usd).toBeNull();
    const updates = (await auditEntries(admin)).filter((entry) => entry.action === 'api_key.update');
    expect(updates).toHaveLength(2);
    expect(
      updates.map((entry) => (entry.after as { monthly_budget_usd: number | null }).monthly_budget_usd).sort(),
    ).toEqual([40, null]);
  });
});

describe('who may see and revoke which keys', () => {
  it('a member sees and revokes only their own keys; another organisation gets 404 or 403 on every key route', async () => {
    const admin = await newAdministrator();
    const member = await createPerson(admin);
    const colleague = await createPerson(admin);
    const colleagueKey = await createOwnKey(colleague.token);
    const adminKey = await createOwnKey(admin.token);

    expect((await api('/api-keys', { token: member.token })).body.keys).toEqual([]);
    for (const keyId of [colleagueKey.key.id, adminKey.key.id]) {
      const revoke = await api(`/api-keys/${keyId}`, { method: 'DELETE', token: member.token });
      expect(revoke.status).toBe(404);
      expect(revoke.body.message).toBe(apiKeyMessages.keyNotFound);
      const change = await api(`/api-keys/${keyId}`, { method: 'PUT', token: member.token, body: { name: 'mine' } });
      expect(change.status).toBe(404);
    }
    const organisationRoutes = `/org/${admin.orgId}/api-keys`;
    expect((await api(organisationRoutes, { token: member.token })).status).toBe(403);
    expect(
      (await api(`${organisationRoutes}/${colleagueKey.key.id}`, { method: 'DELETE', token: member.token })).status,
    ).toBe(403);
    expect(
      (await api(organisationRoutes, { token: member.token, body: { name: 'x', role_id: member.roleId } })).status,
    ).toBe(403);

    const stranger = await newAdministrator();
    expect((await api(organisationRoutes, { token: stranger.token })).status).toBe(403);
    for (const [method, route, body] of [
      ['DELETE', `/api-keys/${colleagueKey.key.id}`, undefined],
      ['PUT', `/api-keys/${colleagueKey.key.id}`, { name: 'theirs' }],
      ['DELETE', `/org/${stranger.orgId}/api-keys/${colleagueKey.key.id}`, undefined],
      ['PUT', `/org/${stranger.orgId}/api-keys/${colleagueKey.key.id}`, { name: 'theirs' }],
    ] as const) {
      const answer = await api(route, { method, token: stranger.token, body });
      expect(answer.status, `${method} ${route}`).toBe(404);
    }
    for (const method of ['DELETE', 'PUT'] as const) {
      const answer = await api(`${organisationRoutes}/${colleagueKey.key.id}`, {
        method,
        token: stranger.token,
        body: method === 'PUT' ? { name: 'theirs' } : undefined,
      });
      expect(answer.status).toBe(403);
    }
    const strangersList = await api(`/org/${stranger.orgId}/api-keys`, { token: stranger.token });
    expect(strangersList.body.keys).toEqual([]);
    expect((await openAiClient(colleagueKey.secret).models.list()).data.length).toBeGreaterThan(0);
  });

  it('an administrator lists every key of the organisation and revokes someone else’s, audited', async () => {
    const admin = await newAdministrator();
    await enableAudit(admin);
    const member = await createPerson(admin);
    const memberKey = await createOwnKey(member.token, { monthly_budget_usd: 3 });
    const listed = await api(`/org/${admin.orgId}/api-keys`, { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.keys).toHaveLength(1);
    expect(listed.body.keys[0]).toMatchObject({
      id: memberKey.key.id,
      owner: { username: member.username },
      role: { name: 'Member' },
      monthly_budget_usd: 3,
      usage_this_month_usd: 0,
    });
    const revoked = await api(`/org/${admin.orgId}/api-keys/${memberKey.key.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(revoked.status).toBe(200);
    expect((await refusal(openAiClient(memberKey.secret).models.list())).status).toBe(401);
    const entry = (await auditEntries(admin)).find((candidate) => candidate.action === 'api_key.revoke');
    expect(entry).toBeDefined();
    expect(entry!.after).toMatchObject({ revoked_by: admin.username, owner: member.username });
  });

  it('a removed person’s keys stop working at once', async () => {
    const admin = await newAdministrator();
    const member = await createPerson(admin);
    const key = await createOwnKey(member.token);
    expect(
      (await api(`/org/${admin.orgId}/users/${member.userId}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(200);
    const refused = await refusal(openAiClient(key.secret).models.list());
    expect(refused.status).toBe(401);
    expect(refused.code).toBe('invalid_api_key');
  });
});

describe('service keys bound to a role', () => {
  it('act with the role’s models, are listed without an owner, keep the role from being deleted, and stop when revoked', {
    timeout: 60_000,
  }, async () => {
    const admin = await newAdministrator();
    const allModels = (await api('/conversation/models', { token: admin.token })).body.models as { model_id: string }[];
    expect(allModels.length).toBeGreaterThan(1);
    const onlyModel = allModels[0]!.model_id;
    const roleId = await createRole(admin, {
      name: uniqueName('Scripts'),
      permissions: [{ model_id: onlyModel, isEnabled: true }],
    });
    const created = await api(`/org/${admin.orgId}/api-keys`, {
      token: admin.token,
      body: { name: 'Nightly job', role_id: roleId },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.key).toMatchObject({ kind: 'service', owner: null, role: { id: roleId } });

    const models = await openAiClient(created.body.secret).models.list();
    expect(models.data.map((model) => model.id)).toEqual(['auto', onlyModel]);
    const one = await openAiClient(created.body.secret).models.retrieve(onlyModel);
    expect(one.id).toBe(onlyModel);
    const absent = await refusal(openAiClient(created.body.secret).models.retrieve(allModels[1]!.model_id));
    expect(absent.status).toBe(404);
    expect(absent.code).toBe('model_not_found');

    // The service principal is nobody's colleague: not in the people list, cannot sign in.
    const people = await api(`/org/${admin.orgId}/users`, { token: admin.token });
    expect(JSON.stringify(people.body)).not.toContain('service-key-');

    const deleteRole = await api(`/roles/${roleId}`, { method: 'DELETE', token: admin.token });
    expect(deleteRole.status).toBe(409);
    expect(deleteRole.body.message).toBe(apiKeyMessages.roleInUseByServiceKeys(1));

    // Not one of the administrator's own keys.
    expect((await api('/api-keys', { token: admin.token })).body.keys).toEqual([]);
    const revoked = await api(`/org/${admin.orgId}/api-keys/${created.body.key.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(revoked.status).toBe(200);
    expect((await refusal(openAiClient(created.body.secret).models.list())).status).toBe(401);
    expect((await api(`/roles/${roleId}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
  });
});

describe('the organisation’s API access settings', () => {
  it('API access off refuses every key with 403 and refuses creating keys; on again, keys work', async () => {
    const admin = await newAdministrator();
    const key = await createOwnKey(admin.token);
    const off = await api(`/org/${admin.orgId}/settings`, {
      method: 'PUT',
      token: admin.token,
      body: { api_access: { enabled: false } },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.api_access).toEqual({ enabled: false, ip_restrictions: [] });
    const refused = await refusal(openAiClient(key.secret).models.list());
    expect(refused.error).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(refused.code).toBe('api_access_disabled');
    expect(refused.error.error).toMatchObject({ message: apiKeyMessages.apiAccessDisabled });
    const creation = await api('/api-keys', { token: admin.token, body: { name: 'late' } });
    expect(creation.status).toBe(403);
    expect(creation.body.message).toBe(apiKeyMessages.apiAccessOffForCreation);

    await api(`/org/${admin.orgId}/settings`, {
      method: 'PUT',
      token: admin.token,
      body: { api_access: { enabled: true } },
    });
    expect((await openAiClient(key.secret).models.list()).data.length).toBeGreaterThan(0);
  });

  it('restricts keys by address: the keys’ own networks, else the sign-in networks', async () => {
    const admin = await newAdministrator();
    const office = '203.0.113.9';
    const key = await createOwnKey(admin.token);
    const restricted = await api(`/org/${admin.orgId}/settings`, {
      method: 'PUT',
      token: admin.token,
      body: { api_access: { ip_restrictions: ['198.51.100.0/24'] } },
    });
    expect(restricted.status, JSON.stringify(restricted.body)).toBe(200);
    expect((await openAiClient(key.secret, '198.51.100.44').models.list()).data.length).toBeGreaterThan(0);
    const outside = await refusal(openAiClient(key.secret, office).models.list());
    expect(outside.status).toBe(403);
    expect(outside.code).toBe('ip_not_allowed');
    expect(outside.error.error).toMatchObject({ message: apiKeyMessages.addressNotAllowed(office) });

    const invalid = await api(`/org/${admin.orgId}/settings`, {
      method: 'PUT',
      token: admin.token,
      body: { api_access: { ip_restrictions: ['not-a-network'] } },
    });
    expect(invalid.status).toBe(400);

    // No networks of their own: keys follow the sign-in restrictions.
    const signIns = await api(`/org/${admin.orgId}/settings`, {
      method: 'PUT',
      token: admin.token,
      address: office,
      body: { api_access: { ip_restrictions: [] }, security: { ip_restrictions: [`${office}/32`] } },
    });
    expect(signIns.status, JSON.stringify(signIns.body)).toBe(200);
    expect((await openAiClient(key.secret, office).models.list()).data.length).toBeGreaterThan(0);
    expect((await refusal(openAiClient(key.secret, '198.51.100.44').models.list())).status).toBe(403);
  });
});

describe('what the database keeps of a key', () => {
  it('only its prefix and a keyed hash; the last use is written after the request', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-api-keys-'));
    const server = await startServer(
      ownServerConfig(dataDir, { OPENAI_API_KEY: 'sk-test-dummy', TRUST_PROXY: 'true' }),
      {
        pgliteDataDir: 'memory://',
        webRoot: null,
      },
    );
    try {
      const call = clientOf(server.url);
      const username = uniqueName('hash');
      const signup = await call('POST', '/auth/signup', {
        body: { username, email: `${username}@example.test`, password: strongPassword, org_name: 'Hashes' },
      });
      expect(signup.status).toBe(201);
      const created = await call('POST', '/api-keys', { token: signup.body.token, body: { name: 'Stored' } });
      expect(created.status).toBe(201);
      const secret: string = created.body.secret;
      const [row] = await server.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.body.key.id));
      expect(row).toBeDefined();
      const stored = JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
      const secretPart = secret.split('_').slice(1).join('_');
      expect(stored).not.toContain(secretPart);
      expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
      expect(`tw-${row!.prefix}`).toBe(created.body.key.prefix);

      expect(row!.lastUsedAt).toBeNull();
      const used = await openAiClient(secret, '198.51.100.61', server.url).models.list();
      expect(used.object).toBe('list');
      await expect
        .poll(
          async () => {
            const [after] = await server.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.body.key.id));
            return after?.lastUsedAddress;
          },
          { timeout: 20_000, interval: 200 },
        )
        .toBe('198.51.100.61');
      const listed = await call('GET', '/api-keys', { token: signup.body.token });
      expect(listed.body.keys[0].last_used_address).toBe('198.51.100.61');
      expect(listed.body.keys[0].last_used_at).not.toBeNull();
    } finally {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
