import { describe, expect, inject, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { activeMember } from './support/invite';

interface ListedModel {
  model_id: string;
  name: string;
  provider: string;
  reachable: boolean;
  reached_through: 'instance' | 'organisation' | 'local' | null;
  key_provider: string | null;
  kind: 'chat' | 'embedding';
}

const modelsOf = async (orgId: string, token: string) => {
  const answer = await api<{ models: ListedModel[] }>(`/org/${orgId}/models`, { token });
  expect(answer.status).toBe(200);
  return answer.body.models;
};
const find = (models: ListedModel[], modelId: string) => models.find((model) => model.model_id === modelId)!;

// The test server has instance keys for OpenAI and Anthropic, none for Google, and the local model off.
describe('the models an organisation can reach (GET /org/{orgId}/models)', () => {
  it('lists every catalog model, with display names, and marks those no key reaches yet', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const models = await modelsOf(user.org_id, token);
    expect(find(models, 'openai/gpt-4o-mini')).toEqual({
      model_id: 'openai/gpt-4o-mini',
      name: 'GPT-4o mini',
      provider: 'openai',
      reachable: true,
      reached_through: 'instance',
      key_provider: 'openai',
      kind: 'chat',
    });
    expect(find(models, 'anthropic/claude-3-5-haiku-latest')).toMatchObject({
      reachable: true,
      reached_through: 'instance',
    });
    const gemini = find(models, 'google/gemini-2.0-flash');
    expect(gemini).toMatchObject({ reachable: false, reached_through: null, key_provider: 'google' });
    expect(gemini.name).not.toBe(gemini.model_id);
    expect(find(models, 'local/tinyllama-1.1b-chat')).toMatchObject({
      reachable: false,
      reached_through: null,
      key_provider: null,
    });
    // The embedding models follow, for roles to grant (docs/decisions/060); the chat never offers them.
    expect(find(models, 'openai/text-embedding-3-small')).toMatchObject({ kind: 'embedding', reachable: true });
    // Exactly what the chat offers the organisation's admin: the reachable chat models.
    const offered = await api<{ models: { model_id: string }[] }>('/conversation/models', { token });
    expect(
      models
        .filter((model) => model.reachable && model.kind === 'chat')
        .map((model) => model.model_id)
        .sort(),
    ).toEqual(offered.body.models.map((model) => model.model_id).sort());
  });

  it("follows the organisation's own keys: added, they reach their provider's models; removed, no longer", async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const keysPath = `/org/${user.org_id}/provider-keys`;
    const saved = await api(`${keysPath}/google`, {
      token,
      method: 'PUT',
      body: { api_key: 'AIza-organisation-key-5678', base_url: `${inject('fakeProviderUrl')}/v1beta` },
    });
    expect(saved.status).toBe(200);
    expect(find(await modelsOf(user.org_id, token), 'google/gemini-2.0-flash')).toMatchObject({
      reachable: true,
      reached_through: 'organisation',
    });
    // The organisation's own OpenAI key takes the instance's place.
    await api(`${keysPath}/openai`, { token, method: 'PUT', body: { api_key: 'sk-organisation-openai-1' } });
    expect(find(await modelsOf(user.org_id, token), 'openai/gpt-4o')).toMatchObject({
      reached_through: 'organisation',
    });

    await api(`${keysPath}/google`, { token, method: 'DELETE' });
    await api(`${keysPath}/openai`, { token, method: 'DELETE' });
    const after = await modelsOf(user.org_id, token);
    expect(find(after, 'google/gemini-2.0-flash')).toMatchObject({ reachable: false, reached_through: null });
    expect(find(after, 'openai/gpt-4o')).toMatchObject({ reached_through: 'instance' });
  });

  it("answers the organisation's admins only: not its members, not another organisation", async () => {
    const alpha = (await signUpOrganisation()).auth;
    const beta = (await signUpOrganisation()).auth;
    const member = await activeMember(alpha.token, alpha.user.org_id);
    const path = `/org/${alpha.user.org_id}/models`;
    expect((await api(path, { token: member.token })).status).toBe(403);
    const stranger = await api(path, { token: beta.token });
    expect(stranger.status).toBe(403);
    expect(JSON.stringify(stranger.body)).not.toContain('gpt-4o');
    expect((await api(path)).status).toBe(401);
  });

  it('still accepts a role or a default model the organisation cannot reach yet: it becomes usable once a key is added', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const role = await api('/roles', {
      token,
      body: {
        name: 'Gemini users',
        org_id: user.org_id,
        description: 'Waiting for a Google key',
        permissions: [{ model_id: 'google/gemini-2.0-flash', isEnabled: true }],
      },
    });
    expect(role.status).toBe(201);
    expect(role.body.permissions).toEqual([expect.objectContaining({ model_id: 'google/gemini-2.0-flash' })]);
    const settings = await api(`/org/${user.org_id}/settings`, {
      token,
      method: 'PUT',
      body: { default_model: 'google/gemini-2.0-flash' },
    });
    expect(settings.status).toBe(200);
    expect(settings.body.default_model).toBe('google/gemini-2.0-flash');
  });
});
