import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../src/server/auth/access-tokens';
import { createRecentCallers } from '../../src/server/auth/recent-callers';
import { signup } from '../../src/server/auth/account-service';
import type { AuthDependencies } from '../../src/server/auth/auth-dependencies';
import { createLoginThrottle } from '../../src/server/auth/login-throttle';
import { createPasswordHasher } from '../../src/server/auth/passwords';
import { createSecretBox } from '../../src/server/auth/secret-box';
import { createRecoveryCodeHasher } from '../../src/server/auth/recovery-codes';
import { createSlidingWindow } from '../../src/server/auth/sliding-window';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { createBackgroundTasks } from '../../src/server/shared/background-tasks';
import { organisations, roles, users } from '../../src/server/db/schema';
import { strongPassword, uniqueName } from './support/client';

/**
 * Drives the signup service on the same kind of database as the suite, with a token signer that
 * fails after the organisation, roles and user were written, and checks that none of it stays.
 */
describe('signup is all or nothing', () => {
  let database: DatabaseHandle;
  const sentEmails: string[] = [];

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgliteDataDir: 'memory://' });
  });
  afterAll(async () => {
    await database?.close();
  });

  function dependencies(failSigning: boolean): AuthDependencies {
    const secret = 'x'.repeat(40);
    const accessTokens = createAccessTokens(secret, 900);
    return {
      db: database.db,
      passwords: createPasswordHasher({ memoryKib: 8192, timeCost: 1 }),
      accessTokens: failSigning
        ? { ...accessTokens, sign: () => Promise.reject(new Error('signer down')) }
        : accessTokens,
      recentCallers: createRecentCallers(),
      loginThrottle: createLoginThrottle({
        db: database.db,
        limits: {
          maxFailuresPerAddress: 5,
          maxFailuresPerUsernameAndAddress: 5,
          maxFailuresPerUsername: 5,
          knownAddressesOnlyAfter: 5,
          windowSeconds: 60,
        },
        logger: pino({ level: 'silent' }),
      }),
      signupThrottle: createSlidingWindow({ max: 10, windowSeconds: 60 }),
      passwordResetThrottle: {
        perClient: createSlidingWindow({ max: 5, windowSeconds: 60 }),
        perRecipient: createSlidingWindow({ max: 3, windowSeconds: 60 }),
      },
      mailer: { send: async (email) => void sentEmails.push(email.to) },
      backgroundTasks: createBackgroundTasks(pino({ level: 'silent' })),
      totpSecrets: createSecretBox(secret, 'totp'),
      refreshSuccessors: createSecretBox(secret, 'refresh-successors'),
      recoveryCodes: createRecoveryCodeHasher(secret),
      refreshTokenTtlDays: 30,
      refreshReuseGraceSeconds: 10,
      linkTo: (pagePath, token) => `http://test${pagePath}?token=${token}`,
      logger: pino({ level: 'silent' }),
    };
  }

  it('leaves no organisation, role or user behind when a late step fails', async () => {
    const username = uniqueName('atomic');
    const orgName = `Atomic ${username}`;
    const input = { username, email: `${username}@example.test`, password: strongPassword, org_name: orgName };
    await expect(signup(dependencies(true), input, { address: '127.0.0.1' })).rejects.toThrow('signer down');

    const orgRows = await database.db.select().from(organisations).where(eq(organisations.name, orgName));
    expect(orgRows).toHaveLength(0);
    expect(await database.db.select().from(users).where(eq(users.username, username))).toHaveLength(0);
    expect(sentEmails).not.toContain(input.email);

    // The same signup then succeeds in full: nothing half-written blocks it.
    const response = await signup(dependencies(false), input, { address: '127.0.0.1' });
    const created = await database.db.select().from(roles).where(eq(roles.orgId, response.user.org_id));
    expect(created.map((role) => role.name).sort()).toEqual([
      'Admin',
      'Billing Manager',
      'Member',
      'Model Manager',
      'User Manager',
    ]);
    expect(sentEmails).toContain(input.email);
  });
});
