import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { createExportLinks } from '../../src/server/conversations/export-links';
import { api, signUpOrganisation } from './support/client';
import { sendMessage } from './support/chat';

async function userWithSessions(count: number) {
  const { user, token } = (await signUpOrganisation()).auth;
  const sessionIds: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const answer = await sendMessage(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: `Conversation number ${index}`,
    });
    sessionIds.push(answer.parsed.metadata!.session_id);
  }
  return { user, token, sessionIds };
}

describe('conversation sessions', () => {
  it('lists the newest first, renames, deletes one and then all', async () => {
    const { user, token, sessionIds } = await userWithSessions(3);
    const listPath = `/conversation/session/list/${user.org_id}/${user.id}`;
    expect((await api(listPath, { token })).body.sessions.map((session: { id: string }) => session.id)).toEqual(
      [...sessionIds].reverse(),
    );

    const renamed = await api(`/conversation/session/${sessionIds[0]}/title`, {
      token,
      method: 'PUT',
      body: { title: '  Renamed  ' },
    });
    expect(renamed.status).toBe(200);
    expect((await api(`/conversation/session/${sessionIds[0]}`, { token })).body.title).toBe('Renamed');
    const untitled = await api(`/conversation/session/${sessionIds[0]}/title`, {
      token,
      method: 'PUT',
      body: { title: '' },
    });
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
    const edited = await api(`/conversation/message/${userMessage.id}`, {
      token,
      method: 'PUT',
      body: { content: 'Edited words' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ success: true, message: { id: userMessage.id, content: 'Edited words' } });
    expect(edited.body.message.edited_at).toBeTruthy();
    expect(
      (await api(`/conversation/message/${userMessage.id}`, { token, method: 'PUT', body: { content: ' ' } })).status,
    ).toBe(400);

    expect((await api(`/conversation/message/${reply.id}`, { token, method: 'DELETE' })).status).toBe(200);
    const after = await api(`/conversation/session/${sessionIds[0]}`, { token });
    expect(after.body.messages.map((message: { content: string }) => message.content)).toEqual(['Edited words']);
    expect((await api(`/conversation/message/${reply.id}`, { token, method: 'DELETE' })).status).toBe(404);
  });

  it('treats a temporary session id from the web app as a new session', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const answer = await sendMessage(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: 'Fresh start',
      session_id: 'temp-123',
    });
    expect(answer.status).toBe(200);
    expect(answer.parsed.metadata!.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /conversation/session/:id/export', () => {
  /** A plain fetch, as a new browser tab makes it: no bearer token. */
  const open = async (url: string) => {
    const response = await fetch(`${inject('baseUrl')}${url}`);
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const exportLinksOfTheServer = async () =>
    createExportLinks((await readFile(path.join(inject('dataDir'), 'secret-key'), 'utf8')).trim());

  it('answers short-lived signed URLs of Markdown and JSON downloads that work without a bearer token', async () => {
    const { token, sessionIds } = await userWithSessions(1);
    const answer = await api(`/conversation/session/${sessionIds[0]}/export`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.url).toBe(answer.body.markdown_url);
    expect(answer.body.url).toMatch(/^\/api\/conversation\/session\/[0-9a-f-]{36}\/export\/download\?/);
    const expiresIn = Date.parse(answer.body.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000 + 1_000);

    const markdown = await open(answer.body.markdown_url);
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-type')).toContain('text/markdown');
    expect(markdown.headers.get('content-disposition')).toBe('attachment; filename="Conversation-number-0.md"');
    expect(markdown.text).toContain('# Conversation number 0...');
    expect(markdown.text).toContain('### You');
    expect(markdown.text).toContain('Fake reply to: Conversation number 0');

    const json = JSON.parse((await open(answer.body.json_url)).text);
    expect(json.messages).toHaveLength(2);
    expect(json.id).toBe(sessionIds[0]);
  });

  it('refuses a tampered, re-pointed or expired link (403), and a link to a deleted session (404)', async () => {
    const { user, token, sessionIds } = await userWithSessions(2);
    const answer = await api(`/conversation/session/${sessionIds[0]}/export`, { token });
    const url: string = answer.body.json_url;
    const withParam = (name: string, value: string) => {
      const parsed = new URL(url, 'http://x');
      parsed.searchParams.set(name, value);
      return `${parsed.pathname}${parsed.search}`;
    };
    const signature = new URL(url, 'http://x').searchParams.get('signature')!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const stranger = (await signUpOrganisation()).auth;
    for (const tampered of [
      withParam('signature', flipped),
      withParam('expires', String(Number(new URL(url, 'http://x').searchParams.get('expires')) + 3600)),
      withParam('format', 'markdown'),
      withParam('user', stranger.user.id),
      withParam('org', stranger.user.org_id),
      url.replace(sessionIds[0]!, sessionIds[1]!),
      url.replace(/&signature=[^&]+/, ''),
    ]) {
      const refused = await open(tampered);
      expect(refused.status, tampered).toBe(403);
      expect(refused.text).not.toContain('Conversation number');
    }

    const links = await exportLinksOfTheServer();
    const grant = { orgId: user.org_id, userId: user.id, sessionId: sessionIds[0]!, format: 'json' as const };
    const expired = await open(links.url(grant, Math.floor(Date.now() / 1000) - 1));
    expect(expired.status).toBe(403);
    expect(JSON.parse(expired.text).message).toBe(
      'This download link is invalid or has expired. Export the conversation again.',
    );
    // The same key and grant with a live expiry works: only the expiry made the difference.
    expect((await open(links.url(grant))).status).toBe(200);

    expect((await api(`/conversation/session/${sessionIds[0]}`, { token, method: 'DELETE' })).status).toBe(200);
    expect((await open(url)).status).toBe(404);
  });

  it('mints links only for the caller own sessions', async () => {
    const { token, sessionIds } = await userWithSessions(1);
    const stranger = (await signUpOrganisation()).auth;
    expect((await api(`/conversation/session/${sessionIds[0]}/export`, { token: stranger.token })).status).toBe(404);
    expect((await api(`/conversation/session/${sessionIds[0]}/export`)).status).toBe(401);
    expect((await api('/conversation/session/not-a-uuid/export', { token })).status).toBe(400);
  });
});
