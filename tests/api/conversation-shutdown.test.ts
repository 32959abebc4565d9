import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { startServer, type RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';
import { ownServerConfig } from './support/own-server';

describe('shutdown during a streamed reply', () => {
  let provider: FakeProviderServer;
  let dataDir: string;
  const servers: RunningServer[] = [];

  const start = async () => {
    const config = ownServerConfig(dataDir, {
      OPENAI_API_KEY: 'sk-test-dummy',
      OPENAI_BASE_URL: `${provider.url}/v1`,
      SHUTDOWN_TIMEOUT_MS: '300',
    });
    const server = await startServer(config, { webRoot: null });
    servers.push(server);
    return server;
  };
  const call = (server: RunningServer, pathname: string, token?: string, body?: unknown) =>
    fetch(`${server.url}/api${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    provider = await startFakeProviderServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-chat-shutdown-'));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await provider.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('aborts the upstream call and records the partial reply before the database closes', {
    timeout: 240_000,
  }, async () => {
    const first = await start();
    const username = uniqueName('shutdown');
    const signup = await call(first, '/auth/signup', undefined, {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_name: 'Shutdown',
    });
    const { user, token } = await signup.json();
    provider.enqueueReply({ text: Array.from({ length: 50 }, (_, index) => `w${index}`).join(' '), chunkDelayMs: 100 });
    const response = await call(first, '/conversation/message', token, {
      org_id: user.org_id,
      user_id: user.id,
      prompt: 'Long one',
      stream: true,
    });
    const reader = response.body!.getReader();
    await reader.read();
    await first.close();
    expect(await provider.requests[0]!.ended).toBe('closed-by-client');

    const second = await start();
    const login = await (await call(second, '/auth/login', undefined, { username, password: strongPassword })).json();
    const list = await (await call(second, `/conversation/session/list/${user.org_id}/${user.id}`, login.token)).json();
    const session = await (await call(second, `/conversation/session/${list.sessions[0].id}`, login.token)).json();
    expect(session.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant']);
    expect(session.messages[1]).toMatchObject({ status: 'partial' });
    expect(session.messages[1].content.startsWith('w0')).toBe(true);
    expect(session.messages[1].usage.output_tokens).toBeGreaterThan(0);
  });
});
