import { randomBytes } from 'node:crypto';
import { mayHandleRole, messages } from '../../contracts';
import { makeAdministrativeChange } from '../audit/administrative-change';
import type { AuthDependencies } from '../auth/auth-dependencies';
import { oneTimeTokenLifetimeMinutes } from '../auth/one-time-token-repository';
import { issueVerificationLink } from '../auth/verification-link';
import { sendAfterCommit } from '../auth/send-after-commit';
import { users } from '../db/schema';
import { verificationEmail } from '../email/templates';
import { forbidden, notFound, validationFailed } from '../http/app-error';
import { type Caller, callerAccess } from '../http/context';
import { findRole } from '../roles/role-repository';
import { isUuid } from '../shared/ids';
import { uniqueViolationIndex } from '../shared/unique-violation';
import { refuseDisallowedEmailDomain } from './email-domain-rule';
import { auditedUser, findOrganisationUser } from '../users/organisation-user-repository';
import { findTakenIdentity } from '../users/user-repository';

export interface InviteInput {
  email: string;
  role_id: string;
  username?: string;
}

function usernameFromEmail(email: string): string {
  const base =
    email
      .split('@')[0]!
      .replace(/[^A-Za-z0-9._-]/g, '')
      .slice(0, 40) || 'user';
  return `${base}-${randomBytes(3).toString('hex')}`;
}

/**
 * Adds a person to the caller's organisation. They verify their e-mail, get an activation
 * e-mail, and choose a password there; until then they cannot sign in.
 */
export async function inviteUser(dependencies: AuthDependencies, caller: Caller, input: InviteInput) {
  const { db } = dependencies;
  const role = isUuid(input.role_id) ? await findRole(db, caller.orgId, input.role_id) : undefined;
  if (!role) throw notFound('Role not found');
  if (!mayHandleRole(callerAccess(caller), role)) throw forbidden(messages.onlyAdministratorsAssignRole);
  await refuseDisallowedEmailDomain(db, caller.orgId, input.email);
  const username = input.username ?? usernameFromEmail(input.email);
  const taken = await findTakenIdentity(db, username, input.email);
  if (taken.emailTaken) throw validationFailed(messages.emailTaken, { email: messages.emailTaken });
  if (taken.usernameTaken) throw validationFailed(messages.usernameTaken, { username: messages.usernameTaken });
  try {
    const { userId, token } = await makeAdministrativeChange(db, caller, async ({ transaction, record }) => {
      if (!(await findRole(transaction, caller.orgId, role.id))) throw notFound('Role not found');
      await refuseDisallowedEmailDomain(transaction, caller.orgId, input.email);
      const [created] = await transaction
        .insert(users)
        .values({ orgId: caller.orgId, roleId: role.id, username, email: input.email, status: 'pending_verification' })
        .returning({ id: users.id });
      const token = await issueVerificationLink(transaction, { orgId: caller.orgId, userId: created!.id });
      const invited = (await findOrganisationUser(transaction, caller.orgId, created!.id))!;
      await record({
        action: 'user.create',
        targetType: 'user',
        targetId: invited.id,
        before: null,
        after: auditedUser(invited),
      });
      return { userId: created!.id, token };
    });
    const link = dependencies.linkTo('/verify-email', token);
    const hoursValid = Math.round(oneTimeTokenLifetimeMinutes.verify_email / 60);
    await sendAfterCommit(dependencies, verificationEmail(input.email, link, hoursValid));
    return { user_id: userId, email: input.email, username, status: 'pending_verification' };
  } catch (error) {
    const index = uniqueViolationIndex(error);
    if (index === 'users_email_unique') throw validationFailed(messages.emailTaken, { email: messages.emailTaken });
    if (index === 'users_username_unique')
      throw validationFailed(messages.usernameTaken, { username: messages.usernameTaken });
    throw error;
  }
}
