import { emailDomainOf, roleGrantsScope, singleSignOnMessages } from '../../contracts';
import { insertAuditEntry } from '../audit/audit-repository';
import type { PasswordSignInPolicy } from '../auth/password-sign-in-policy';
import type { Executor } from '../db/database';
import { AppError } from '../http/app-error';
import { findConnectionByVerifiedDomain, type ConnectionRecord } from './connection-repository';

/** The connection that makes single sign-on the only way in for this address: its domain is proven, the connection on and enforced. */
async function findEnforcingConnection(executor: Executor, email: string): Promise<ConnectionRecord | undefined> {
  const connection = await findConnectionByVerifiedDomain(executor, emailDomainOf(email));
  return connection?.enabled && connection.enforced ? connection : undefined;
}

/**
 * Enforced single sign-on (docs/decisions/045): people of the organisation at its proven domains
 * sign in through its identity provider only. Administrators keep their password as a way in when
 * the provider fails (break-glass); each such sign-in is in the audit log.
 */
export function createPasswordSignInPolicy(db: Executor): PasswordSignInPolicy {
  return {
    async judgePasswordSignIn(user, client) {
      const connection = await findEnforcingConnection(db, user.email);
      if (!connection || connection.orgId !== user.orgId) return undefined;
      if (!roleGrantsScope({ scopes: user.roleScopes }, 'admin'))
        throw new AppError('single_sign_on_required', singleSignOnMessages.required);
      return (executor) =>
        insertAuditEntry(executor, {
          orgId: user.orgId,
          actorUserId: user.id,
          actorUsername: user.username,
          action: 'sso.break_glass_sign_in',
          targetType: 'user',
          targetId: user.id,
          before: null,
          after: { username: user.username, client_address: client.address },
        });
    },
    async refusePasswordReset(email) {
      if (await findEnforcingConnection(db, email))
        throw new AppError('single_sign_on_required', singleSignOnMessages.passwordResetRefused);
    },
  };
}

/** Invitations and people created with a password are refused at an organisation's enforced domains: they arrive by single sign-on. */
export async function refuseSingleSignOnOnlyAddress(executor: Executor, orgId: string, email: string): Promise<void> {
  const connection = await findEnforcingConnection(executor, email);
  if (connection?.orgId !== orgId) return;
  const message = singleSignOnMessages.invitationRefused(emailDomainOf(email));
  throw new AppError('single_sign_on_required', message, { fields: { email: message } });
}
