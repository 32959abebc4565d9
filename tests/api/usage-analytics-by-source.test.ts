import { eq, sql } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageDailySourceTotals, usageDailyTotals } from '../../src/server/db/schema';
import { strongPassword, uniqueName } from './support/client';
import { startLimitsServer, type LimitedUser, type LimitsServer } from './support/limited-roles';

// The dashboard and model analytics filtered by source (chat or api) and by API key (issue 23;
// docs/decisions/061): one chat reply and one /v1 call on each of two keys, read back whole and in parts.

let server: LimitsServer;
let admin: LimitedUser;
let stranger: LimitedUser;
const keys: { first: string; second: string; strangers: string } = { first: '', second: '', strangers: '' };
const mini = 'openai/gpt-4o-mini';

const newAdmin = () => server.newAdministrator('sources');

async function programCall(secret: string, inputTokens: number, outputTokens: number) {
  server.provider.enqueueReply({ text: 'From a program.', usage: { inputTokens, outputTokens } });
  const client = new OpenAI({ apiKey: secret, baseURL: `${server.server.url}/v1`, maxRetries: 0, timeout: 60_000 });
  const completion = await client.chat.completions.create({
    model: mini,
    messages: [{ role: 'user', content: `A question worth ${inputTokens} tokens` }],
  });
  expect(completion.usage).toMatchObject({ prompt_tokens: inputTokens, completion_tokens: outputTokens });
}

const dashboard = (user: LimitedUser, query = '', orgId = user.orgId) =>
  server.call(`/subscription/analytics/${orgId}${query}`, user.token);
const models = (user: LimitedUser, query = '', orgId = user.orgId) =>
  server.call(`/org/${orgId}/model-analytics${query}`, user.token);

beforeAll(async () => {
  server = await startLimitsServer();
  admin = await newAdmin();
  stranger = await newAdmin();
  server.provider.enqueueReply({ text: 'From the chat.', usage: { inputTokens: 20, outputTokens: 4 } });
  const chat = await server.send(admin, 'Hello from the chat screen', mini);
  expect(chat.status, chat.body).toBe(200);
  const first = await server.createApiKey(admin);
  const second = await server.createApiKey(admin);
  const strangers = await server.createApiKey(stranger);
  keys.first = first.key.id;
  keys.second = second.key.id;
  keys.strangers = strangers.key.id;
  await programCall(first.secret, 30, 6);
  await programCall(second.secret, 40, 8);
  await programCall(strangers.secret, 50, 10);
}, 120_000);
afterAll(() => server?.close());

