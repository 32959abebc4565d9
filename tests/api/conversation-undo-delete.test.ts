import { describe, expect, inject, it } from 'vitest';
import { api, signUpOrganisation, uniqueName } from './support/client';
import { sendMessage } from './support/chat';
import { activeMember } from './support/invite';

const sessionNotFound = 'Chat session not found';
const messageNotFound = 'Message not found';

/** A user with one conversation of two exchanges; the prompts hold a word nothing else does. */
async function userWithConversation(token?: string, owner?: { org_id: string; id: string }) {
  const signedUp = token && owner ? { token, user: owner } : (await signUpOrganisation()).auth;
  const word = uniqueName('undo').replace(/-/g, '');
  const first = await sendMessage(signedUp.token, {
    org_id: signedUp.user.org_id,
    user_id: signedUp.user.id,
    prompt: `First about ${word}`,
  });
  const sessionId = first.parsed.metadata!.session_id;
  const second = await sendMessage(signedUp.token, {
    org_id: signedUp.user.org_id,
    user_id: signedUp.user.id,
    prompt: `Second about ${word}`,
    session_id: sessionId,
  });
  expect(second.status).toBe(200);
  return {
    ...signedUp,
    word,
    sessionId,
    replyId: second.parsed.metadata!.assistant_msg_id,
    userMessageId: second.parsed.metadata!.usr_msg_id,
    selectionId: second.parsed.metadata!.selection_id,
  };
}

const remove = (token: string, sessionId: string) =>
  api(`/conversation/session/${sessionId}`, { token, method: 'DELETE' });
const restore = (token: string, sessionId: string) =>
  api(`/conversation/session/${sessionId}/restore`, { token, method: 'POST' });
const listIds = async (token: string, user: { org_id: string; id: string }) =>
  (await api(`/conversation/session/list/${user.org_id}/${user.id}`, { token })).body.sessions.map(
    (session: { id: string }) => session.id,
  );

