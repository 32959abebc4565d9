import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, startPostgres } from '../../scripts/postgres-harness';
import { startServer, type RunningServer } from '../../src/server/server';
import { ownServerConfig } from './support/own-server';

const journalFile = path.resolve(import.meta.dirname, '../../src/server/db/migrations/meta/_journal.json');

/**
 * Several instances started at once on one fresh PostgreSQL database (as an operator's rolling
 * deploy or a scaled service does): one runs the migrations under an advisory lock while the others
 * wait, then all serve. Always on a real PostgreSQL server: the suite's, or one of its own.
 */
describe('instances starting together on one PostgreSQL database', () => {
  let ownPostgres: PostgresServer | undefined;
  let databaseUrl: string;
  let dataDir: string;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    let serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
      ownPostgres = await startPostgres();
      serverUrl = ownPostgres?.url;
    }
    if (!serverUrl) throw new Error('This test needs a PostgreSQL server, and none could be started');
    const databaseName = `tokenwise_lock_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-migration-lock-'));
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await ownPostgres?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs each migration once while the others wait, and all three become ready', { timeout: 240_000 }, async () => {
    const started = await Promise.allSettled(
      [1, 2, 3].map((instance) =>
        startServer(ownServerConfig(path.join(dataDir, `instance-${instance}`), { DATABASE_URL: databaseUrl }), {
          webRoot: null,
        }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual([
      'started',
      'started',
      'started',
    ]);
    for (const server of servers) {
      const ready = await fetch(`${server.url}/api/readyz`);
      expect(ready.status).toBe(200);
    }
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const applied = await client.query<{ hash: string; times: string }>(
        'select hash, count(*) as times from drizzle.__drizzle_migrations group by hash',
      );
      expect(applied.rows).toHaveLength(journal.entries.length);
      expect(applied.rows.filter((row) => Number(row.times) !== 1)).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
