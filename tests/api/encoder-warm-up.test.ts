import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warmUpId } from '../../src/server/conversations/warm-chat-path';
import { startServer, type RunningServer } from '../../src/server/server';
import { ownServerConfig } from './support/own-server';

/**
 * Issue 13: the embedded encoder loads at start and the chat path's reads run once, and readiness
 * waits for both, so a balancer sends no message before and the first message is not the one
 * loading the encoder or compiling the chat path (docs/benchmarks/first-message.md).
 */
describe('warming up at start', () => {
  let server: RunningServer;
  let dataDir: string;
  const logged: Record<string, unknown>[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-warm-'));
    const sink = new Writable({
      write: (chunk, _encoding, done) => {
        for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
        done();
      },
    });
    server = await startServer(
      ownServerConfig(dataDir, {
        ENCODER_WARM_AT_START: 'true',
        CHAT_PATH_WARM_AT_START: 'true',
        OPENAI_API_KEY: 'sk-test-dummy',
      }),
      {
        webRoot: null,
        pgliteDataDir: 'memory://',
        logger: pino({ level: 'info' }, sink),
      },
    );
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is done before readiness answers 200; until then readiness says why it is not ready', {
    timeout: 120_000,
  }, async () => {
    const answers: { status: number; body: unknown }[] = [];
    const deadline = Date.now() + 90_000;
    for (;;) {
      const response = await fetch(`${server.url}/api/readyz`);
      answers.push({ status: response.status, body: await response.json() });
      if (response.status === 200 || Date.now() > deadline) break;
      await new Promise((settle) => setTimeout(settle, 50));
    }
    // Starting the encoder's thread alone takes far longer than the first request after listening.
    expect(answers[0]).toMatchObject({
      status: 503,
      body: { code: 'unavailable', message: 'Starting: the sentence encoder is loading' },
    });
    expect(answers.at(-1)).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(answers.slice(0, -1).every((answer) => answer.status === 503)).toBe(true);
    expect(logged.findIndex((line) => line.msg === 'sentence encoder ready')).toBeLessThan(
      logged.findIndex((line) => line.msg === 'chat path warmed'),
    );
  });

  it('runs every step of the chat path without an error, and writes nothing', async () => {
    const warmed = logged.find((line) => line.msg === 'chat path warmed');
    expect(warmed).toMatchObject({ failed: [] });
    // Rows of the made-up organisation only: on PostgreSQL the suite's other servers share the database.
    const counts = (await server.database.db.execute(
      sql`select (select count(*)::int from organisations where id = ${warmUpId}) as organisations, (select count(*)::int from chat_sessions where org_id = ${warmUpId}) as sessions, (select count(*)::int from routing_decisions where org_id = ${warmUpId}) as decisions, (select count(*)::int from cache_entries where org_id = ${warmUpId}) as cache_entries, (select count(*)::int from routing_policies where org_id = ${warmUpId}) as policies, (select count(*)::int from usage_records where org_id = ${warmUpId}) as usage`,
    )) as unknown as { rows: Record<string, number>[] };
    expect(counts.rows[0]).toEqual({
      organisations: 0,
      sessions: 0,
      decisions: 0,
      cache_entries: 0,
      policies: 0,
      usage: 0,
    });
  });
});
