import type { z } from 'zod';
import type {
  activateRequestSchema,
  AuthResponse,
  changePasswordRequestSchema,
  passwordResetConfirmSchema,
  SignupRequest,
} from '../../contracts';
import { messages, newOrganisationSettings } from '../../contracts';
import { users } from '../db/schema';
import { activationEmail, passwordResetEmail, verificationEmail } from '../email/templates';
import { AppError, forbidden, validationFailed } from '../http/app-error';
import type { Caller } from '../http/context';
import { insertOrganisation } from '../organisations/organisation-repository';
import { saveSettings } from '../organisations/organisation-settings-repository';
import { seedDefaultRoles } from '../roles/role-repository';
import { openWallet } from '../wallet/open-wallet';
import { uniqueViolationIndex } from '../shared/unique-violation';
import { findTakenIdentity, findUser, findUserByEmailForReset, updateUser } from '../users/user-repository';
import type { AuthDependencies, ClientInfo } from './auth-dependencies';
import { consumeOneTimeToken, issueOneTimeToken, oneTimeTokenLifetimeMinutes } from './one-time-token-repository';
import { revokeUserSessions } from './session-repository';
import { sendAfterCommit } from './send-after-commit';
import { issueVerificationLink } from './verification-link';
import { issueSignIn } from './session-service';

const hours = (minutes: number) => Math.round(minutes / 60);

function duplicateIdentity(usernameTaken: boolean): AppError {
  return validationFailed(
    usernameTaken ? messages.usernameTaken : messages.emailTaken,
    usernameTaken ? { username: messages.usernameTaken } : { email: messages.emailTaken },
  );
}

/**
 * Creates the organisation, its roles, its first (admin) user and the sign-in, all or nothing.
 * Every attempt counts against the client address first, taken or not, before any hash or e-mail.
 */
export async function signup(
  dependencies: AuthDependencies,
  input: SignupRequest,
  client: ClientInfo,
): Promise<AuthResponse> {
  const { db } = dependencies;
  const retryAfterSeconds = dependencies.signupThrottle.admit(client.address);
  if (retryAfterSeconds > 0) throw new AppError('too_many_requests', messages.tooManySignups, { retryAfterSeconds });
  const taken = await findTakenIdentity(db, input.username, input.email);
  if (taken.usernameTaken || taken.emailTaken) throw duplicateIdentity(taken.usernameTaken);
  const passwordHash = await dependencies.passwords.hashPassword(input.password);
  try {
    const { response, verifyToken } = await db.transaction(async (transaction) => {
      const orgId = await insertOrganisation(transaction, { name: input.org_name, contactEmail: input.email });
      const { adminRoleId } = await seedDefaultRoles(transaction, orgId);
      await saveSettings(transaction, orgId, newOrganisationSettings);
      await openWallet(transaction, orgId, dependencies.trialCreditUsd);
      const [created] = await transaction
        .insert(users)
        .values({
          orgId,
          roleId: adminRoleId,
          username: input.username,
          email: input.email,
          passwordHash,
          status: 'active',
        })
        .returning({ id: users.id });
      const verifyToken = await issueVerificationLink(transaction, { orgId, userId: created!.id });
      const user = await findUser(transaction, orgId, created!.id);
      return { response: await issueSignIn(dependencies, transaction, user!, client), verifyToken };
    });
    const link = dependencies.linkTo('/verify-email', verifyToken);
    await sendAfterCommit(
      dependencies,
      verificationEmail(input.email, link, hours(oneTimeTokenLifetimeMinutes.verify_email)),
    );
    return response;
  } catch (error) {
    const index = uniqueViolationIndex(error);
    if (index === 'users_username_unique' || index === 'users_email_unique') {
      throw duplicateIdentity(index === 'users_username_unique');
    }
    throw error;
  }
}

/**
 * Sends a signed-in person a new link to verify their address (the sign-up e-mail may be lost or
 * expired). Counted per address like password resets, so nobody can flood an inbox.
 */
export async function resendVerification(
  dependencies: AuthDependencies,
  caller: Caller,
): Promise<{ success: true; email: string }> {
  const user = await findUser(dependencies.db, caller.orgId, caller.userId);
  if (!user) throw forbidden(messages.sessionExpired);
  if (user.emailVerifiedAt) throw new AppError('conflict', messages.emailAlreadyVerified);
  const retryAfterSeconds = dependencies.passwordResetThrottle.perRecipient.admit(`verify:${user.email.toLowerCase()}`);
  if (retryAfterSeconds > 0)
    throw new AppError('too_many_requests', messages.tooManyVerificationEmails, { retryAfterSeconds });
  const token = await issueVerificationLink(dependencies.db, { orgId: user.orgId, userId: user.id });
  await sendAfterCommit(
    dependencies,
    verificationEmail(
      user.email,
      dependencies.linkTo('/verify-email', token),
      hours(oneTimeTokenLifetimeMinutes.verify_email),
    ),
  );
  return { success: true, email: user.email };
}

/**
 * Confirms an address. People added by an admin or an invite have no password yet: for them the
 * next step is an activation e-mail where they choose one.
 */
