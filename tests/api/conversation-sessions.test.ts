import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { sendMessage } from './support/chat';

async function userWithSessions(count: number) {
  const { user, token } = (await signUpOrganisation()).auth;
  const sessionIds: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const answer = await sendMessage(token, { org_id: user.org_id, user_id: user.id, prompt: `Conversation number ${index}` });
    sessionIds.push(answer.parsed.metadata!.session_id);
  }
  return { user, token, sessionIds };
}

describe('conversation sessions', () => {
  it('lists the newest first, renames, deletes one and then all', async () => {
    const { user, token, sessionIds } = await userWithSessions(3);
    const listPath = `/conversation/session/list/${user.org_id}/${user.id}`;
    expect((await api(listPath, { token })).body.sessions.map((session: { id: string }) => session.id)).toEqual([...sessionIds].reverse());

    const renamed = await api(`/conversation/session/${sessionIds[0]}/title`, { token, method: 'PUT', body: { title: '  Renamed  ' } });
    expect(renamed.status).toBe(200);
    expect((await api(`/conversation/session/${sessionIds[0]}`, { token })).body.title).toBe('Renamed');
    const untitled = await api(`/conversation/session/${sessionIds[0]}/title`, { token, method: 'PUT', body: { title: '' } });
    expect(untitled.status).toBe(400);
    expect(untitled.body.message).toBe('Title is required');

    expect((await api(`/conversation/session/${sessionIds[1]}`, { token, method: 'DELETE' })).status).toBe(200);
    expect((await api(`/conversation/session/${sessionIds[1]}`, { token })).status).toBe(404);
    expect((await api(listPath, { token })).body.sessions).toHaveLength(2);

    const cleared = await api(`/conversation/session/all/${user.org_id}/${user.id}`, { token, method: 'DELETE' });
    expect(cleared.body).toEqual({ success: true, deletedCount: 2 });
    expect((await api(listPath, { token })).body.sessions).toEqual([]);
  });

  it('edits and deletes a message', async () => {
    const { token, sessionIds } = await userWithSessions(1);
    const before = await api(`/conversation/session/${sessionIds[0]}`, { token });
    const [userMessage, reply] = before.body.messages;
    const edited = await api(`/conversation/message/${userMessage.id}`, { token, method: 'PUT', body: { content: 'Edited words' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ success: true, message: { id: userMessage.id, content: 'Edited words' } });
    expect(edited.body.message.edited_at).toBeTruthy();
    expect((await api(`/conversation/message/${userMessage.id}`, { token, method: 'PUT', body: { content: ' ' } })).status).toBe(400);

    expect((await api(`/conversation/message/${reply.id}`, { token, method: 'DELETE' })).status).toBe(200);
    const after = await api(`/conversation/session/${sessionIds[0]}`, { token });
    expect(after.body.messages.map((message: { content: string }) => message.content)).toEqual(['Edited words']);
    expect((await api(`/conversation/message/${reply.id}`, { token, method: 'DELETE' })).status).toBe(404);
  });

  it('treats a temporary session id from the web app as a new session', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const answer = await sendMessage(token, { org_id: user.org_id, user_id: user.id, prompt: 'Fresh start', session_id: 'temp-123' });
    expect(answer.status).toBe(200);
    expect(answer.parsed.metadata!.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /conversation/session/:id/export', () => {
  it('answers URLs of Markdown and JSON downloads that only the owner can fetch', async () => {
    const { token, sessionIds } = await userWithSessions(1);
    const answer = await api(`/conversation/session/${sessionIds[0]}/export`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.url).toBe(answer.body.markdown_url);
    const relative = (url: string) => url.replace(/^\/api/, '');

    const markdown = await api(relative(answer.body.markdown_url), { token });
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-type')).toContain('text/markdown');
    expect(markdown.headers.get('content-disposition')).toBe('attachment; filename="Conversation-number-0.md"');
    expect(markdown.body).toContain('# Conversation number 0...');
    expect(markdown.body).toContain('### You');
    expect(markdown.body).toContain('Fake reply to: Conversation number 0');

    const json = await api(relative(answer.body.json_url), { token });
    expect(json.body.messages).toHaveLength(2);
    expect(json.body.id).toBe(sessionIds[0]);

    const stranger = (await signUpOrganisation()).auth;
    expect((await api(relative(answer.body.json_url), { token: stranger.token })).status).toBe(404);
    expect((await api(`/conversation/session/${sessionIds[0]}/export`, { token: stranger.token })).status).toBe(404);
    expect((await api(relative(answer.body.json_url))).status).toBe(401);
  });
});
