import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, users } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { randomAddress, strongPassword, uniqueName } from './support/client';
import { ownServerConfig } from './support/own-server';
import { countEmailsTo } from './support/outbox';

const tooManySignups = 'Too many sign-ups from this address. Please try again later';

/**
 * A server of the test's own, with the default sign-up limit (10 an hour per client address), so
 * its database can be searched for what refused sign-ups must not have made.
 */
describe('sign-up throttle per client address', () => {
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-signup-throttle-'));
    // Cheap hashes: the throttle is the subject, not argon2.
    const config = ownServerConfig(dataDir, { TRUST_PROXY: 'true', ARGON2_MEMORY_KIB: '8192', ARGON2_TIME_COST: '1' });
    server = await startServer(config, { pgliteDataDir: 'memory://', webRoot: null });
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const newAccount = () => {
    const username = uniqueName('throttle');
    return { username, email: `${username}@example.test`, password: strongPassword, org_name: `Org ${username}` };
  };
  const signUp = async (address: string, account: ReturnType<typeof newAccount>) => {
    const response = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(account),
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
  };

  async function expectNothingMadeFor(accounts: ReturnType<typeof newAccount>[]) {
    const { db } = server.database;
    const userRows = await db
      .select()
      .from(users)
      .where(
        inArray(
          users.username,
          accounts.map((account) => account.username),
        ),
      );
    expect(userRows).toHaveLength(0);
    const orgRows = await db
      .select()
      .from(organisations)
      .where(
        inArray(
          organisations.name,
          accounts.map((account) => account.org_name),
        ),
      );
    expect(orgRows).toHaveLength(0);
    for (const account of accounts) expect(await countEmailsTo(account.email, dataDir)).toBe(0);
  }

  it('answers 429 with Retry-After past 10 sign-ups an hour, counting refused duplicates, and makes nothing', async () => {
    const address = randomAddress();
    const first = newAccount();
    expect((await signUp(address, first)).status).toBe(201);
    // Failed attempts count too, so sign-up cannot be used to try usernames at speed.
    for (let attempt = 0; attempt < 9; attempt += 1) {
      const duplicate = await signUp(address, { ...newAccount(), username: first.username });
      expect(duplicate.status).toBe(400);
      expect(duplicate.body.detail).toBe('Username already exists');
    }

    const refused = Array.from({ length: 6 }, newAccount);
    for (const account of refused) {
      const answer = await signUp(address, account);
      expect(answer.status).toBe(429);
      expect(answer.body.message).toBe(tooManySignups);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(3600);
    }
    await expectNothingMadeFor(refused);

    // Another address is not affected, and the refused names are still free.
    expect((await signUp(randomAddress(), refused[0]!)).status).toBe(201);
    expect((await signUp(randomAddress(), newAccount())).status).toBe(201);
  });

  it('lets exactly 10 of 16 simultaneous sign-ups from one address through', async () => {
    const address = randomAddress();
    const accounts = Array.from({ length: 16 }, newAccount);
    const answers = await Promise.all(accounts.map((account) => signUp(address, account)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    const refused = accounts.filter((_, index) => answers[index]!.status === 429);
    expect(refused).toHaveLength(6);
    expect(answers.filter((answer) => answer.status === 429).every((answer) => Number(answer.retryAfter) > 0)).toBe(
      true,
    );
    await expectNothingMadeFor(refused);
  });
});
