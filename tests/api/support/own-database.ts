import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database no other test server shares: its URL (undefined on PGlite, where every server has its own) and a way to drop it. */
export interface OwnDatabase {
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * On PostgreSQL every test server shares the suite's database (TEST_DATABASE_URL), which is right
 * for data scoped to an organisation. A test that changes what the whole installation shares (a
 * plan's entitlements, say) makes a database of its own in the same PostgreSQL server instead, so
 * the change cannot reach another test file running at the same time.
 */
export async function createOwnDatabase(): Promise<OwnDatabase> {
  const sharedUrl = process.env.TEST_DATABASE_URL;
  if (!sharedUrl) return { url: undefined, drop: async () => {} };
  const name = `tokenwise_own_${randomBytes(6).toString('hex')}`;
  await onServer(sharedUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(sharedUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(sharedUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function onServer(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
