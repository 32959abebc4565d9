import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { activeMember } from './support/invite';

describe('system messages', () => {
  it('shows an admin notice to each member until that member dismisses it', async () => {
    const admin = (await signUpOrganisation()).auth;
    const member = await activeMember(admin.token, admin.user.org_id);
    expect((await api(`/system/messages/${member.userId}`, { token: member.token })).body).toEqual({ messages: [] });

    const posted = await api('/system/messages', {
      token: admin.token,
      body: { content: 'Maintenance on Sunday', type: 'warning' },
    });
    expect(posted.status).toBe(201);
    const notice = { id: posted.body.id, content: 'Maintenance on Sunday', type: 'warning' };
    expect((await api(`/system/messages/${member.userId}`, { token: member.token })).body.messages).toEqual([notice]);

    const dismiss = (token: string, userId: string, messageId = notice.id) =>
      api(`/system/messages/${userId}/${messageId}/dismiss`, { token, method: 'POST' });
    expect((await dismiss(member.token, member.userId)).body).toEqual({ success: true });
    expect((await dismiss(member.token, member.userId)).status).toBe(200);
    expect((await api(`/system/messages/${member.userId}`, { token: member.token })).body.messages).toEqual([]);
    // Dismissed for the member only.
    expect((await api(`/system/messages/${admin.user.id}`, { token: admin.token })).body.messages).toEqual([notice]);
  });

  it('lets only admins post, and keeps notices and users apart', async () => {
    const admin = (await signUpOrganisation()).auth;
    const member = await activeMember(admin.token, admin.user.org_id);
    expect((await api('/system/messages', { token: member.token, body: { content: 'Hi all' } })).status).toBe(403);
    expect((await api('/system/messages', { token: admin.token, body: { content: ' ' } })).status).toBe(400);
    const posted = await api('/system/messages', { token: admin.token, body: { content: 'For alpha only' } });
    expect(posted.body.type).toBe('info');

    const stranger = (await signUpOrganisation()).auth;
    expect((await api(`/system/messages/${stranger.user.id}`, { token: stranger.token })).body.messages).toEqual([]);
    expect(
      (
        await api(`/system/messages/${stranger.user.id}/${posted.body.id}/dismiss`, {
          token: stranger.token,
          method: 'POST',
        })
      ).status,
    ).toBe(404);
    expect((await api(`/system/messages/${member.userId}`, { token: admin.token })).status).toBe(403);
    expect(
      (await api(`/system/messages/${member.userId}/${posted.body.id}/dismiss`, { token: admin.token, method: 'POST' }))
        .status,
    ).toBe(403);
  });
});
