import { messages, type RoleAccess } from '../../contracts';
import { makeAdministrativeChange } from '../audit/administrative-change';
import type { AuthDependencies } from '../auth/auth-dependencies';
import { issueOneTimeToken, oneTimeTokenLifetimeMinutes } from '../auth/one-time-token-repository';
import { sendAfterCommit } from '../auth/send-after-commit';
import type { Database, Executor } from '../db/database';
import { invitationEmail } from '../email/templates';
import { AppError, notFound } from '../http/app-error';
import { type Caller, callerAccess } from '../http/context';
import { findOrganisation } from '../organisations/organisation-repository';
import { auditedUser, findOrganisationUser } from '../users/organisation-user-repository';
import { updateUser } from '../users/user-repository';

/** What sending an invitation needs: the database, the mailer and the product's links. */
export type InvitationDependencies = { db: Database } & Pick<AuthDependencies, 'mailer' | 'logger' | 'linkTo'>;

/**
 * An invitation is an activation link (docs/decisions/043): the person chooses a password on
 * /activate, and following the e-mailed link proves the address, so one e-mail is enough.
 * Issuing one voids the earlier ones.
 */
export function issueInvitationLink(executor: Executor, person: { orgId: string; userId: string }): Promise<string> {
  return issueOneTimeToken(executor, { ...person, purpose: 'activate' });
}

/** E-mails the invitation once its person is committed; a mail failure is logged, never undoes the person. */
export async function sendInvitation(
  dependencies: InvitationDependencies,
  caller: Caller,
  invitation: { email: string; token: string },
): Promise<void> {
  const organisation = await findOrganisation(dependencies.db, caller.orgId);
  await sendAfterCommit(
    dependencies,
    invitationEmail(
      invitation.email,
      dependencies.linkTo('/activate', invitation.token),
      Math.round(oneTimeTokenLifetimeMinutes.activate / 60),
      { organisationName: organisation?.name ?? 'your organization', invitedBy: caller.username },
    ),
  );
}

/**
 * Sends someone who has not joined yet a new invitation (the last one expired or got lost); the
 * earlier link stops working. People invited through POST /org/{orgId}/users/invite who had not
 * verified their address yet get the one-link invitation too.
 */
export async function resendInvitation(
  dependencies: InvitationDependencies,
  caller: Caller,
  userId: string,
  mayHandleRole: (role: RoleAccess) => void,
): Promise<{ success: true; email: string }> {
  const invitation = await makeAdministrativeChange(dependencies.db, caller, async ({ transaction, record }) => {
    const user = await findOrganisationUser(transaction, caller.orgId, userId);
    if (!user) throw notFound(messages.userNotFound);
    mayHandleRole(callerAccess(user));
    if (user.status !== 'pending_activation' && user.status !== 'pending_verification')
      throw new AppError('conflict', messages.alreadyJoined);
    if (user.status === 'pending_verification')
      await updateUser(transaction, caller.orgId, user.id, { status: 'pending_activation' });
    const token = await issueInvitationLink(transaction, { orgId: caller.orgId, userId: user.id });
    await record({
      action: 'user.invitation_resend',
      targetType: 'user',
      targetId: user.id,
      before: auditedUser(user),
      after: { ...auditedUser(user), status: 'pending_activation' },
    });
    return { email: user.email, token };
  });
  await sendInvitation(dependencies, caller, invitation);
  return { success: true, email: invitation.email };
}
