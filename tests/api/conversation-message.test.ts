import { describe, expect, inject, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { eventually, sendMessage } from './support/chat';
import { scriptProvider } from './support/fake-provider';

const session = (token: string, id: string) => api(`/conversation/session/${id}`, { token });

describe('POST /conversation/message (streamed)', () => {
  it('streams the reply in pieces, ends with [META], and saves the session with its title', async () => {
    const admin = await signUpOrganisation();
    const { user, token } = admin.auth;
    // Chunks 80 ms apart: a loaded machine can stall long enough to read two 20 ms-apart chunks at once.
    const script = await scriptProvider({ text: 'One two three four five six', chunkDelayMs: 80 });
    const prompt = `Tell me about streaming replies in detail please ${script.marker}`;
    const answer = await sendMessage(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt,
      forced_model_id: 'openai/gpt-4o-mini',
    });

    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-accel-buffering')).toBe('no');
    expect(answer.headers.get('x-session-id')).toBe(answer.parsed.metadata!.session_id);
    expect(answer.headers.get('x-user-message-id')).toBe(answer.parsed.metadata!.usr_msg_id);
    expect(answer.chunks.length).toBeGreaterThanOrEqual(2);
    expect(answer.parsed.text).toBe('One two three four five six');
    expect(answer.body.endsWith('\n')).toBe(true);
    const metadata = answer.parsed.metadata!;
    expect(metadata).toMatchObject({ primary_model: 'openai/gpt-4o-mini', backup_model: null, user_id: user.id });
    // The selection id names the routing decision: a model chosen by the user, recorded as such.
    expect(metadata.selection_id).not.toBe(metadata.assistant_msg_id);
    expect(metadata.route).toMatchObject({
      decision_id: metadata.selection_id,
      mode: 'forced',
      reason: 'forced',
      cached: false,
    });

    const saved = await session(token, metadata.session_id);
    expect(saved.status).toBe(200);
    expect(saved.body.title).toBe(`${prompt.slice(0, 30)}...`);
    expect(
      saved.body.messages.map((message: { id: string; role: string; status: string }) => [
        message.id,
        message.role,
        message.status,
      ]),
    ).toEqual([
      [metadata.usr_msg_id, 'user', 'complete'],
      [metadata.assistant_msg_id, 'assistant', 'complete'],
    ]);
    const reply = saved.body.messages[1];
    // The fake provider reports one input token per prompt word and one output token per chunk.
    expect(reply.usage).toMatchObject({ output_tokens: 6, estimated: false, cached_input_tokens: 0 });
    expect(reply.usage.input_tokens).toBeGreaterThan(0);
    expect(reply.usage.cost_usd).toBeGreaterThan(0);
    expect(reply.usage.time_to_first_token_ms).toBeLessThanOrEqual(reply.usage.latency_ms);
    expect(reply.tokens_used).toBe(metadata.tokens_used);
    expect(metadata.tokens_used).toBe(reply.usage.input_tokens + 6);

    const sessions = await api(`/conversation/session/list/${user.org_id}/${user.id}`, { token });
    expect(sessions.body.sessions.map((listed: { id: string }) => listed.id)).toEqual([metadata.session_id]);
  });

  it('sends the conversation history on the next message of a session', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const first = await sendMessage(token, { org_id: user.org_id, user_id: user.id, prompt: 'My name is Ada.' });
    const script = await scriptProvider({ text: 'Your name is Ada.' });
    const second = await sendMessage(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: `What is my name? ${script.marker}`,
      session_id: first.parsed.metadata!.session_id,
    });
    expect(second.parsed.metadata!.session_id).toBe(first.parsed.metadata!.session_id);
    const [request] = await script.requests();
    expect(request!.body.messages!.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(request!.body.messages![0])).toContain('My name is Ada.');
    const saved = await session(token, first.parsed.metadata!.session_id);
    expect(saved.body.messages).toHaveLength(4);
  });

  it('answers the whole reply as JSON when stream is false', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const script = await scriptProvider({ text: 'All at once.' });
    const answer = await api('/conversation/message', {
      token,
      body: { org_id: user.org_id, user_id: user.id, prompt: `Hi ${script.marker}`, stream: false },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: 'All at once.', user_id: user.id });
    expect(answer.body.assistant_msg_id).toBeTruthy();
  });

  it('refuses empty prompts and malformed bodies before saving anything', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const empty = await api('/conversation/message', {
      token,
      body: { org_id: user.org_id, user_id: user.id, prompt: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Prompt is required');
    const list = await api(`/conversation/session/list/${user.org_id}/${user.id}`, { token });
    expect(list.body.sessions).toEqual([]);
  });

  it('keeps the user message when the chosen model fails before the stream', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    for (const status of [500, 401]) {
      const script = await scriptProvider({ failBeforeStream: { status, message: 'secret upstream detail' } });
      const prompt = `Will fail ${status} ${script.marker}`;
      const answer = await sendMessage(token, {
        org_id: user.org_id,
        user_id: user.id,
        prompt,
        forced_model_id: 'openai/gpt-4o-mini',
      });
      expect(answer.status).toBe(502);
      expect(answer.headers.get('content-type')).toContain('application/json');
      // The saved message's ids come with the failure, so the web app can keep one session.
      expect(answer.headers.get('x-session-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers.get('x-user-message-id')).toMatch(/^[0-9a-f-]{36}$/);
      const body = JSON.parse(answer.body);
      expect(body.message).toBe('The model provider failed to answer. Please try again.');
      expect(answer.body).not.toContain('secret upstream detail');
    }
    const list = await api(`/conversation/session/list/${user.org_id}/${user.id}`, { token });
    expect(list.body.sessions).toHaveLength(2);
    const saved = await session(token, list.body.sessions[0].id);
    expect(saved.body.messages.map((message: { role: string }) => message.role)).toEqual(['user']);
    expect(saved.body.title).toMatch(/^Will fail/);
  });

  it('passes on a rate limit with its Retry-After', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const script = await scriptProvider({ failBeforeStream: { status: 429, retryAfterSeconds: 7 } });
    const answer = await sendMessage(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: `Busy ${script.marker}`,
      forced_model_id: 'openai/gpt-4o-mini',
    });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('7');
  });

  it('ends with the [ERROR] line when the provider fails mid-stream, keeping the partial reply', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const script = await scriptProvider({ text: 'Partial words then trouble arrives', errorEventAfterChunks: 2 });
    const answer = await sendMessage(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: `Break ${script.marker}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.parsed.metadata).toBeUndefined();
    expect(answer.parsed.error).toEqual({
      code: 'upstream_failed',
      message: 'The model provider failed to answer. Please try again.',
    });
    expect(answer.parsed.text).toBe('Partial words');
    const list = await api(`/conversation/session/list/${user.org_id}/${user.id}`, { token });
    const saved = await session(token, list.body.sessions[0].id);
    const reply = saved.body.messages[1];
    expect(reply).toMatchObject({ role: 'assistant', content: 'Partial words', status: 'partial' });
    expect(reply.usage.output_tokens).toBeGreaterThan(0);
  });

  it('aborts the upstream call when the client goes away and records the partial reply', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const words = Array.from({ length: 40 }, (_, index) => `w${index}`).join(' ');
    const script = await scriptProvider({ text: words, chunkDelayMs: 100 });
    const answer = await sendMessage(
      token,
      { org_id: user.org_id, user_id: user.id, prompt: `Long ${script.marker}` },
      { abortAfterChunks: 2 },
    );
    expect(answer.status).toBe(200);
    const requests = await eventually(script.requests, (found) => found[0]?.ending === 'closed-by-client');
    expect(requests[0]!.ending).toBe('closed-by-client');

    const list = await api(`/conversation/session/list/${user.org_id}/${user.id}`, { token });
    // The reply's row exists from its first text on (status 'streaming'); stopping it records it as partial.
    const saved = await eventually(
      () => session(token, list.body.sessions[0].id),
      (found) => found.body.messages[1]?.status === 'partial',
    );
    const reply = saved.body.messages[1];
    expect(reply.status).toBe('partial');
    expect(reply.content.startsWith('w0')).toBe(true);
    expect(reply.content.length).toBeLessThan(words.length);
    expect(reply.usage.output_tokens).toBeGreaterThan(0);
    expect(reply.usage.estimated).toBe(true);
  });
});

describe('usage without a provider report', () => {
  it('is estimated with the tokenizer and flagged as estimated', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const script = await scriptProvider({ text: 'No usage from me today', usage: 'none' });
    // Only the OpenAI wire format can leave usage out.
    const answer = await sendMessage(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: `Count yourself ${script.marker}`,
      forced_model_id: 'openai/gpt-4o-mini',
    });
    const saved = await api(`/conversation/session/${answer.parsed.metadata!.session_id}`, { token });
    const usage = saved.body.messages[1].usage;
    expect(usage.estimated).toBe(true);
    expect(usage.output_tokens).toBeGreaterThan(3);
    expect(usage.input_tokens).toBeGreaterThan(3);
    expect(answer.parsed.metadata!.tokens_used).toBe(usage.input_tokens + usage.output_tokens);
  });
});

describe('a client that leaves before the first byte', () => {
  it('stops the upstream call at once; the user message stays and the empty reply is recorded as failed', async () => {
    const { user, token } = (await signUpOrganisation()).auth;
    const script = await scriptProvider({ text: 'slow words arrive late', chunkDelayMs: 1_500 });
    const controller = new AbortController();
    const call = fetch(`${inject('baseUrl')}/api/conversation/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ org_id: user.org_id, user_id: user.id, prompt: `Wait ${script.marker}`, stream: true }),
      signal: controller.signal,
    }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    await call;

    const list = await eventually(
      () => api(`/conversation/session/list/${user.org_id}/${user.id}`, { token }),
      (found) => found.body.sessions.length === 1,
    );
    const saved = await eventually(
      () => api(`/conversation/session/${list.body.sessions[0].id}`, { token }),
      (found) => found.body.messages.length === 2,
    );
    expect(saved.body.messages[0]).toMatchObject({ role: 'user', content: `Wait ${script.marker}` });
    expect(saved.body.messages[1]).toMatchObject({ role: 'assistant', content: '', status: 'failed' });
    expect((await script.requests())[0]!.ending).toBe('closed-by-client');
  });
});