describe('usage analytics by source and key', () => {
  it('the dashboard counts everything unfiltered, and only the chat or only the API when asked', async () => {
    const all = await dashboard(admin);
    expect(all.status, all.body).toBe(200);
    expect(all.json().total_tokens_used).toBe(24 + 36 + 48);

    const api = await dashboard(admin, '?source=api');
    expect(api.status, api.body).toBe(200);
    expect(api.json().total_tokens_used).toBe(36 + 48);
    expect(api.json().usage_by_model).toEqual([expect.objectContaining({ model_id: mini, tokens_used: 84 })]);
    expect(api.json().usage_trend).toHaveLength(1);
    expect(api.json().cost_savings_total.tokens_used).toBe(84);

    const chat = await dashboard(admin, '?source=chat');
    expect(chat.json().total_tokens_used).toBe(24);
    expect(Number(chat.json().total_cost) + Number(api.json().total_cost)).toBeCloseTo(
      Number(all.json().total_cost),
      10,
    );
  });

  it('the dashboard reads one key alone, and a key with the chat source has nothing', async () => {
    const first = await dashboard(admin, `?apiKeyId=${keys.first}`);
    expect(first.status, first.body).toBe(200);
    expect(first.json().total_tokens_used).toBe(36);
    const second = await dashboard(admin, `?source=api&apiKeyId=${keys.second}`);
    expect(second.json().total_tokens_used).toBe(48);
    const none = await dashboard(admin, `?source=chat&apiKeyId=${keys.first}`);
    expect(none.json().total_tokens_used).toBe(0);
    expect(none.json().usage_by_model).toEqual([]);
  });

  it('model analytics filter the same way: requests, tokens and latency of the chosen calls only', async () => {
    const all = await models(admin);
    expect(all.status, all.body).toBe(200);
    expect(all.json().totals).toMatchObject({ requests: 3, tokens_used: 108 });

    const api = await models(admin, '?source=api');
    expect(api.json().totals).toMatchObject({ requests: 2, completed: 2, input_tokens: 70, output_tokens: 14 });
    expect(api.json().models).toEqual([
      expect.objectContaining({ model_id: mini, requests: 2, p50_latency_ms: expect.any(Number) }),
    ]);
    const second = await models(admin, `?apiKeyId=${keys.second}`);
    expect(second.json().totals).toMatchObject({ requests: 1, input_tokens: 40, output_tokens: 8 });
    const chat = await models(admin, '?source=chat');
    expect(chat.json().totals).toMatchObject({ requests: 1, tokens_used: 24 });
  });

  it('a revoked key keeps its usage in the filter', async () => {
    const revoked = await fetch(`${server.server.url}/api/api-keys/${keys.first}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(revoked.status).toBe(200);
    expect((await dashboard(admin, `?apiKeyId=${keys.first}`)).json().total_tokens_used).toBe(36);
  });

  it('refuses a source or key id it does not know with a clear 400', async () => {
    for (const answer of [await dashboard(admin, '?source=cli'), await models(admin, '?source=API')]) {
      expect(answer.status).toBe(400);
      expect(answer.json().message).toBe('Source must be one of chat or api');
    }
    for (const answer of [await dashboard(admin, '?apiKeyId=12'), await models(admin, '?apiKeyId=x')]) {
      expect(answer.status).toBe(400);
      expect(answer.json().message).toBe('API key ID must be a UUID.');
    }
  });

  it("another organisation's key is a 404 and never its data; another organisation's analytics a 403", async () => {
    for (const answer of [
      await dashboard(admin, `?apiKeyId=${keys.strangers}`),
      await models(admin, `?source=api&apiKeyId=${keys.strangers}`),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.json().message).toBe('API key not found');
      expect(answer.body).not.toContain('total_tokens_used');
    }
    expect((await dashboard(stranger, `?apiKeyId=${keys.first}`, admin.orgId)).status).toBe(403);
    expect((await models(stranger, `?apiKeyId=${keys.first}`, admin.orgId)).status).toBe(403);
    expect((await dashboard(stranger, '?source=api')).json().total_tokens_used).toBe(60);
  });

  it('a model and billing manager who is not an administrator filters by their own keys only, as the Key select lists them', {
    timeout: 60_000,
  }, async () => {
    const role = await server.call('/roles', admin.token, {
      name: uniqueName('managers'),
      org_id: admin.orgId,
      description: 'Models and billing, not administration',
      permissions: [{ model_id: mini }],
      scopes: ['model-management', 'billing'],
    });
    expect(role.status, role.body).toBe(201);
    const username = uniqueName('manager');
    const created = await server.call('/user', admin.token, {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_id: admin.orgId,
      role_id: role.json().id,
    });
    expect(created.status, created.body).toBe(201);
    const login = await server.call('/auth/login', undefined, { username, password: strongPassword });
    const manager: LimitedUser = { token: login.json().token, userId: created.json().user.id, orgId: admin.orgId };
    const own = await server.createApiKey(manager);
    await programCall(own.secret, 10, 2);

    // Their own key: its usage alone, on both screens.
    const ownDashboard = await dashboard(manager, `?apiKeyId=${own.key.id}`);
    expect(ownDashboard.status, ownDashboard.body).toBe(200);
    expect(ownDashboard.json().total_tokens_used).toBe(12);
    const ownModels = await models(manager, `?apiKeyId=${own.key.id}`);
    expect(ownModels.status, ownModels.body).toBe(200);
    expect(ownModels.json().totals).toMatchObject({ requests: 1, input_tokens: 10 });
    // The administrator's key is not theirs to look into: refused as a key they cannot see, with no figures.
    for (const answer of [
      await dashboard(manager, `?apiKeyId=${keys.second}`),
      await models(manager, `?source=api&apiKeyId=${keys.second}`),
      await models(manager, `?apiKeyId=${keys.strangers}`),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.json().message).toBe('API key not found');
      expect(answer.body).not.toContain('tokens');
    }
    // Unfiltered and by source they still see the organisation's figures, as before.
    expect((await models(manager, '?source=api')).status).toBe(200);
    // The administrator filters by any of the organisation's keys, the manager's included.
    expect((await dashboard(admin, `?apiKeyId=${own.key.id}`)).json().total_tokens_used).toBe(12);
  });

  it('the roll-up by source and key adds up to the daily roll-up, row for row', async () => {
    for (const user of [admin, stranger]) {
      const [bySource] = await server.db
        .select({
          requests: sql<string>`sum(${usageDailySourceTotals.requests})`,
          cost: sql<string>`sum(${usageDailySourceTotals.costUsd})::text`,
        })
        .from(usageDailySourceTotals)
        .where(eq(usageDailySourceTotals.orgId, user.orgId));
      const [daily] = await server.db
        .select({
          requests: sql<string>`sum(${usageDailyTotals.requests})`,
          cost: sql<string>`sum(${usageDailyTotals.costUsd})::text`,
        })
        .from(usageDailyTotals)
        .where(eq(usageDailyTotals.orgId, user.orgId));
      expect(Number(bySource!.requests)).toBe(Number(daily!.requests));
      expect(bySource!.cost).toBe(daily!.cost);
    }
  });
});
