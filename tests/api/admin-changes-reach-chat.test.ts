import { describe, expect, it } from 'vitest';
import { api } from './support/client';
import { sendMessage } from './support/chat';
import { createPerson, createRole, newAdministrator } from './support/administration';
import { roleIdByName } from './support/invite';

const noAccess = 'Model access denied. You do not have access to this model.';
const mini = 'openai/gpt-4o-mini';
const haiku = 'anthropic/claude-3-5-haiku-latest';

/**
 * An administrator's change reaches the very next chat request of the people it concerns, also
 * when the server remembers them from a chat a moment before (docs/decisions/013 and 018).
 */
describe('administrative changes reach the next chat request', () => {
  const modelsOf = async (token: string) =>
    ((await api('/conversation/models', { token })).body.models as { model_id: string; max_tokens: number }[]).map(
      (model) => `${model.model_id}:${model.max_tokens}`,
    );

  it('a model taken out of the role is refused at once and no longer offered; a limit changed shows at once', async () => {
    const admin = await newAdministrator();
    const roleId = await createRole(admin, {
      name: 'Chatters',
      permissions: [{ model_id: mini, max_tokens_per_request: 1500 }, { model_id: haiku }],
    });
    const person = await createPerson(admin, { id: roleId });
    const send = (prompt: string, model?: string) =>
      sendMessage(person.token, {
        org_id: admin.orgId,
        user_id: person.userId,
        prompt,
        ...(model ? { forced_model_id: model } : {}),
      });
    expect((await send('Warm up the remembered caller', mini)).status).toBe(200);
    expect(await modelsOf(person.token)).toEqual([`${mini}:1500`, `${haiku}:2000`]);

    const changed = await api(`/roles/${roleId}`, {
      method: 'PUT',
      token: admin.token,
      body: {
        permissions: [
          { model_id: mini, isEnabled: false },
          { model_id: haiku, max_tokens_per_request: 700 },
        ],
      },
    });
    expect(changed.status).toBe(200);
    const refused = await send('Still mini?', mini);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).message).toBe(noAccess);
    expect(await modelsOf(person.token)).toEqual([`${haiku}:700`]);
    // Auto routes only among what the role enables now.
    const routed = await send('Which model answers me now?');
    expect(routed.status).toBe(200);
    expect(routed.parsed.metadata?.primary_model).toBe(haiku);
  });

  it('a new role, an assignment and a removal apply to the next request', async () => {
    const admin = await newAdministrator();
    const roleId = await createRole(admin, { name: 'Only haiku', permissions: [{ model_id: haiku }] });
    const person = await createPerson(admin);
    const send = (model: string) =>
      sendMessage(person.token, {
        org_id: admin.orgId,
        user_id: person.userId,
        prompt: `Hello ${model}`,
        forced_model_id: model,
      });
    expect((await send(mini)).status).toBe(200);

    const assigned = await api('/roles/assign', {
      token: admin.token,
      body: { user_id: person.userId, role_id: roleId, org_id: admin.orgId },
    });
    expect(assigned.status).toBe(200);
    expect((await send(mini)).status).toBe(403);
    expect(await modelsOf(person.token)).toEqual([`${haiku}:2000`]);
    expect((await send(haiku)).status).toBe(200);

    const memberRoleId = await roleIdByName(admin.token, admin.orgId, 'Member');
    await api(`/org/${admin.orgId}/users/${person.userId}/role`, {
      method: 'PUT',
      token: admin.token,
      body: { role_id: memberRoleId },
    });
    expect((await send(mini)).status).toBe(200);

    expect(
      (await api(`/org/${admin.orgId}/users/${person.userId}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(200);
    const removed = await send(mini);
    expect(removed.status).toBe(401);
    expect((await api('/conversation/models', { token: person.token })).status).toBe(401);
  });
});
