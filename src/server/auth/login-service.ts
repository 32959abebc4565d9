import type { AuthResponse, LoginRequest } from '../../contracts';
import { messages, organisationRuleMessages } from '../../contracts';
import { AppError, forbidden, unauthorized } from '../http/app-error';
import { getOrganisationSettings } from '../organisations/organisation-settings-service';
import { findUserForLogin, updateUser } from '../users/user-repository';
import type { AuthDependencies, ClientInfo } from './auth-dependencies';
import type { LoginOutcome } from './login-throttle';
import { issueSignIn } from './session-service';
import { isAddressAllowed } from '../organisations/sign-in-rules';
import { checkSecondFactor, SecondFactorRefused, spendRecoveryCode } from './second-factor';

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
    // Enforced single sign-on (docs/decisions/045) refuses the password here: the attempt is withdrawn, not failed.
    const afterPasswordSignIn = await dependencies.passwordSignInPolicy?.judgePasswordSignIn(user, client);
    // A wrong authenticator or recovery code counts like a wrong password.
    const secondFactor = await checkSecondFactor(dependencies, user, input);
    const signedIn = await db.transaction(async (transaction) => {
      const recoveryCodesRemaining =
        secondFactor.kind === 'recovery_code'
          ? await spendRecoveryCode(transaction, user, secondFactor.codeHash)
          : undefined;
      await updateUser(transaction, user.orgId, user.id, {
        lastLoginAt: new Date(),
        ...(secondFactor.kind === 'authenticator' ? { totpLastStep: secondFactor.acceptedStep } : {}),
      });
      await afterPasswordSignIn?.(transaction);
      const answer = await issueSignIn(
        dependencies,
        transaction,
        user,
        client,
        security.require_2fa && !user.totpEnabled,
      );
      return recoveryCodesRemaining === undefined
        ? answer
        : { ...answer, recovery_codes_remaining: recoveryCodesRemaining };
    });
    outcome = 'succeeded';
    return signedIn;
  } catch (error) {
    if (error instanceof SecondFactorRefused) outcome = 'failed';
    throw error;
  } finally {
    await loginThrottle.settle(attempt, outcome);
  }
}