export async function verifyEmail(dependencies: AuthDependencies, token: string) {
  const result = await dependencies.db.transaction(async (transaction) => {
    const spent = await consumeOneTimeToken(transaction, token, 'verify_email');
    if (!spent) throw validationFailed(messages.verifyFailed);
    const user = await findUser(transaction, spent.orgId, spent.userId);
    if (!user) throw validationFailed(messages.verifyFailed);
    const needsActivation = user.status === 'pending_verification';
    await updateUser(transaction, user.orgId, user.id, {
      emailVerifiedAt: new Date(),
      ...(needsActivation ? { status: 'pending_activation' as const } : {}),
    });
    const activationToken = needsActivation
      ? await issueOneTimeToken(transaction, { orgId: user.orgId, userId: user.id, purpose: 'activate' })
      : undefined;
    return { email: user.email, activationToken };
  });
  if (result.activationToken) {
    const link = dependencies.linkTo('/activate', result.activationToken);
    await sendAfterCommit(
      dependencies,
      activationEmail(result.email, link, hours(oneTimeTokenLifetimeMinutes.activate)),
    );
  }
  return { success: true, activation_email_sent: result.activationToken !== undefined };
}

export async function activate(dependencies: AuthDependencies, input: z.infer<typeof activateRequestSchema>) {
  const passwordHash = await dependencies.passwords.hashPassword(input.password);
  await dependencies.db.transaction(async (transaction) => {
    const spent = await consumeOneTimeToken(transaction, input.token, 'activate');
    const user = spent && (await findUser(transaction, spent.orgId, spent.userId));
    if (user?.status !== 'pending_activation') throw validationFailed(messages.activateFailed);
    const now = new Date();
    await updateUser(transaction, user.orgId, user.id, {
      passwordHash,
      passwordChangedAt: now,
      gdprConsentAt: now,
      status: 'active',
      // An invitation's link came by e-mail: following it proves the address.
      emailVerifiedAt: user.emailVerifiedAt ?? now,
    });
  });
  return { success: true };
}

/**
 * Answers the same whether or not the address has an account, in content and in time: everything
 * that depends on the account (looking it up, the token, the e-mail) runs after the answer. A
 * client address past its limit gets a 429 before the e-mail is even looked at; a recipient past
 * theirs quietly gets nothing more.
 */
export async function requestPasswordReset(dependencies: AuthDependencies, email: string, client: ClientInfo) {
  const { perClient, perRecipient } = dependencies.passwordResetThrottle;
  const retryAfterSeconds = perClient.admit(client.address);
  if (retryAfterSeconds > 0)
    throw new AppError('too_many_requests', messages.tooManyResetRequests, { retryAfterSeconds });
  // Decided by the address's domain alone, so the answer still tells nothing about an account.
  await dependencies.passwordSignInPolicy?.refusePasswordReset(email);
  if (perRecipient.admit(email.trim().toLowerCase()) === 0) {
    dependencies.backgroundTasks.run('password-reset e-mail', () => sendPasswordResetEmail(dependencies, email));
  }
  return { success: true, message: messages.resetRequested };
}

async function sendPasswordResetEmail(dependencies: AuthDependencies, email: string): Promise<void> {
  const user = await findUserByEmailForReset(dependencies.db, email);
  if (user?.status !== 'active') return;
  const token = await issueOneTimeToken(dependencies.db, {
    orgId: user.orgId,
    userId: user.id,
    purpose: 'reset_password',
  });
  const link = dependencies.linkTo('/reset-password', token);
  await sendAfterCommit(dependencies, passwordResetEmail(user.email, link, oneTimeTokenLifetimeMinutes.reset_password));
}

export async function confirmPasswordReset(
  dependencies: AuthDependencies,
  input: z.infer<typeof passwordResetConfirmSchema>,
) {
  const passwordHash = await dependencies.passwords.hashPassword(input.new_password);
  await dependencies.db.transaction(async (transaction) => {
    const spent = await consumeOneTimeToken(transaction, input.token, 'reset_password');
    const user = spent && (await findUser(transaction, spent.orgId, spent.userId));
    if (user?.status !== 'active') throw validationFailed(messages.resetFailed);
    const now = new Date();
    // Following the e-mailed link proves the address as well.
    await updateUser(transaction, user.orgId, user.id, {
      passwordHash,
      passwordChangedAt: now,
      emailVerifiedAt: user.emailVerifiedAt ?? now,
    });
    await revokeUserSessions(transaction, user.orgId, user.id, 'password reset');
  });
  return { success: true };
}

/** Changes the caller's own password and ends their other sign-ins. */
export async function changePassword(
  dependencies: AuthDependencies,
  caller: Caller,
  input: z.infer<typeof changePasswordRequestSchema>,
) {
  if (input.user_id !== caller.userId) throw forbidden();
  const user = await findUser(dependencies.db, caller.orgId, caller.userId);
  if (!user) throw forbidden();
  if (!(await dependencies.passwords.verifyPassword(user.passwordHash, input.current_password))) {
    throw validationFailed(messages.currentPasswordIncorrect, { current_password: messages.currentPasswordIncorrect });
  }
  const passwordHash = await dependencies.passwords.hashPassword(input.new_password);
  await dependencies.db.transaction(async (transaction) => {
    await updateUser(transaction, caller.orgId, caller.userId, { passwordHash, passwordChangedAt: new Date() });
    await revokeUserSessions(transaction, caller.orgId, caller.userId, 'password changed', caller.sessionId);
  });
  return { success: true };
}
