import type { AuthResponse, LoginRequest } from '../../contracts';
import { messages, organisationRuleMessages } from '../../contracts';
import { AppError, forbidden, unauthorized } from '../http/app-error';
import { getOrganisationSettings } from '../organisations/organisation-settings-service';
import { findUserForLogin, updateUser } from '../users/user-repository';
import type { AuthDependencies, ClientInfo } from './auth-dependencies';
import type { LoginOutcome } from './login-throttle';
import { issueSignIn } from './session-service';
import { isAddressAllowed } from './sign-in-rules';
import { verifyTotpCode } from './two-factor';

/**
 * Signs in with a username and password (and a code when two-factor authentication is on). The
 * throttle admits the attempt before anything is looked up or hashed (docs/decisions/035); an
 * unknown user costs and answers the same as a wrong password.
 */
export async function login(
  dependencies: AuthDependencies,
  input: LoginRequest,
  client: ClientInfo,
): Promise<AuthResponse> {
  const { loginThrottle, passwords, db } = dependencies;
  const attempt = await loginThrottle.admit(input.username, client.address);
  if ('retryAfterSeconds' in attempt)
    throw new AppError('too_many_requests', messages.tooManyLoginAttempts, {
      retryAfterSeconds: attempt.retryAfterSeconds,
    });
  let outcome: LoginOutcome = 'withdrawn';
  try {
    const user = await findUserForLogin(db, input.username);
    const passwordMatches = await passwords.verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !passwordMatches || user.status !== 'active') {
      outcome = 'failed';
      throw unauthorized(messages.invalidCredentials);
    }
    // Only once the password matched: a stranger learns nothing about the organisation's networks.
    const { security } = await getOrganisationSettings(db, user.orgId);
    if (!isAddressAllowed(client.address, security.ip_restrictions))
      throw forbidden(organisationRuleMessages.addressNotAllowed(client.address));
    let acceptedStep: number | undefined;
    if (user.totpEnabled && user.totpSecretEncrypted) {
      if (!input.totp_code) throw new AppError('two_factor_required', messages.twoFactorRequired);
      const secret = dependencies.totpSecrets.open(user.totpSecretEncrypted);
      acceptedStep = await verifyTotpCode(secret, input.totp_code, user.totpLastStep);
      if (acceptedStep === undefined) {
        outcome = 'failed';
        throw unauthorized(messages.invalidTwoFactorCode);
      }
    }
    const signedIn = await db.transaction(async (transaction) => {
      await updateUser(transaction, user.orgId, user.id, {
        lastLoginAt: new Date(),
        ...(acceptedStep !== undefined ? { totpLastStep: acceptedStep } : {}),
      });
      return issueSignIn(dependencies, transaction, user, client, security.require_2fa && !user.totpEnabled);
    });
    outcome = 'succeeded';
    return signedIn;
  } finally {
    await loginThrottle.settle(attempt, outcome);
  }
}
