import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { startServer, type RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';
import { ownServerConfig } from './support/own-server';

/**
 * enable_logging governs whether an organisation's prompt and reply text may appear in the server
 * log, at debug level only (docs/decisions/021). Its own server, to read its log.
 */
describe('enable_logging', () => {
  let provider: FakeProviderServer;
  let server: RunningServer;
  let dataDir: string;
  let logger: Logger;
  const lines: { level: number; text: string }[] = [];

  beforeAll(async () => {
    provider = await startFakeProviderServer();
    provider.setDefaultReply({ text: 'The reply text itself' });
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-content-log-'));
    const sink = new Writable({
      write: (chunk, _encoding, done) => {
        for (const line of String(chunk).split('\n').filter(Boolean))
          lines.push({ level: JSON.parse(line).level, text: line });
        done();
      },
    });
    logger = pino({ level: 'debug' }, sink);
    server = await startServer(
      ownServerConfig(dataDir, { OPENAI_API_KEY: 'sk-test-dummy', OPENAI_BASE_URL: `${provider.url}/v1` }),
      {
        webRoot: null,
        pgliteDataDir: 'memory://',
        logger,
      },
    );
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function call(
    pathname: string,
    token: string | undefined,
    body?: unknown,
    method = body === undefined ? 'GET' : 'POST',
  ) {
    const response = await fetch(`${server.url}/api${pathname}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  async function organisation(enableLogging: boolean) {
    const username = uniqueName('logs');
    const signup = await call('/auth/signup', undefined, {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_name: `Org ${username}`,
    });
    const { token, user } = signup.body;
    expect((await call(`/org/${user.org_id}/settings`, token, { enable_logging: enableLogging }, 'PUT')).status).toBe(
      200,
    );
    return {
      send: async () => {
        const prompt = `Private words ${randomBytes(6).toString('hex')}`;
        const answer = await call('/conversation/message', token, {
          org_id: user.org_id,
          user_id: user.id,
          prompt,
          forced_model_id: 'openai/gpt-4o-mini',
          stream: false,
        });
        expect(answer.status).toBe(200);
        return prompt;
      },
    };
  }
  const linesWith = (text: string) => lines.filter((line) => line.text.includes(text));

  it('on: the prompt and reply text appear at debug level, never above it', async () => {
    const logging = await organisation(true);
    logger.level = 'debug';
    const prompt = await logging.send();
    const content = linesWith(prompt);
    expect(content).toHaveLength(1);
    expect(content[0]!.level).toBe(20);
    expect(JSON.parse(content[0]!.text)).toMatchObject({
      msg: 'chat content',
      prompt,
      reply: 'The reply text itself',
      model: 'openai/gpt-4o-mini',
    });
  });

  it('on, with the server at info: nothing of what people wrote', async () => {
    const logging = await organisation(true);
    logger.level = 'info';
    const prompt = await logging.send();
    logger.level = 'debug';
    expect(linesWith(prompt)).toEqual([]);
  });

  it('off: not even at debug level', async () => {
    const quiet = await organisation(false);
    logger.level = 'debug';
    const prompt = await quiet.send();
    expect(linesWith(prompt)).toEqual([]);
    expect(lines.some((line) => line.text.includes('"msg":"request"'))).toBe(true);
  });
});
