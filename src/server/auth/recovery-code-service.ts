import { messages } from '../../contracts';
import { makeAdministrativeChange } from '../audit/administrative-change';
import type { Executor } from '../db/database';
import { AppError, validationFailed } from '../http/app-error';
import type { Caller } from '../http/context';
import { findUser, updateUser } from '../users/user-repository';
import type { LoginOutcome } from './login-throttle';
import type { AuthDependencies, ClientInfo } from './auth-dependencies';
import { countRecoveryCodes, replaceRecoveryCodes } from './recovery-code-repository';
import { generateRecoveryCodes } from './recovery-codes';
import { verifyTotpCode } from './two-factor';

type Person = { orgId: string; userId: string };

/** A new set of codes for the person, in place of the old: the codes to show once; only their hashes are kept. */
export async function issueRecoveryCodes(
  dependencies: Pick<AuthDependencies, 'recoveryCodes'>,
  executor: Executor,
  person: Person,
): Promise<string[]> {
  const codes = generateRecoveryCodes();
  await replaceRecoveryCodes(
    executor,
    person,
    codes.map((code) => dependencies.recoveryCodes.hash(code)!),
  );
  return codes;
}

/** How many of the caller's codes are left (GET /auth/2fa/recovery-codes). */
export async function recoveryCodeStatus(dependencies: Pick<AuthDependencies, 'db'>, caller: Caller) {
  const { remaining, total, createdAt } = await countRecoveryCodes(dependencies.db, caller);
  return { remaining, total, created_at: createdAt?.toISOString() ?? null };
}

/**
 * A new set of recovery codes for a current authenticator code; the earlier codes stop working.
 * Wrong codes count against the login throttle of the person and the address, as at sign-in.
 */
export async function regenerateRecoveryCodes(
  dependencies: AuthDependencies,
  caller: Caller,
  input: { token: string },
  client: ClientInfo,
): Promise<{ recovery_codes: string[] }> {
  const { loginThrottle } = dependencies;
  const attempt = await loginThrottle.admit(caller.username, client.address);
  if ('retryAfterSeconds' in attempt)
    throw new AppError('too_many_requests', messages.tooManyTwoFactorAttempts, {
      retryAfterSeconds: attempt.retryAfterSeconds,
    });
  // A right code proves no sign-in: the attempt is withdrawn, counting neither way.
  let outcome: LoginOutcome = 'withdrawn';
  try {
    const user = await findUser(dependencies.db, caller.orgId, caller.userId);
    if (!user?.totpEnabled || !user.totpSecretEncrypted) throw validationFailed(messages.twoFactorNotEnabled);
    const step = await verifyTotpCode(
      dependencies.totpSecrets.open(user.totpSecretEncrypted),
      input.token,
      user.totpLastStep,
    );
    if (step === undefined) {
      outcome = 'failed';
      throw validationFailed(messages.invalidTwoFactorCode, { token: messages.invalidTwoFactorCode });
    }
    const codes = await makeAdministrativeChange(dependencies.db, caller, async ({ transaction, record }) => {
      await updateUser(transaction, caller.orgId, caller.userId, { totpLastStep: step });
      const before = await countRecoveryCodes(transaction, caller);
      const fresh = await issueRecoveryCodes(dependencies, transaction, caller);
      await record({
        action: 'two_factor.recovery_codes_regenerate',
        targetType: 'user',
        targetId: caller.userId,
        before: { username: caller.username, recovery_codes_remaining: before.remaining },
        after: { username: caller.username, recovery_codes_remaining: fresh.length },
      });
      return fresh;
    });
    return { recovery_codes: codes };
  } finally {
    await loginThrottle.settle(attempt, outcome);
  }
}
