import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { sendMessage } from './support/chat';
import { activeMember } from './support/invite';
import { scriptProvider } from './support/fake-provider';

const model = 'openai/gpt-4o-mini';

/** A conversation of one prompt whose reply the scripted provider wrote. */
async function answered(prompt = 'Name a colour') {
  const admin = await signUpOrganisation();
  const { user, token } = admin.auth;
  const first = await scriptProvider({ text: 'Blue.' });
  const sent = await sendMessage(token, {
    org_id: user.org_id,
    user_id: user.id,
    prompt: `${prompt} ${first.marker}`,
    forced_model_id: model,
  });
  expect(sent.status).toBe(200);
  return { admin, user, token, metadata: sent.parsed.metadata!, prompt: `${prompt} ${first.marker}` };
}

async function messagesOf(token: string, sessionId: string) {
  const session = await api(`/conversation/session/${sessionId}`, { token });
  expect(session.status).toBe(200);
  return session.body.messages as {
    id: string;
    role: string;
    content: string;
    edited_at: string | null;
    status: string;
    versions?: Record<string, unknown>[];
  }[];
}

describe('earlier answers kept as versions', () => {
  it('a regeneration keeps the answer it replaces, oldest first, with its prompt, model, tokens and cost', async () => {
    const { token, metadata, prompt } = await answered();
    // The regenerations keep the prompt; their answers are scripted by a second marker in the history's last turn.
    const again = await scriptProvider({ text: 'Green.' }, { text: 'Red.' });
    await api(`/conversation/message/${metadata.usr_msg_id}`, {
      token,
      method: 'PUT',
      body: { content: `${prompt} ${again.marker}` },
    });
    const body = {
      message_id: metadata.assistant_msg_id,
      session_id: metadata.session_id,
      forced_model_id: 'openai/gpt-4o',
      stream: false,
    };
    expect((await api('/conversation/regenerate', { token, body })).body.message).toBe('Green.');
    expect((await api('/conversation/regenerate', { token, body })).body.message).toBe('Red.');

    const [question, reply] = await messagesOf(token, metadata.session_id);
    expect(question!.versions).toBeUndefined();
    expect(reply).toMatchObject({ id: metadata.assistant_msg_id, content: 'Red.', model: 'openai/gpt-4o' });
    expect(reply!.versions).toHaveLength(2);
    expect(reply!.versions![0]).toMatchObject({
      content: 'Blue.',
      model,
      status: 'complete',
      prompt: `${prompt} ${again.marker}`,
    });
    expect(reply!.versions![1]).toMatchObject({ content: 'Green.', model: 'openai/gpt-4o', status: 'complete' });
    for (const version of reply!.versions!) {
      expect(version.tokens_used).toBeGreaterThan(0);
      expect(version.cost_usd).toBeGreaterThan(0);
      expect(version.finish_reason).toBe('stop');
    }
    expect(Date.parse(reply!.versions![0]!.created_at as string)).toBeLessThanOrEqual(
      Date.parse(reply!.versions![1]!.created_at as string),
    );
  });

  it('an edit resubmits: the prompt is rewritten, the model is asked the new one, and the old answer stays as a version with the old prompt', async () => {
    const { token, metadata, prompt } = await answered();
    const edit = await scriptProvider({ text: 'Yellow, as asked.' });
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
    expect(answer.body).toMatchObject({
      message: 'Yellow, as asked.',
      usr_msg_id: metadata.usr_msg_id,
      assistant_msg_id: metadata.assistant_msg_id,
    });
    const [request] = await edit.requests();
    expect(request!.body.messages!.at(-1)).toMatchObject({ role: 'user', content: rewritten });

    const [question, reply] = await messagesOf(token, metadata.session_id);
    expect(question).toMatchObject({ content: rewritten });
    expect(question!.edited_at).not.toBeNull();
    expect(reply).toMatchObject({ content: 'Yellow, as asked.', status: 'complete' });
    expect(reply!.versions).toEqual([expect.objectContaining({ prompt, content: 'Blue.', model })]);
  });

  it('an edit whose model fails keeps the rewritten prompt and the old answer; asking again adds no empty version', async () => {
    const { token, metadata, prompt } = await answered();
    const edit = await scriptProvider({ failBeforeStream: { status: 500 } }, { text: 'Orange.' });
    const rewritten = `Name a fruit colour ${edit.marker}`;
    const body = {
      message_id: metadata.usr_msg_id,
      session_id: metadata.session_id,
      forced_model_id: model,
      stream: false,
    };
    const failed = await api('/conversation/regenerate', { token, body: { ...body, content: rewritten } });
    expect(failed.status).toBe(502);

    const [question, reply] = await messagesOf(token, metadata.session_id);
    expect(question!.content).toBe(rewritten);
    expect(reply).toMatchObject({ id: metadata.assistant_msg_id, content: '', status: 'failed' });
    expect(reply!.versions).toEqual([expect.objectContaining({ prompt, content: 'Blue.' })]);

    expect((await api('/conversation/regenerate', { token, body })).body.message).toBe('Orange.');
    const [, retried] = await messagesOf(token, metadata.session_id);
    expect(retried).toMatchObject({ content: 'Orange.', status: 'complete' });
    expect(retried!.versions!.map((version) => version.content)).toEqual(['Blue.']);
  });

  it('an edit needs content, stays within the caller own messages, and changes nothing when refused', async () => {
    const { admin, token, metadata, prompt } = await answered();
    const base = {
      message_id: metadata.usr_msg_id,
      session_id: metadata.session_id,
      forced_model_id: model,
      stream: false,
    };
    const empty = await api('/conversation/regenerate', { token, body: { ...base, content: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Content is required');

    const member = await activeMember(token, admin.auth.user.org_id);
    expect(
      (await api('/conversation/regenerate', { token: member.token, body: { ...base, content: 'Hijacked' } })).status,
    ).toBe(404);
    const stranger = (await signUpOrganisation()).auth;
    expect(
      (await api('/conversation/regenerate', { token: stranger.token, body: { ...base, content: 'Hijacked' } })).status,
    ).toBe(404);
    // The owner's own edit refused before the model is asked (a model that does not exist): nothing is written.
    const refused = await api('/conversation/regenerate', {
      token,
      body: { ...base, content: 'Rewritten', forced_model_id: 'nobody/no-such-model' },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);

    const [question, reply] = await messagesOf(token, metadata.session_id);
    expect(question!.content).toBe(prompt);
    expect(reply).toMatchObject({ content: 'Blue.', versions: [] });
    expect((await api(`/conversation/session/${metadata.session_id}`, { token: stranger.token })).status).toBe(404);
  });

  it('a deleted reply takes its versions with it', async () => {
    const { token, metadata, prompt } = await answered();
    const again = await scriptProvider({ text: 'Green.' });
    await api('/conversation/regenerate', {
      token,
      body: {
        message_id: metadata.usr_msg_id,
        session_id: metadata.session_id,
        forced_model_id: model,
        content: `${prompt} ${again.marker}`,
        stream: false,
      },
    });
    expect((await messagesOf(token, metadata.session_id))[1]!.versions).toHaveLength(1);
    expect(
      (await api(`/conversation/message/${metadata.assistant_msg_id}`, { token, method: 'DELETE' })).status,
    ).toBeLessThan(300);
    const again2 = await scriptProvider({ text: 'Purple.' });
    await api('/conversation/regenerate', {
      token,
      body: {
        message_id: metadata.usr_msg_id,
        session_id: metadata.session_id,
        forced_model_id: model,
        content: `${prompt} ${again2.marker}`,
        stream: false,
      },
    });
    const [, reply] = await messagesOf(token, metadata.session_id);
    expect(reply).toMatchObject({ content: 'Purple.', versions: [] });
  });
});
