import { describe, expect, inject, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { sendMessage } from './support/chat';
import { activeMember } from './support/invite';
import { scriptProvider } from './support/fake-provider';

const modelIds = async (token: string) =>
  (await api('/conversation/models', { token })).body.models.map(
    (model: { model_id: string }) => model.model_id,
  ) as string[];

describe("an organisation's own provider keys", () => {
  it("offer that provider's models to that organisation only, stored encrypted and never shown", async () => {
    const alpha = (await signUpOrganisation()).auth;
    const beta = (await signUpOrganisation()).auth;
    const keysPath = `/org/${alpha.user.org_id}/provider-keys`;
    expect((await api(keysPath, { token: alpha.token })).body).toEqual({ keys: [] });
    expect((await modelIds(alpha.token)).some((id) => id.startsWith('google/'))).toBe(false);

    const secretKey = 'AIza-test-organisation-key-1234';
    const saved = await api(`${keysPath}/google`, {
      token: alpha.token,
      method: 'PUT',
      body: { api_key: secretKey, base_url: `${inject('fakeProviderUrl')}/v1beta` },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ provider: 'google', key_hint: '…1234' });
    const listed = await api(keysPath, { token: alpha.token });
    expect(JSON.stringify(listed.body)).not.toContain(secretKey);
    expect(JSON.stringify(saved.body)).not.toContain(secretKey);

    expect(await modelIds(alpha.token)).toContain('google/gemini-2.0-flash');
    expect((await modelIds(beta.token)).some((id) => id.startsWith('google/'))).toBe(false);

    const script = await scriptProvider({ text: 'Hello from Gemini.' });
    const answer = await sendMessage(alpha.token, {
      org_id: alpha.user.org_id,
      user_id: alpha.user.id,
      prompt: `Hi ${script.marker}`,
      forced_model_id: 'google/gemini-2.0-flash',
    });
    expect(answer.parsed.text).toBe('Hello from Gemini.');
    expect((await script.requests())[0]!.path).toBe('/v1beta/models/gemini-2.0-flash:streamGenerateContent');
    const refused = await api('/conversation/message', {
      token: beta.token,
      body: {
        org_id: beta.user.org_id,
        user_id: beta.user.id,
        prompt: 'Hi',
        forced_model_id: 'google/gemini-2.0-flash',
      },
    });
    expect(refused.status).toBe(403);

    expect((await api(`${keysPath}/google`, { token: alpha.token, method: 'DELETE' })).status).toBe(200);
    expect((await modelIds(alpha.token)).some((id) => id.startsWith('google/'))).toBe(false);
  });

  it("take precedence over the instance's key for their provider", async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const keysPath = `/org/${user.org_id}/provider-keys/openai`;
    // Nothing listens on port 9: calls with the organisation's key must fail.
    const saved = await api(keysPath, {
      token,
      method: 'PUT',
      body: { api_key: 'sk-organisation-0000', base_url: 'http://127.0.0.1:9/v1' },
    });
    expect(saved.status).toBe(200);
    const body = { org_id: user.org_id, user_id: user.id, prompt: 'Hello', forced_model_id: 'openai/gpt-4o-mini' };
    expect((await sendMessage(token, body)).status).toBe(502);
    await api(keysPath, { token, method: 'DELETE' });
    expect((await sendMessage(token, body)).status).toBe(200);
  });

  it('are managed by the organisation admins only, with complete entries', async () => {
    const alpha = (await signUpOrganisation()).auth;
    const member = await activeMember(alpha.token, alpha.user.org_id);
    const beta = (await signUpOrganisation()).auth;
    const keysPath = `/org/${alpha.user.org_id}/provider-keys`;
    expect((await api(keysPath, { token: member.token })).status).toBe(403);
    expect(
      (await api(`${keysPath}/openai`, { token: member.token, method: 'PUT', body: { api_key: 'sk-member-key-123' } }))
        .status,
    ).toBe(403);
    expect((await api(keysPath, { token: beta.token })).status).toBe(403);
    expect(
      (await api(`${keysPath}/openai`, { token: beta.token, method: 'PUT', body: { api_key: 'sk-stranger-1234' } }))
        .status,
    ).toBe(403);

    expect(
      (
        await api(`${keysPath}/openai-compatible`, {
          token: alpha.token,
          method: 'PUT',
          body: { api_key: 'sk-no-base-url' },
        })
      ).status,
    ).toBe(400);
    expect((await api(`${keysPath}/anthropic`, { token: alpha.token, method: 'PUT', body: {} })).status).toBe(400);
    expect(
      (await api(`${keysPath}/mistral`, { token: alpha.token, method: 'PUT', body: { api_key: 'sk-whatever-1' } }))
        .status,
    ).toBe(404);
    expect((await api(`${keysPath}/google`, { token: alpha.token, method: 'DELETE' })).status).toBe(404);
    const compatible = await api(`${keysPath}/openai-compatible`, {
      token: alpha.token,
      method: 'PUT',
      body: { base_url: 'http://127.0.0.1:11434/v1' },
    });
    expect(compatible.body).toMatchObject({
      provider: 'openai-compatible',
      key_hint: null,
      base_url: 'http://127.0.0.1:11434/v1',
    });
  });
});
