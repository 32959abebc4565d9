import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { startServer, type RunningServer } from '../../src/server/server';
import { ownServerConfig } from './support/own-server';

/**
 * Issue 21 item 17: a warm-up that fails at start is tried again with back-off, each failure logged
 * once with its cause, and readiness turns 200 once a try succeeds, without a restart. Readiness
 * logs its state when it changes, not a stack per probe. The warm-up here is the cache's encoder,
 * an OpenAI-compatible embeddings endpoint that answers 503 twice before it answers.
 */
describe('a warm-up that fails at start', () => {
  let server: RunningServer;
  let embeddings: FakeProviderServer;
  let dataDir: string;
  const logged: {
    msg?: string;
    attempt?: number;
    retry_in_ms?: number;
    reason?: string;
    err?: { status?: number; message?: string };
  }[] = [];

  beforeAll(async () => {
    embeddings = await startFakeProviderServer();
    embeddings.enqueueReply({ failBeforeStream: { status: 503 } });
    embeddings.enqueueReply({ failBeforeStream: { status: 503 } });
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-warm-retry-'));
    const sink = new Writable({
      write: (chunk, _encoding, done) => {
        for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
        done();
      },
    });
    server = await startServer(
      ownServerConfig(dataDir, {
        ENCODER_WARM_AT_START: 'true',
        EMBEDDINGS_BASE_URL: `${embeddings.url}/v1`,
        EMBEDDINGS_MODEL: 'text-embedding-3-small',
        EMBEDDINGS_DIMENSIONS: '512',
      }),
      { webRoot: null, pgliteDataDir: 'memory://', logger: pino({ level: 'info' }, sink) },
    );
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await embeddings?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is tried again until it succeeds; readiness then answers 200, and logs once per change', {
    timeout: 120_000,
  }, async () => {
    const statuses: number[] = [];
    const deadline = Date.now() + 90_000;
    for (;;) {
      const response = await fetch(`${server.url}/api/readyz`);
      statuses.push(response.status);
      await response.body?.cancel();
      if (response.status === 200 || Date.now() > deadline) break;
      await new Promise((settle) => setTimeout(settle, 50));
    }
    expect(statuses[0]).toBe(503);
    expect(statuses.at(-1)).toBe(200);
    // Two failures waited 1 s and then 2 s: many probes answered 503 meanwhile.
    expect(statuses.length).toBeGreaterThan(20);
    const calls = embeddings.requests.filter((request) => request.path === '/v1/embeddings');
    expect(calls).toHaveLength(3);

    const failures = logged.filter((line) => line.msg === 'the sentence encoder did not load; trying again');
    expect(failures.map((line) => [line.attempt, line.retry_in_ms])).toEqual([
      [1, 1000],
      [2, 2000],
    ]);
    // Each with its cause: the endpoint's 503.
    expect(failures.map((line) => [line.err?.status, line.err?.message])).toEqual([
      [503, expect.stringContaining('overloaded')],
      [503, expect.stringContaining('overloaded')],
    ]);
    expect(logged.filter((line) => line.msg === 'sentence encoder ready')).toHaveLength(1);
    // No stack per probe: one line when readiness first answered 503, one when it turned 200.
    expect(logged.filter((line) => line.msg === 'request failed')).toEqual([]);
    const readiness = logged.filter((line) => line.msg === 'not ready' || line.msg === 'ready');
    expect(readiness.map((line) => [line.msg, line.reason])).toEqual([
      ['not ready', 'Starting: the sentence encoder is loading'],
      ['ready', undefined],
    ]);
    // Further probes log nothing more.
    for (let probe = 0; probe < 5; probe += 1) await (await fetch(`${server.url}/api/readyz`)).body?.cancel();
    expect(logged.filter((line) => line.msg === 'not ready' || line.msg === 'ready')).toHaveLength(2);
  });
});
