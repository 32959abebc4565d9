import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts';
import { api, signUpOnBusiness } from './support/client';
import { sendMessage, type StreamedAnswer } from './support/chat';
import { scriptProvider } from './support/fake-provider';

/**
 * Every model call has deadlines (issue 20): time to the response headers, to the first token and
 * the longest silence between tokens, from the organisation's routing policy. A provider that
 * never answers, or answers its headers and then trickles nothing, used to hold the request and
 * its holds for the HTTP client's 300 s, or for ever; now the call is stopped when a deadline
 * passes and the reply says so. The client gives up after `clientPatienceMs`, so a server without
 * deadlines fails these tests instead of hanging them.
 */
const policyPath = (orgId: string) => `/org/${orgId}/routing-policy`;
/** Short deadlines for the stalling cases; generous beside the fake provider's instant answers, even on a loaded runner. */
const deadlineMs = 2_000;
/** How long a test waits for an answer before calling the server stuck. */
const clientPatienceMs = 20_000;

async function organisationWithDeadlines(deadlines: Record<string, number>) {
  const { user, token } = (await signUpOnBusiness()).auth;
  const changed = await api(policyPath(user.org_id), { method: 'PUT', token, body: { deadlines } });
  expect(changed.status).toBe(200);
  return { user, token };
}

/** Sends a message, failing (not hanging) when the server has not answered in `clientPatienceMs`. */
async function sendWithPatience(
  token: string,
  body: Record<string, unknown>,
): Promise<StreamedAnswer & { elapsedMs: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${clientPatienceMs} ms: the call has no deadline`)),
      clientPatienceMs,
    );
  });
  try {
    const answer = await Promise.race([sendMessage(token, body), stuck]);
    return { ...answer, elapsedMs: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

const sessionMessages = async (token: string, sessionId: string) =>
  (await api(`/conversation/session/${sessionId}`, { token })).body.messages as {
    role: string;
    content: string;
    status: string;
  }[];

describe('deadlines of a model call', () => {
  it('gives up a model that never answers after the headers deadline: 504, the message kept, the call stopped', async () => {
    const { user, token } = await organisationWithDeadlines({ headers_ms: deadlineMs });
    const script = await scriptProvider({ headersDelayMs: 600_000 });
    const answer = await sendWithPatience(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: `Never answered ${script.marker}`,
      forced_model_id: 'openai/gpt-4o-mini',
    });
    expect(answer.status).toBe(504);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'upstream_timeout',
      message: messages.upstreamTimedOut,
      deadline: { kind: 'headers', ms: deadlineMs },
    });
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(deadlineMs - 50);
    const sessionId = answer.headers.get('x-session-id')!;
    expect((await sessionMessages(token, sessionId)).map((message) => message.role)).toEqual(['user']);
    const [call] = await script.requests();
    expect(call!.ending).toBe('closed-by-client');
  });

  it('gives up a model that sends its headers and then nothing after the first-token deadline', async () => {
    const { user, token } = await organisationWithDeadlines({ first_token_ms: deadlineMs });
    const script = await scriptProvider({ text: 'never sent', stallAfterChunks: 0 });
    const answer = await sendWithPatience(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: `Headers then nothing ${script.marker}`,
      forced_model_id: 'openai/gpt-4o-mini',
    });
    expect(answer.status).toBe(504);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'upstream_timeout',
      message: messages.upstreamTimedOut,
      deadline: { kind: 'first_token', ms: deadlineMs },
    });
    const [call] = await script.requests();
    expect(call!.ending).toBe('closed-by-client');
  });

  it('ends a reply whose model falls silent midway: the text so far kept as partial, and an [ERROR] saying why', async () => {
    const { user, token } = await organisationWithDeadlines({ between_tokens_ms: deadlineMs });
    const script = await scriptProvider({ text: 'one two three four', stallAfterChunks: 2 });
    const answer = await sendWithPatience(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: `Falls silent ${script.marker}`,
      forced_model_id: 'openai/gpt-4o-mini',
    });
    expect(answer.status).toBe(200);
    expect(answer.parsed.text).toBe('one two');
    expect(answer.parsed.error).toEqual({
      code: 'upstream_timeout',
      message: messages.upstreamStalled,
      deadline: { kind: 'between_tokens', ms: deadlineMs },
    });
    const [, reply] = await sessionMessages(token, answer.headers.get('x-session-id')!);
    expect(reply).toMatchObject({ role: 'assistant', content: 'one two', status: 'partial' });
    const [call] = await script.requests();
    expect(call!.ending).toBe('closed-by-client');
  });

  it('asks the backup when Auto’s primary passes its first-token deadline before answering', async () => {
    const { user, token } = await organisationWithDeadlines({ first_token_ms: deadlineMs });
    const script = await scriptProvider({ stallAfterChunks: 0 }, { text: 'The backup answered' });
    const answer = await sendWithPatience(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: `Primary stalls ${script.marker}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.parsed.text).toBe('The backup answered');
    expect(answer.parsed.metadata!.route).toMatchObject({ reason: 'fallback' });
    const calls = await script.requests();
    expect(calls.map((call) => call.ending)).toEqual(['closed-by-client', 'completed']);
  });

  it('leaves an answering model alone: a slow but steady reply outlasts the silence deadline', async () => {
    const { user, token } = await organisationWithDeadlines({ between_tokens_ms: deadlineMs });
    // Six words 500 ms apart: three seconds in all, no silence near the deadline.
    const script = await scriptProvider({ text: 'a steady reply of six words', chunkDelayMs: 500 });
    const answer = await sendWithPatience(token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: `Steady ${script.marker}`,
      forced_model_id: 'openai/gpt-4o-mini',
    });
    expect(answer.status).toBe(200);
    expect(answer.parsed.text).toBe('a steady reply of six words');
    expect(answer.parsed.metadata).toBeDefined();
  });
});

describe('deadlines in the routing policy', () => {
  it('are the product defaults until an administrator sets them, and refuse values out of range', async () => {
    const { user, token } = (await signUpOnBusiness()).auth;
    const initial = await api(policyPath(user.org_id), { token });
    expect(initial.body.policy.deadlines).toEqual({ headers_ms: null, first_token_ms: null, between_tokens_ms: null });
    expect(initial.body.effective.deadlines).toEqual({
      headers_ms: 30_000,
      first_token_ms: 120_000,
      between_tokens_ms: 30_000,
    });

    const changed = await api(policyPath(user.org_id), {
      method: 'PUT',
      token,
      body: { deadlines: { between_tokens_ms: 5_000 } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.policy.deadlines).toEqual({ headers_ms: null, first_token_ms: null, between_tokens_ms: 5_000 });
    expect(changed.body.effective.deadlines.between_tokens_ms).toBe(5_000);

    const tooShort = await api(policyPath(user.org_id), {
      method: 'PUT',
      token,
      body: { deadlines: { headers_ms: 10 } },
    });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.message).toBe('Time to response headers must be between 1 and 600 seconds');
    expect((await api(policyPath(user.org_id), { token })).body.policy.deadlines.between_tokens_ms).toBe(5_000);
  });
});
