import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { streamChat, sendMessage } from './support/chat';
import { activeMember } from './support/invite';
import { scriptProvider } from './support/fake-provider';

async function conversation() {
  const admin = await signUpOrganisation();
  const { user, token } = admin.auth;
  const first = await sendMessage(token, { org_id: user.org_id, user_id: user.id, prompt: 'What is a haiku?' });
  return { admin, user, token, metadata: first.parsed.metadata! };
}

describe('POST /conversation/regenerate', () => {
  it('streams a new reply from another model that replaces the old one under the same id', async () => {
    const { user, token, metadata } = await conversation();
    const script = await scriptProvider({ text: 'A short Japanese poem.', chunkDelayMs: 10 });
    // The marker goes into the prompt through an edit, so the scripted provider answers the regeneration.
    await api(`/conversation/message/${metadata.usr_msg_id}`, {
      token,
      method: 'PUT',
      body: { content: `What is a haiku? ${script.marker}` },
    });
    const answer = await streamChat('/conversation/regenerate', token, {
      message_id: metadata.assistant_msg_id,
      session_id: metadata.session_id,
      forced_model_id: 'anthropic/claude-3-5-haiku-latest',
      stream: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.chunks.length).toBeGreaterThan(1);
    expect(answer.parsed.text).toBe('A short Japanese poem.');
    expect(answer.parsed.metadata).toMatchObject({
      assistant_msg_id: metadata.assistant_msg_id,
      usr_msg_id: metadata.usr_msg_id,
      primary_model: 'anthropic/claude-3-5-haiku-latest',
      user_id: user.id,
    });
    const [request] = await script.requests();
    expect(request!.path).toBe('/v1/messages');

    const saved = await api(`/conversation/session/${metadata.session_id}`, { token });
    expect(saved.body.messages).toHaveLength(2);
    expect(saved.body.messages[1]).toMatchObject({
      id: metadata.assistant_msg_id,
      content: 'A short Japanese poem.',
      model: 'anthropic/claude-3-5-haiku-latest',
      status: 'complete',
    });
    expect(saved.body.messages[1].usage.output_tokens).toBeGreaterThan(0);
  });

  it('has a non-streaming variant and answers a user message with no reply yet', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const script = await scriptProvider({ failBeforeStream: { status: 500 } }, { text: 'Second try worked.' });
    // A model chosen by the user has no backup, so its failure is the answer.
    const failed = await sendMessage(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: `Try me ${script.marker}`,
      forced_model_id: 'openai/gpt-4o',
    });
    expect(failed.status).toBe(502);
    const list = await api(`/conversation/session/list/${user.org_id}/${user.id}`, { token });
    const sessionId = list.body.sessions[0].id;
    const [userMessage] = (await api(`/conversation/session/${sessionId}`, { token })).body.messages;

    const answer = await api('/conversation/regenerate', {
      token,
      body: { message_id: userMessage.id, session_id: sessionId, forced_model_id: 'openai/gpt-4o-mini', stream: false },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: 'Second try worked.',
      usr_msg_id: userMessage.id,
      primary_model: 'openai/gpt-4o-mini',
    });
    const saved = await api(`/conversation/session/${sessionId}`, { token });
    expect(saved.body.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant']);
  });

  it('asks again with Auto (forced_model_id null): the router chooses, and its decision says so', async () => {
    const { token, metadata } = await conversation();
    const script = await scriptProvider({ text: 'Routed again.' });
    await api(`/conversation/message/${metadata.usr_msg_id}`, {
      token,
      method: 'PUT',
      body: { content: `What is a haiku? ${script.marker}` },
    });
    const answer = await api('/conversation/regenerate', {
      token,
      body: {
        message_id: metadata.assistant_msg_id,
        session_id: metadata.session_id,
        forced_model_id: null,
        stream: false,
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: 'Routed again.', assistant_msg_id: metadata.assistant_msg_id });
    expect(answer.body.route.mode).toBe('auto');
    expect(answer.body.route.reason).not.toBe('forced');
    expect(await script.requests()).toHaveLength(1);
  });

  it('needs message, session and model, checks model access, and stays within the caller own sessions', async () => {
    const { admin, metadata } = await conversation();
    const base = { message_id: metadata.assistant_msg_id, session_id: metadata.session_id, stream: false };
    const missing = await api('/conversation/regenerate', { token: admin.auth.token, body: { ...base } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Model is required');

    const member = await activeMember(admin.auth.token, admin.auth.user.org_id);
    const other = await api('/conversation/regenerate', {
      token: member.token,
      body: { ...base, forced_model_id: 'openai/gpt-4o-mini' },
    });
    expect(other.status).toBe(404);
    const stranger = (await signUpOrganisation()).auth;
    expect(
      (
        await api('/conversation/regenerate', {
          token: stranger.token,
          body: { ...base, forced_model_id: 'openai/gpt-4o-mini' },
        })
      ).status,
    ).toBe(404);

    const ownSession = await sendMessage(member.token, {
      org_id: member.orgId,
      user_id: member.userId,
      prompt: 'Mine',
    });
    const refused = await api('/conversation/regenerate', {
      token: member.token,
      body: {
        message_id: ownSession.parsed.metadata!.assistant_msg_id,
        session_id: ownSession.parsed.metadata!.session_id,
        forced_model_id: 'openai/gpt-4o',
        stream: false,
      },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Model access denied. You do not have access to this model.');
  });
});

describe('POST /conversation/start', () => {
  it('starts a session with its first reply, as JSON', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const script = await scriptProvider({ text: 'Started.' });
    const answer = await api('/conversation/start', {
      token,
      body: { org_id: user.org_id, user_id: user.id, prompt: `Begin ${script.marker}` },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ message: 'Started.', user_id: user.id });
    const saved = await api(`/conversation/session/${answer.body.session_id}`, { token });
    expect(saved.body.messages).toHaveLength(2);
    expect(
      (await api('/conversation/start', { token, body: { org_id: user.org_id, user_id: user.id } })).body.message,
    ).toBe('Prompt is required');
  });
});
