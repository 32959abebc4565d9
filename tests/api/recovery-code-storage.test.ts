import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signup } from '../../src/server/auth/account-service';
import { createAccessTokens } from '../../src/server/auth/access-tokens';
import type { AuthDependencies } from '../../src/server/auth/auth-dependencies';
import { createLoginThrottle } from '../../src/server/auth/login-throttle';
import { createPasswordHasher } from '../../src/server/auth/passwords';
import { createRecentCallers } from '../../src/server/auth/recent-callers';
import { createRecoveryCodeHasher } from '../../src/server/auth/recovery-codes';
import { createSecretBox } from '../../src/server/auth/secret-box';
import { createSlidingWindow } from '../../src/server/auth/sliding-window';
import { enableTwoFactor, setUpTwoFactor } from '../../src/server/auth/two-factor-service';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { twoFactorRecoveryCodes } from '../../src/server/db/schema';
import { createBackgroundTasks } from '../../src/server/shared/background-tasks';
import { strongPassword, uniqueName } from './support/client';

/**
 * Issue 21 item 11: recovery codes are stored as keyed hashes, never as the codes. The services on
 * the suite's kind of database, read back row by row.
 */
describe('recovery codes at rest', () => {
  let database: DatabaseHandle;
  const secret = 'k'.repeat(40);

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgliteDataDir: 'memory://' });
  });
  afterAll(async () => {
    await database?.close();
  });

  const dependencies = (): AuthDependencies => ({
    db: database.db,
    passwords: createPasswordHasher({ memoryKib: 8192, timeCost: 1 }),
    accessTokens: createAccessTokens(secret, 900),
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
    mailer: { send: async () => undefined },
    backgroundTasks: createBackgroundTasks(pino({ level: 'silent' })),
    totpSecrets: createSecretBox(secret, 'totp'),
    refreshSuccessors: createSecretBox(secret, 'refresh-successors'),
    recoveryCodes: createRecoveryCodeHasher(secret),
    refreshTokenTtlDays: 30,
    refreshReuseGraceSeconds: 10,
    linkTo: (pagePath, token) => `http://test${pagePath}?token=${token}`,
    logger: pino({ level: 'silent' }),
  });

  it('keeps only a keyed hash of each code, one row per code, none used', async () => {
    const services = dependencies();
    const username = uniqueName('stored');
    const signedUp = await signup(
      services,
      { username, email: `${username}@example.test`, password: strongPassword, org_name: `Org ${username}` },
      { address: '127.0.0.1' },
    );
    const caller = {
      userId: signedUp.user.id,
      orgId: signedUp.user.org_id,
      sessionId: 'unused',
      username,
      email: signedUp.user.email,
      roleId: signedUp.user.role_id,
      roleName: 'Admin',
      roleScopes: ['admin' as const],
      roleUnlimited: true,
    };
    const { secret: totpSecret } = await setUpTwoFactor(services, caller);
    const code = await generate({ secret: totpSecret, epoch: Math.floor(Date.now() / 1000) });
    const { recovery_codes: codes } = await enableTwoFactor(services, caller, { secret: totpSecret, token: code });

    const rows = await database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, caller.userId));
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.usedAt === null && row.orgId === caller.orgId)).toBe(true);
    const stored = JSON.stringify(rows);
    for (const plain of codes) {
      expect(stored).not.toContain(plain);
      expect(stored).not.toContain(plain.replace(/-/g, ''));
    }
    expect(rows.map((row) => row.codeHash).sort()).toEqual(
      codes.map((plain) => createRecoveryCodeHasher(secret).hash(plain)).sort(),
    );
  });
});
