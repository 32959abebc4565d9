import {
  isAdministrator,
  mayHandleRole,
  type RoleAccess,
  messages,
  type AuditAction,
  type CreateUserRequest,
  type OrganisationUser,
} from '../../contracts';
import { revokeKeysOfUser } from '../api-keys/api-key-repository';
import { makeAdministrativeChange } from '../audit/administrative-change';
import type { PasswordHasher } from '../auth/passwords';
import type { RecentCallers } from '../auth/recent-callers';
import { revokeUserSessions } from '../auth/session-repository';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { AppError, forbidden, notFound, validationFailed } from '../http/app-error';
import { type Caller, callerAccess } from '../http/context';
import { refuseDisallowedEmailDomain } from './email-domain-rule';
import { findRole } from '../roles/role-repository';
import { uniqueViolationIndex } from '../shared/unique-violation';
import { refuseLosingTheLastAdministrator } from '../users/last-administrator';
import {
  auditedUser,
  findOrganisationUser,
  listOrganisationUsers,
  presentOrganisationUser,
} from '../users/organisation-user-repository';
import { findTakenIdentity, updateUser } from '../users/user-repository';
import { issueInvitationLink, resendInvitation, sendInvitation, type InvitationDependencies } from './user-invitations';

export interface UserAdministrationDependencies extends InvitationDependencies {
  passwords: PasswordHasher;
  /** This instance's remembered callers: a removed person's are forgotten at once (others fail their next check). */
  recentCallers: RecentCallers;
}

const takenIdentity = (usernameTaken: boolean) =>
  validationFailed(
    usernameTaken ? messages.usernameTaken : messages.emailTaken,
    usernameTaken ? { username: messages.usernameTaken } : { email: messages.emailTaken },
  );

/** Only administrators give or take away roles that grant scopes the caller lacks or unlimited use. */
function refuseUnlessMayHandle(caller: Caller, role: RoleAccess): void {
  if (!mayHandleRole(callerAccess(caller), role)) throw forbidden(messages.onlyAdministratorsAssignRole);
}

export async function listUsersPage(db: Database, orgId: string, page: number, limit: number) {
  const found = await listOrganisationUsers(db, orgId, { offset: (page - 1) * limit, limit });
  return { users: found.users.map(presentOrganisationUser), total: found.total, page, limit };
}

/**
 * Someone new in the caller's organisation: active at once with the password the admin chose, or,
 * with `send_invitation`, invited by e-mail to choose their own (they join when they do).
 */
export async function createUser(
  dependencies: UserAdministrationDependencies,
  caller: Caller,
  input: CreateUserRequest,
): Promise<{ user: OrganisationUser; invitation_sent?: boolean }> {
  if (input.org_id !== caller.orgId) throw forbidden(messages.organizationMismatch);
  const { db } = dependencies;
  const role = await findRole(db, caller.orgId, input.role_id);
  if (!role) throw notFound(messages.roleNotFound);
  refuseUnlessMayHandle(caller, role);
  await refuseDisallowedEmailDomain(db, caller.orgId, input.email);
  const taken = await findTakenIdentity(db, input.username, input.email);
  if (taken.usernameTaken || taken.emailTaken) throw takenIdentity(taken.usernameTaken);
  const invited = input.send_invitation === true;
  const passwordHash = invited ? null : await dependencies.passwords.hashPassword(input.password ?? '');
  try {
    const created = await makeAdministrativeChange(db, caller, async ({ transaction, record }) => {
      // Looked up again under the lock: the role may have gone while the password was hashed.
      if (!(await findRole(transaction, caller.orgId, role.id))) throw notFound(messages.roleNotFound);
      await refuseDisallowedEmailDomain(transaction, caller.orgId, input.email);
      const [row] = await transaction
        .insert(users)
        .values({
          orgId: caller.orgId,
          roleId: role.id,
          username: input.username,
          email: input.email,
          passwordHash,
          passwordChangedAt: invited ? null : new Date(),
          status: invited ? 'pending_activation' : 'active',
        })
        .returning({ id: users.id });
      const user = (await findOrganisationUser(transaction, caller.orgId, row!.id))!;
      const invitationToken = invited
        ? await issueInvitationLink(transaction, { orgId: caller.orgId, userId: user.id })
        : undefined;
      await record({
        action: 'user.create',
        targetType: 'user',
        targetId: user.id,
        before: null,
        after: { ...auditedUser(user), ...(invited ? { invited: true } : {}) },
      });
      return { user: presentOrganisationUser(user), invitationToken };
    });
    if (created.invitationToken === undefined) return { user: created.user };
    await sendInvitation(dependencies, caller, { email: input.email, token: created.invitationToken });
    return { user: created.user, invitation_sent: true };
  } catch (error) {
    const index = uniqueViolationIndex(error);
    if (index === 'users_username_unique' || index === 'users_email_unique')
      throw takenIdentity(index === 'users_username_unique');
    throw error;
  }
}

