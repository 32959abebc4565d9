import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { sendMessage } from './support/chat';

const defaults = {
  theme: 'system',
  default_model: null,
  font_size: 'medium',
  notifications: true,
  sound_effects: true,
  message_history: 100,
  auto_save: true,
};

describe('preferences', () => {
  it('answers the defaults, saves changes field by field, and refuses bad values', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const path = `/preferences/user/${user.id}`;
    expect((await api(path, { token })).body).toEqual(defaults);
    const saved = await api(path, {
      token,
      method: 'PUT',
      body: { theme: 'dark', message_history: 500, default_model: 'openai/gpt-4o' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...defaults, theme: 'dark', message_history: 500, default_model: 'openai/gpt-4o' });
    await api(path, { token, method: 'PUT', body: { font_size: 'large' } });
    expect((await api(path, { token })).body).toMatchObject({ theme: 'dark', font_size: 'large' });
    expect((await api(path, { token, method: 'PUT', body: { message_history: 42 } })).status).toBe(400);
    expect((await api(path, { token, method: 'PUT', body: { theme: 'purple' } })).status).toBe(400);
  });

  it("deletes the caller's history and account data for real", async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const send = () => sendMessage(token, { org_id: user.org_id, user_id: user.id, prompt: 'Remember this' });
    await send();
    await send();
    const listPath = `/conversation/session/list/${user.org_id}/${user.id}`;
    const history = await api(`/preferences/user/${user.id}/history`, { token, method: 'DELETE' });
    expect(history.body).toEqual({ success: true, deletedCount: 2 });
    expect((await api(listPath, { token })).body.sessions).toEqual([]);

    const metadata = (await send()).parsed.metadata!;
    await api('/feedback', {
      token,
      body: { selection_id: metadata.selection_id, org_id: user.org_id, user_id: user.id, feedback: 'positive' },
    });
    await api(`/preferences/user/${user.id}`, { token, method: 'PUT', body: { theme: 'dark' } });
    const account = await api(`/preferences/user/${user.id}/account`, { token, method: 'DELETE' });
    expect(account.body).toEqual({ success: true });
    expect((await api(listPath, { token })).body.sessions).toEqual([]);
    expect((await api(`/feedback/history/${user.org_id}`, { token })).body.feedback).toEqual([]);
    expect((await api(`/preferences/user/${user.id}`, { token })).body).toEqual(defaults);
    // The account itself remains usable.
    expect((await api('/user/profile', { token })).status).toBe(200);
  });

  it("refuses another user's preferences", async () => {
    const alpha = (await signUpOrganisation()).auth;
    const beta = (await signUpOrganisation()).auth;
    const path = `/preferences/user/${alpha.user.id}`;
    expect((await api(path, { token: beta.token })).status).toBe(403);
    expect((await api(path, { token: beta.token, method: 'PUT', body: { theme: 'dark' } })).status).toBe(403);
    expect((await api(`${path}/history`, { token: beta.token, method: 'DELETE' })).status).toBe(403);
    expect((await api(`${path}/account`, { token: beta.token, method: 'DELETE' })).status).toBe(403);
    expect((await api(path, { token: alpha.token })).body.theme).toBe('system');
  });
});
