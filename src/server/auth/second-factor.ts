import { messages } from '../../contracts';
import { insertAuditEntry } from '../audit/audit-repository';
import type { Executor } from '../db/database';
import { AppError } from '../http/app-error';
import type { UserRecord } from '../users/user-repository';
import type { AuthDependencies } from './auth-dependencies';
import { consumeRecoveryCode, countRecoveryCodes } from './recovery-code-repository';
import { verifyTotpCode } from './two-factor';

/** What a sign-in with two-factor authentication on proved besides the password. */
export type SecondFactor =
  | { kind: 'none' }
  | { kind: 'authenticator'; acceptedStep: number }
  | { kind: 'recovery_code'; codeHash: string };

/** A refused second factor: counted against the login throttle like a wrong password. */
export class SecondFactorRefused extends AppError {
  constructor(message: string) {
    super('unauthorized', message);
  }
}

/**
 * Checks the authenticator code, or a recovery code in its place, of a person with two-factor
 * authentication on. A recovery code is only looked at here; it is spent in the sign-in's
 * transaction (`spendRecoveryCode`), so a sign-in that fails keeps it.
 */
export async function checkSecondFactor(
  dependencies: Pick<AuthDependencies, 'totpSecrets' | 'recoveryCodes'>,
  user: UserRecord,
  input: { totp_code?: string; recovery_code?: string },
): Promise<SecondFactor> {
  if (!user.totpEnabled || !user.totpSecretEncrypted) return { kind: 'none' };
  if (input.totp_code) {
    const secret = dependencies.totpSecrets.open(user.totpSecretEncrypted);
    const acceptedStep = await verifyTotpCode(secret, input.totp_code, user.totpLastStep);
    if (acceptedStep === undefined) throw new SecondFactorRefused(messages.invalidTwoFactorCode);
    return { kind: 'authenticator', acceptedStep };
  }
  if (input.recovery_code) {
    const codeHash = dependencies.recoveryCodes.hash(input.recovery_code);
    if (codeHash === undefined) throw new SecondFactorRefused(messages.invalidRecoveryCode);
    return { kind: 'recovery_code', codeHash };
  }
  throw new AppError('two_factor_required', messages.twoFactorRequired);
}

/**
 * Spends the recovery code a sign-in proved itself with, once (two sign-ins with one code: one
 * wins), records it in the audit log, and answers how many codes are left.
 */
export async function spendRecoveryCode(executor: Executor, user: UserRecord, codeHash: string): Promise<number> {
  const person = { orgId: user.orgId, userId: user.id };
  if (!(await consumeRecoveryCode(executor, person, codeHash)))
    throw new SecondFactorRefused(messages.invalidRecoveryCode);
  const { remaining } = await countRecoveryCodes(executor, person);
  await insertAuditEntry(executor, {
    orgId: user.orgId,
    actorUserId: user.id,
    actorUsername: user.username,
    action: 'two_factor.recovery_code_use',
    targetType: 'user',
    targetId: user.id,
    before: null,
    after: { username: user.username, recovery_codes_remaining: remaining },
  });
  return remaining;
}
