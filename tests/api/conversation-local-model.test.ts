import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStreamBody } from '../../src/contracts';
import { loadConfig } from '../../src/server/config/config';
import { startServer, type RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';
import { eventually } from './support/chat';

// The one test that runs the real embedded TinyLlama, through a server of its own with no
// provider keys at all: what a fresh install does. CPU-bound, so the reply is cut short.
describe('a fresh install chats with the embedded local model', () => {
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-local-'));
    // No waiting room: while one reply generates, the next request is turned away at once.
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      LOG_LEVEL: 'silent',
      LOCAL_MODEL_MAX_WAITING: '0',
    });
    server = await startServer(config, { pgliteDataDir: 'memory://', webRoot: null });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (pathname: string, token?: string, body?: unknown) =>
    fetch(`${server.url}/api${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('streams a non-empty reply and records its usage', { timeout: 240_000 }, async () => {
    const username = uniqueName('local');
    const signup = await call('/auth/signup', undefined, {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_name: 'Local',
    });
    const { token, user } = await signup.json();
    const models = await (await call('/conversation/models', token)).json();
    expect(models.models.map((model: { model_id: string }) => model.model_id)).toEqual(['local/tinyllama-1.1b-chat']);

    // Nothing is loaded before the first reply; while it waits, the model's loading can be followed.
    expect(await (await call('/conversation/local-model', token)).json()).toEqual({
      state: 'not_loaded',
      progress: null,
    });
    const seenStates = new Set<string>();
    let following = true;
    const follow = (async () => {
      while (following) {
        const status = await (await call('/conversation/local-model', token)).json();
        seenStates.add(status.state);
        if (status.state === 'loading') expect(status.progress).toBeGreaterThanOrEqual(0);
        await new Promise((settle) => setTimeout(settle, 20));
      }
    })();

    const controller = new AbortController();
    const response = await call('/conversation/message', token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: 'Say hello in one word.',
      stream: true,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let body = '';
    // A complete reply, or the first dozen pieces of a long one (the rest is stopped and recorded).
    for (let pieces = 0; ; pieces += 1) {
      const { done, value } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
      if (pieces >= 12 && !body.includes('[META]')) {
        controller.abort();
        await reader.cancel();
        break;
      }
    }
    const parsed = parseStreamBody(body);
    expect(parsed.text.trim()).not.toBe('');
    following = false;
    await follow;
    expect(seenStates.has('preparing') || seenStates.has('loading')).toBe(true);
    expect(await (await call('/conversation/local-model', token)).json()).toEqual({ state: 'ready', progress: null });

    const list = await (await call(`/conversation/session/list/${user.org_id}/${user.id}`, token)).json();
    const session = await eventually(
      async () => (await call(`/conversation/session/${list.sessions[0].id}`, token)).json(),
      // Saved as it streams ('streaming'), then recorded as stopped.
      (found) => found.messages.length === 2 && found.messages[1].status !== 'streaming',
      30_000,
    );
    const reply = session.messages[1];
    expect(reply.content.trim()).not.toBe('');
    expect(reply.model).toBe('local/tinyllama-1.1b-chat');
    // With no provider configured, Auto itself chose the embedded model (docs/decisions/025).
    expect(reply.route).toMatchObject({ mode: 'auto' });
    expect(reply.usage).toMatchObject({ estimated: false, cost_usd: 0 });
    expect(reply.usage.input_tokens).toBeGreaterThan(5);
    expect(reply.usage.output_tokens).toBeGreaterThan(0);
  });

  it('turns a request away with 503 and Retry-After while the model is busy, keeping the user message', {
    timeout: 240_000,
  }, async () => {
    const username = uniqueName('busy');
    const signup = await call('/auth/signup', undefined, {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_name: 'Busy',
    });
    const { token, user } = await signup.json();

    const busy = await call('/conversation/message', token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: 'Write a long story about a lighthouse keeper.',
      stream: true,
    });
    expect(busy.status).toBe(200);
    const reader = busy.body!.getReader();
    await reader.read(); // the first piece: the model is now generating

    const refused = await call('/conversation/message', token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: 'Are you free now?',
      stream: true,
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect((await refused.json()).message).toBe('The model is busy. Please try again shortly.');
    await reader.cancel();

    // The refused prompt was saved before the model was asked, so it is not lost.
    const list = await (await call(`/conversation/session/list/${user.org_id}/${user.id}`, token)).json();
    const prompts = await Promise.all(
      list.sessions.map(
        async (session: { id: string }) =>
          (await (await call(`/conversation/session/${session.id}`, token)).json()).messages[0].content,
      ),
    );
    expect(prompts).toContain('Are you free now?');
  });
});
