import { messages, organisationRuleMessages } from '../../contracts';
import { forbidden, validationFailed } from '../http/app-error';
import { getOrganisationSettings } from '../organisations/organisation-settings-service';
import type { Caller } from '../http/context';
import { findUser, updateUser } from '../users/user-repository';
import type { AuthDependencies } from './auth-dependencies';
import { deleteRecoveryCodes } from './recovery-code-repository';
import { issueRecoveryCodes } from './recovery-code-service';
import { buildOtpauthUrl, createTotpSecret, verifyTotpCode } from './two-factor';

const invalidCode = () => validationFailed(messages.invalidTwoFactorCode, { token: messages.invalidTwoFactorCode });

async function loadCaller(dependencies: AuthDependencies, caller: Caller) {
  const user = await findUser(dependencies.db, caller.orgId, caller.userId);
  if (!user) throw invalidCode();
  return user;
}

/** Starts set-up: a new secret is kept pending until a code from it proves the app has it. */
export async function setUpTwoFactor(dependencies: AuthDependencies, caller: Caller) {
  const secret = createTotpSecret();
  await updateUser(dependencies.db, caller.orgId, caller.userId, {
    totpPendingSecretEncrypted: dependencies.totpSecrets.seal(secret),
  });
  return { secret, otpauth_url: buildOtpauthUrl(secret, caller.email) };
}

export async function enableTwoFactor(
  dependencies: AuthDependencies,
  caller: Caller,
  input: { secret: string; token: string },
) {
  const user = await loadCaller(dependencies, caller);
  const pending = user.totpPendingSecretEncrypted
    ? dependencies.totpSecrets.open(user.totpPendingSecretEncrypted)
    : undefined;
  if (!pending || pending !== input.secret) {
    throw validationFailed('Start two-factor set-up again: this secret is not the one issued.', {
      secret: 'Unknown secret',
    });
  }
  const step = await verifyTotpCode(pending, input.token, null);
  if (step === undefined) throw invalidCode();
  // On, with a fresh set of recovery codes, in one step: never on without them.
  const recoveryCodes = await dependencies.db.transaction(async (transaction) => {
    await updateUser(transaction, caller.orgId, caller.userId, {
      totpSecretEncrypted: user.totpPendingSecretEncrypted,
      totpPendingSecretEncrypted: null,
      totpEnabled: true,
      totpLastStep: step,
    });
    return issueRecoveryCodes(dependencies, transaction, { orgId: caller.orgId, userId: caller.userId });
  });
  return { success: true, recovery_codes: recoveryCodes };
}

export async function disableTwoFactor(dependencies: AuthDependencies, caller: Caller, input: { token: string }) {
  const user = await loadCaller(dependencies, caller);
  if (!user.totpEnabled || !user.totpSecretEncrypted) throw validationFailed(messages.twoFactorNotEnabled);
  // Turned off, the next request would send them straight back to set it up.
  if ((await getOrganisationSettings(dependencies.db, caller.orgId)).security.require_2fa)
    throw forbidden(organisationRuleMessages.twoFactorStaysOn);
  const secret = dependencies.totpSecrets.open(user.totpSecretEncrypted);
  const step = await verifyTotpCode(secret, input.token, user.totpLastStep);
  if (step === undefined) throw invalidCode();
  await dependencies.db.transaction(async (transaction) => {
    await updateUser(transaction, caller.orgId, caller.userId, {
      totpSecretEncrypted: null,
      totpPendingSecretEncrypted: null,
      totpEnabled: false,
      totpLastStep: null,
    });
    await deleteRecoveryCodes(transaction, { orgId: caller.orgId, userId: caller.userId });
  });
  return { success: true };
}
