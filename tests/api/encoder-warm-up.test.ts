import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/server';
import { ownServerConfig } from './support/own-server';

/**
 * Issue 13: the embedded encoder loads at start, and readiness waits for it, so a balancer sends
 * no message before it and the first message does not wait ~1.2 s for the encoder.
 */
describe('the sentence encoder at start', () => {
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-warm-'));
    server = await startServer(ownServerConfig(dataDir, { ENCODER_WARM_AT_START: 'true' }), { webRoot: null, pgliteDataDir: 'memory://' });
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is loaded before readiness answers 200; until then readiness says why it is not ready', { timeout: 120_000 }, async () => {
    const answers: { status: number; body: unknown }[] = [];
    const deadline = Date.now() + 90_000;
    for (;;) {
      const response = await fetch(`${server.url}/api/readyz`);
      answers.push({ status: response.status, body: await response.json() });
      if (response.status === 200 || Date.now() > deadline) break;
      await new Promise((settle) => setTimeout(settle, 50));
    }
    // Starting the encoder's thread alone takes far longer than the first request after listening.
    expect(answers[0]).toMatchObject({ status: 503, body: { code: 'unavailable', message: 'Starting: the sentence encoder is loading' } });
    expect(answers.at(-1)).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(answers.slice(0, -1).every((answer) => answer.status === 503)).toBe(true);
  });
});