describe('deleting a conversation, then undoing it', () => {
  it('restores the session with its messages, in its place in the list; restoring again is harmless', async () => {
    const { token, user, sessionId } = await userWithConversation();
    const newer = (await sendMessage(token, { org_id: user.org_id, user_id: user.id, prompt: 'A newer conversation' }))
      .parsed.metadata!.session_id;
    const before = await api(`/conversation/session/${sessionId}`, { token });
    expect(before.body.messages).toHaveLength(4);

    expect(await remove(token, sessionId)).toMatchObject({ status: 200, body: { success: true } });
    expect(await listIds(token, user)).toEqual([newer]);
    const restored = await restore(token, sessionId);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual(before.body);
    expect((await api(`/conversation/session/${sessionId}`, { token })).body).toEqual(before.body);
    expect(await listIds(token, user)).toEqual([newer, sessionId]);

    expect(await restore(token, sessionId)).toMatchObject({ status: 200, body: { id: sessionId } });
    expect((await api(`/conversation/session/${sessionId}`, { token })).body).toEqual(before.body);
  });

  it('hides a deleted session from every call that meets it, until it is restored', async () => {
    const { token, user, word, sessionId, replyId, userMessageId, selectionId } = await userWithConversation();
    const rate = () =>
      api('/feedback', {
        token,
        body: { selection_id: selectionId, org_id: user.org_id, user_id: user.id, feedback: 'positive' },
      });
    const exportLinks = (await api(`/conversation/session/${sessionId}/export`, { token })).body;
    const download = () => fetch(`${inject('baseUrl')}${exportLinks.json_url}`).then((response) => response.status);
    const searchHits = async () => (await api(`/conversation/search?q=${word}`, { token })).body.results.length;
    expect(await searchHits()).toBeGreaterThan(0);
    expect(await download()).toBe(200);

    expect((await remove(token, sessionId)).status).toBe(200);
    const gone = { status: 404, body: { message: sessionNotFound } };
    expect(await listIds(token, user)).toEqual([]);
    expect(await api(`/conversation/session/${sessionId}`, { token })).toMatchObject(gone);
    expect(await searchHits()).toBe(0);
    expect(await api(`/conversation/session/${sessionId}/export`, { token })).toMatchObject(gone);
    expect(await download()).toBe(404);
    expect(
      await api('/conversation/message', {
        token,
        body: {
          org_id: user.org_id,
          user_id: user.id,
          prompt: 'Into the deleted one',
          session_id: sessionId,
          stream: false,
        },
      }),
    ).toMatchObject(gone);
    expect(
      await api('/conversation/regenerate', {
        token,
        body: { message_id: replyId, session_id: sessionId, forced_model_id: 'openai/gpt-4o-mini', stream: false },
      }),
    ).toMatchObject(gone);
    // An edit that asks again goes through regenerate with the new content.
    expect(
      await api('/conversation/regenerate', {
        token,
        body: {
          message_id: userMessageId,
          session_id: sessionId,
          forced_model_id: 'openai/gpt-4o-mini',
          content: 'Edited',
          stream: false,
        },
      }),
    ).toMatchObject(gone);
    expect(
      await api(`/conversation/session/${sessionId}/title`, { token, method: 'PUT', body: { title: 'Renamed' } }),
    ).toMatchObject(gone);
    expect(
      await api(`/conversation/message/${userMessageId}`, { token, method: 'PUT', body: { content: 'Edited' } }),
    ).toMatchObject({ status: 404, body: { message: messageNotFound } });
    expect(await api(`/conversation/message/${replyId}`, { token, method: 'DELETE' })).toMatchObject({
      status: 404,
      body: { message: messageNotFound },
    });
    expect(await rate()).toMatchObject({ status: 404, body: { message: messageNotFound } });
    // Deleting it again finds nothing to delete.
    expect(await remove(token, sessionId)).toMatchObject(gone);

    expect((await restore(token, sessionId)).status).toBe(200);
    expect(await listIds(token, user)).toEqual([sessionId]);
    expect(await searchHits()).toBeGreaterThan(0);
    expect(await download()).toBe(200);
    const messages = (await api(`/conversation/session/${sessionId}`, { token })).body.messages.map(
      (message: { content: string }) => message.content,
    );
    expect(messages.filter((content: string) => content.includes(word) && content.startsWith('Second'))).toHaveLength(
      1,
    );
    expect(
      (await api(`/conversation/session/${sessionId}/title`, { token, method: 'PUT', body: { title: 'Renamed' } }))
        .status,
    ).toBe(200);
    expect((await rate()).status).toBe(201);
  });

  it('lets nobody else restore it: another organisation and another user of the same one get 404', async () => {
    const owner = await userWithConversation();
    const stranger = (await signUpOrganisation()).auth;
    const colleague = await activeMember(owner.token, owner.user.org_id);
    expect((await remove(owner.token, owner.sessionId)).status).toBe(200);

    for (const token of [stranger.token, colleague.token]) {
      expect(await restore(token, owner.sessionId)).toMatchObject({ status: 404, body: { message: sessionNotFound } });
    }
    expect(await listIds(owner.token, owner.user)).toEqual([]);
    expect((await restore(owner.token, owner.sessionId)).status).toBe(200);
  });

  it('answers 404 for an unknown id, a malformed one as GET does, and without a sign-in 401', async () => {
    const { token } = (await signUpOrganisation()).auth;
    expect(await restore(token, '00000000-0000-4000-8000-000000000000')).toMatchObject({
      status: 404,
      body: { message: sessionNotFound },
    });
    expect((await restore(token, 'not-a-session')).status).toBe(
      (await api('/conversation/session/not-a-session', { token })).status,
    );
    expect(
      (await api('/conversation/session/00000000-0000-4000-8000-000000000000/restore', { method: 'POST' })).status,
    ).toBe(401);
  });

  it('clears all conversations for good, counting only those still shown, and then nothing can be restored', async () => {
    const { token, user, sessionId } = await userWithConversation();
    const kept = (await sendMessage(token, { org_id: user.org_id, user_id: user.id, prompt: 'Another one' })).parsed
      .metadata!.session_id;
    expect((await remove(token, sessionId)).status).toBe(200);
    expect(
      (await api(`/conversation/session/all/${user.org_id}/${user.id}`, { token, method: 'DELETE' })).body,
    ).toEqual({ success: true, deletedCount: 1 });
    expect(await restore(token, sessionId)).toMatchObject({ status: 404, body: { message: sessionNotFound } });
    expect(await restore(token, kept)).toMatchObject({ status: 404, body: { message: sessionNotFound } });
  });
});
