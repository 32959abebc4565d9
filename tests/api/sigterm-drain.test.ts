import { mkdtemp, rm } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { openDatabase } from '../../src/server/db/database';
import { usageRecords } from '../../src/server/db/schema';
import { strongPassword, uniqueName } from './support/client';
import { startServerProcess, type ServerProcess } from './support/server-process';

/**
 * A rolling restart as an operator's orchestrator does it: SIGTERM to `npm start`'s process while
 * a reply streams. The stream runs to its end, new requests are refused meanwhile (a 503 that
 * sends them elsewhere, the probes saying why), its usage is on the books, and the process exits 0.
 */
describe('SIGTERM while a reply streams', () => {
  let provider: FakeProviderServer;
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    provider = await startFakeProviderServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-drain-'));
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the open stream, refuses new requests, records the usage and exits 0', {
    timeout: 480_000,
  }, async () => {
    server = await startServerProcess({
      DATA_DIR: dataDir,
      OPENAI_API_KEY: 'sk-test-dummy',
      OPENAI_BASE_URL: `${provider.url}/v1`,
      SHUTDOWN_GRACE_SECONDS: '60',
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    });
    const base = server.url;
    const post = (pathname: string, body: unknown, token?: string) =>
      fetch(`${base}/api${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const username = uniqueName('drain');
    const signup = await post('/auth/signup', {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_name: 'Draining Ltd',
    });
    expect(signup.status).toBe(201);
    const { user, token } = (await signup.json()) as { token: string; user: { id: string; org_id: string } };

    // Twenty words, 150 ms apart: three seconds of streaming.
    const words = Array.from({ length: 20 }, (_, index) => `word${index}`);
    provider.enqueueReply({ text: words.join(' '), chunkDelayMs: 150, usage: { inputTokens: 9, outputTokens: 20 } });
    const response = await post(
      '/conversation/message',
      { org_id: user.org_id, user_id: user.id, prompt: 'Count slowly', forced_model_id: 'openai/gpt-4o-mini' },
      token,
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let body = decoder.decode((await reader.read()).value, { stream: true });
    const streamEnded = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return body;
        body += decoder.decode(value, { stream: true });
      }
    })();

    server.child.kill('SIGTERM');
    // Until the drain has begun, a request may still be answered as usual.
    let refused: Answer | undefined;
    for (let tries = 0; tries < 100 && !refused; tries += 1) {
      const probe = await getOnNewConnection(`${base}/api/user/profile`, { authorization: `Bearer ${token}` });
      if (probe.status === 503) refused = probe;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refused?.status).toBe(503);
    expect(refused?.headers.connection).toBe('close');
    expect(refused?.headers['retry-after']).toBe('1');
    expect((JSON.parse(refused!.body) as { message: string }).message).toBe(
      'This server is restarting. Please try again in a moment.',
    );
    const health = await getOnNewConnection(`${base}/api/healthz`);
    expect(JSON.parse(health.body)).toEqual({ status: 'draining' });
    expect((await getOnNewConnection(`${base}/api/readyz`)).status).toBe(503);
    // All of this happened while the reply was still streaming.
    expect(body).not.toContain('[META]');

    const finished = await streamEnded;
    expect(finished).toContain(words.join(' '));
    expect(finished).toContain('[META]');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('server stopped');
    await expect(fetch(`${base}/api/healthz`)).rejects.toThrow();

    const database = await openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL,
      pgliteDataDir: path.join(dataDir, 'pglite'),
    });
    try {
      const recorded = await database.db
        .select({ outcome: usageRecords.outcome, outputTokens: usageRecords.outputTokens })
        .from(usageRecords)
        .where(eq(usageRecords.orgId, user.org_id));
      expect(recorded).toEqual([{ outcome: 'complete', outputTokens: 20 }]);
    } finally {
      await database.close();
    }
  });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A GET on a connection of its own (no pooled kept-alive one the server may be closing). */
function getOnNewConnection(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      response.on('error', reject);
    }).on('error', reject);
  });
}
