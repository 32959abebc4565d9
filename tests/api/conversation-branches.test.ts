import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { sendMessage } from './support/chat';
import { activeMember } from './support/invite';
import { scriptProvider } from './support/fake-provider';

const model = 'openai/gpt-4o-mini';

interface MessageView {
  id: string;
  role: string;
  content: string;
  version?: number;
  version_count?: number;
}

async function messagesOf(token: string, sessionId: string): Promise<MessageView[]> {
  const session = await api(`/conversation/session/${sessionId}`, { token });
  expect(session.status).toBe(200);
  return session.body.messages as MessageView[];
}

async function send(token: string, user: { org_id: string; id: string }, prompt: string, sessionId?: string) {
  const sent = await sendMessage(token, {
    org_id: user.org_id,
    user_id: user.id,
    session_id: sessionId,
    prompt,
    forced_model_id: model,
  });
  expect(sent.status).toBe(200);
  return sent.parsed.metadata!;
}

/** A conversation of two turns, whose first prompt is then edited and asked again. */
async function editedConversation() {
  const admin = await signUpOrganisation();
  const { user, token } = admin.auth;
  const first = await scriptProvider({ text: 'Blue.' });
  const original = `Name a colour ${first.marker}`;
  const metadata = await send(token, user, original);
  const second = await scriptProvider({ text: 'Navy.' });
  const followUp = `A darker one ${second.marker}`;
  await send(token, user, followUp, metadata.session_id);
  const edit = await scriptProvider({ text: 'Yellow.' });
  const rewritten = `Name a warm colour ${edit.marker}`;
  const answer = await api('/conversation/regenerate', {
    token,
    body: {
      message_id: metadata.usr_msg_id,
      session_id: metadata.session_id,
      forced_model_id: model,
      content: rewritten,
      stream: false,
    },
  });
  expect(answer.status).toBe(200);
  expect(answer.body.message).toBe('Yellow.');
  return { admin, user, token, metadata, original, followUp, rewritten, edit };
}

describe('an edit branches the conversation', () => {
  it('the later turns stay with the earlier version: not shown under the new answer, and not sent to the model', async () => {
    const { token, metadata, rewritten, edit } = await editedConversation();
    const [request] = await edit.requests();
    expect(request!.body.messages!.filter((turn) => turn.role !== 'system')).toEqual([
      { role: 'user', content: rewritten },
    ]);
    const shown = await messagesOf(token, metadata.session_id);
    expect(shown.map((message) => message.content)).toEqual([rewritten, 'Yellow.']);
    expect(shown[0]).toMatchObject({ id: metadata.usr_msg_id, version: 2, version_count: 2 });
    expect(shown[1]!.version).toBeUndefined();
  });

  it('switching back shows the earlier version with its later turns; switching again shows the new branch', async () => {
    const { token, metadata, original, followUp, rewritten } = await editedConversation();
    const earlier = await api(`/conversation/message/${metadata.usr_msg_id}/version`, {
      token,
      method: 'PUT',
      body: { version: 1 },
    });
    expect(earlier.status).toBe(200);
    const earlierMessages = earlier.body.messages as MessageView[];
    expect(earlierMessages.map((message) => message.content)).toEqual([original, 'Blue.', followUp, 'Navy.']);
    expect(earlierMessages[0]).toMatchObject({ version: 1, version_count: 2 });
    expect(await messagesOf(token, metadata.session_id)).toEqual(earlierMessages);

    const later = await api(`/conversation/message/${earlierMessages[0]!.id}/version`, {
      token,
      method: 'PUT',
      body: { version: 2 },
    });
    expect(later.status).toBe(200);
    expect((later.body.messages as MessageView[]).map((message) => message.content)).toEqual([rewritten, 'Yellow.']);
  });

  it('a new message continues the branch shown, and the model is sent that branch only', async () => {
    const { token, user, metadata, original, followUp, rewritten } = await editedConversation();
    const onNew = await scriptProvider({ text: 'Orange.' });
    const onNewPrompt = `A brighter one ${onNew.marker}`;
    await send(token, user, onNewPrompt, metadata.session_id);
    const [newRequest] = await onNew.requests();
    expect(newRequest!.body.messages!.filter((turn) => turn.role !== 'system')).toEqual([
      { role: 'user', content: rewritten },
      { role: 'assistant', content: 'Yellow.' },
      { role: 'user', content: onNewPrompt },
    ]);
    expect((await messagesOf(token, metadata.session_id)).map((message) => message.content)).toEqual([
      rewritten,
      'Yellow.',
      onNewPrompt,
      'Orange.',
    ]);

    const switched = await api(`/conversation/message/${metadata.usr_msg_id}/version`, {
      token,
      method: 'PUT',
      body: { version: 1 },
    });
    expect(switched.status).toBe(200);
    const onOld = await scriptProvider({ text: 'Black.' });
    const onOldPrompt = `Darker still ${onOld.marker}`;
    await send(token, user, onOldPrompt, metadata.session_id);
    const [oldRequest] = await onOld.requests();
    expect(oldRequest!.body.messages!.filter((turn) => turn.role !== 'system')).toEqual([
      { role: 'user', content: original },
      { role: 'assistant', content: 'Blue.' },
      { role: 'user', content: followUp },
      { role: 'assistant', content: 'Navy.' },
      { role: 'user', content: onOldPrompt },
    ]);
    expect((await messagesOf(token, metadata.session_id)).map((message) => message.content)).toEqual([
      original,
      'Blue.',
      followUp,
      'Navy.',
      onOldPrompt,
      'Black.',
    ]);
  });

  it('another organisation or another member gets 404; a version the message does not have is a 400', async () => {
    const { admin, token, metadata } = await editedConversation();
    const path = `/conversation/message/${metadata.usr_msg_id}/version`;
    const stranger = (await signUpOrganisation()).auth;
    expect((await api(path, { token: stranger.token, method: 'PUT', body: { version: 1 } })).status).toBe(404);
    const member = await activeMember(admin.auth.token, admin.auth.user.org_id);
    expect((await api(path, { token: member.token, method: 'PUT', body: { version: 1 } })).status).toBe(404);
    // Nothing changed for the owner.
    expect((await messagesOf(token, metadata.session_id))[0]).toMatchObject({ version: 2, version_count: 2 });

    const missing = await api(path, { token, method: 'PUT', body: { version: 3 } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('This message has no such version');
    expect((await api(path, { token, method: 'PUT', body: { version: 0 } })).status).toBe(400);
  });
});
