import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usageRecords } from '../../src/server/db/schema';
import { strongPassword, uniqueName } from './support/client';
import { startLimitsServer, type LimitedUser, type LimitsServer } from './support/limited-roles';

// A role grants embedding models through the role calls as it grants chat models (issue 23): the
// role form's models come from GET /org/{orgId}/models, and POST/PUT /roles accept them.

let server: LimitsServer;
beforeAll(async () => {
  server = await startLimitsServer({ SIGNUP_MAX_PER_ADDRESS: '1000' });
}, 60_000);
afterAll(() => server?.close());
beforeEach(() => server.provider.reset());

const small = 'openai/text-embedding-3-small';
const mini = 'openai/gpt-4o-mini';

function client(secret: string) {
  return new OpenAI({ apiKey: secret, baseURL: `${server.server.url}/v1`, maxRetries: 0, timeout: 60_000 });
}

async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof OpenAI.APIError) return error;
    throw error;
  }
  throw new Error('the call was not refused');
}

async function put(pathname: string, token: string, body: unknown) {
  const response = await fetch(`${server.server.url}/api${pathname}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function createRole(admin: LimitedUser, permissions: Record<string, unknown>[]) {
  const answer = await server.call('/roles', admin.token, {
    name: uniqueName('role'),
    org_id: admin.orgId,
    description: 'Embeddings for programs',
    permissions,
  });
  expect(answer.status, answer.body).toBe(201);
  return answer.json() as { id: string; permissions: { model_id: string; monthly_token_limit: number }[] };
}

/** A person of the admin's organisation created with the role (POST /user), signed in. */
async function createPerson(admin: LimitedUser, roleId: string): Promise<LimitedUser> {
  const username = uniqueName('person');
  const created = await server.call('/user', admin.token, {
    username,
    email: `${username}@example.test`,
    password: strongPassword,
    org_id: admin.orgId,
    role_id: roleId,
  });
  expect(created.status, created.body).toBe(201);
  const login = await server.call('/auth/login', undefined, { username, password: strongPassword });
  expect(login.status, login.body).toBe(200);
  return { token: login.json().token, userId: created.json().user.id, orgId: admin.orgId };
}

describe('roles grant embedding models', () => {
  it('lists the embedding models for the role form after the chat models, marked as such', {
    timeout: 60_000,
  }, async () => {
    const admin = await server.newAdministrator('embed-roles');
    const answer = await server.call(`/org/${admin.orgId}/models`, admin.token);
    expect(answer.status).toBe(200);
    const models = answer.json().models as { model_id: string; kind: string; reachable: boolean }[];
    const embedding = models.find((model) => model.model_id === small);
    expect(embedding).toMatchObject({ kind: 'embedding', reachable: true });
    expect(models.find((model) => model.model_id === mini)).toMatchObject({ kind: 'chat' });
    expect(models.findIndex((model) => model.model_id === small)).toBeGreaterThan(
      models.findLastIndex((model) => model.kind === 'chat'),
    );
  });

  it("a role granted an embedding model lets its user's key call /v1/embeddings; without it the call is refused", {
    timeout: 120_000,
  }, async () => {
    const admin = await server.newAdministrator('embed-roles');
    const granting = await createRole(admin, [{ model_id: mini }, { model_id: small, monthly_token_limit: 5000 }]);
    expect(granting.permissions.find((permission) => permission.model_id === small)).toMatchObject({
      monthly_token_limit: 5000,
    });
    const person = await createPerson(admin, granting.id);
    const { key, secret } = await server.createApiKey(person);
    const answer = await client(secret).embeddings.create({ model: small, input: 'granted by the role' });
    expect(answer.data).toHaveLength(1);
    const records = await server.db.select().from(usageRecords).where(eq(usageRecords.apiKeyId, key.id));
    expect(records).toMatchObject([{ userId: person.userId, modelId: small, source: 'api', outcome: 'complete' }]);

    // Taken out of the role through PUT /roles, the next call is refused in OpenAI's shape.
    const changed = await put(`/roles/${granting.id}`, admin.token, { permissions: [{ model_id: mini }] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const asked = server.provider.requests.length;
    const refused = await refusal(client(secret).embeddings.create({ model: small, input: 'no longer granted' }));
    expect(refused).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(refused.code).toBe('model_not_found');
    expect(refused.param).toBe('model');
    expect(refused.type).toBe('invalid_request_error');

    // A role that never granted it: refused the same way, and no provider asked.
    const chatOnly = await createRole(admin, [{ model_id: mini }]);
    const other = await createPerson(admin, chatOnly.id);
    const otherKey = await server.createApiKey(other);
    const never = await refusal(client(otherKey.secret).embeddings.create({ model: small, input: 'never granted' }));
    expect(never).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(never.code).toBe('model_not_found');
    expect(server.provider.requests.length).toBe(asked);
  });

  it('refuses an embedding model the server does not have, naming it, and another organisation’s role is not found', {
    timeout: 60_000,
  }, async () => {
    const admin = await server.newAdministrator('embed-roles');
    const unknown = await server.call('/roles', admin.token, {
      name: uniqueName('role'),
      org_id: admin.orgId,
      description: 'Unknown model',
      permissions: [{ model_id: 'openai/text-embedding-9' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain('openai/text-embedding-9');

    const role = await createRole(admin, [{ model_id: mini }]);
    const stranger = await server.newAdministrator('embed-roles');
    const foreign = await put(`/roles/${role.id}`, stranger.token, { permissions: [{ model_id: small }] });
    expect([403, 404]).toContain(foreign.status);
    const unchanged = await server.call(`/roles/${role.id}`, admin.token);
    expect(unchanged.json().permissions.map((permission: { model_id: string }) => permission.model_id)).toEqual([mini]);
  });
});