/** A new invitation for someone who has not joined yet (scope user-management, as creating them). */
export function resendUserInvitation(dependencies: UserAdministrationDependencies, caller: Caller, userId: string) {
  return resendInvitation(dependencies, caller, userId, (role) => refuseUnlessMayHandle(caller, role));
}

/** Gives someone another role (POST /roles/assign and PUT /org/{orgId}/users/{userId}/role); seen by their very next request. */
export async function changeUserRole(
  db: Database,
  caller: Caller,
  change: { userId: string; roleId: string; action: Extract<AuditAction, 'role.assign' | 'user.role_change'> },
): Promise<OrganisationUser> {
  return makeAdministrativeChange(db, caller, async ({ transaction, record }) => {
    const user = await findOrganisationUser(transaction, caller.orgId, change.userId);
    if (!user) throw notFound(messages.userNotFound);
    const role = await findRole(transaction, caller.orgId, change.roleId);
    if (!role) throw notFound(messages.roleNotFound);
    refuseUnlessMayHandle(caller, callerAccess(user));
    refuseUnlessMayHandle(caller, role);
    if (user.roleId === role.id) return presentOrganisationUser(user);
    await updateUser(transaction, caller.orgId, user.id, { roleId: role.id });
    if (isAdministrator(callerAccess(user)) && !isAdministrator(role))
      await refuseLosingTheLastAdministrator(transaction, caller.orgId);
    const after = (await findOrganisationUser(transaction, caller.orgId, user.id))!;
    await record({
      action: change.action,
      targetType: 'user',
      targetId: user.id,
      before: auditedUser(user),
      after: auditedUser(after),
    });
    return presentOrganisationUser(after);
  });
}

/**
 * Removes someone: they can no longer sign in and every sign-in of theirs ends at once (access
 * tokens are checked against their sign-in on every request, refresh tokens with it). Their row
 * stays, marked 'disabled', so their conversations and usage remain theirs in the history.
 */
export async function removeUser(
  dependencies: UserAdministrationDependencies,
  caller: Caller,
  userId: string,
): Promise<{ success: boolean; message: string }> {
  if (userId === caller.userId) throw new AppError('conflict', messages.cannotRemoveYourself);
  await makeAdministrativeChange(dependencies.db, caller, async ({ transaction, record }) => {
    const user = await findOrganisationUser(transaction, caller.orgId, userId);
    if (!user) throw notFound(messages.userNotFound);
    refuseUnlessMayHandle(caller, callerAccess(user));
    await updateUser(transaction, caller.orgId, user.id, { status: 'disabled' });
    await revokeUserSessions(transaction, caller.orgId, user.id, 'removed from the organization');
    // Their API keys go with them (docs/decisions/049); the key check refuses a removed owner's keys anyway.
    const revokedKeys = await revokeKeysOfUser(transaction, caller.orgId, user.id, {
      at: new Date(),
      byUsername: caller.username,
    });
    if (isAdministrator(callerAccess(user))) await refuseLosingTheLastAdministrator(transaction, caller.orgId);
    await record({
      action: 'user.remove',
      targetType: 'user',
      targetId: user.id,
      before: auditedUser(user),
      after: {
        ...auditedUser(user),
        status: 'disabled',
        ...(revokedKeys > 0 ? { api_keys_revoked: revokedKeys } : {}),
      },
    });
  });
  dependencies.recentCallers.forgetUser(userId);
  return { success: true, message: 'User removed' };
}
