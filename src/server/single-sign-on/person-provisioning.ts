import { randomBytes } from 'node:crypto';
import { makeActorChange } from '../audit/actor-change';
import type { AdministrativeChange } from '../audit/administrative-change';
import { insertAuditEntry } from '../audit/audit-repository';
import type { Executor } from '../db/database';
import { users } from '../db/schema';
import { uniqueViolationIndex } from '../shared/unique-violation';
import { mayAuthenticate } from '../users/account-standing';
import { auditedUser, findOrganisationUser } from '../users/organisation-user-repository';
import { findTakenIdentity, findUser, findUserByEmailForReset, updateUser } from '../users/user-repository';
import type { ConnectionRecord } from './connection-repository';
import { findIdentity, findIdentityOfUser, linkIdentity, recordIdentitySignIn } from './identity-repository';
import { applyRoleOfGroups, defaultRoleIdOf } from './role-sync';
import { SingleSignOnFailure } from './sign-in-failure';
import type { SingleSignOnDependencies } from './single-sign-on-dependencies';

/** Who the identity provider says signed in, once its answer passed every check. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  givenName?: string;
  familyName?: string;
  /** The group claim's values; undefined when the connection maps no claim (roles then stay as they are). */
  groups?: string[];
}

/** Changes single sign-on makes on its own appear in the audit log under this name. */
const singleSignOnActor = { userId: null, username: 'single sign-on' } as const;

/**
 * The person in the connection's organisation this identity is: found by the provider's subject;
 * at a first sign-in, the organisation's person with that (verified) e-mail address, now linked;
 * otherwise created with the default role (just in time). Their role follows their groups when the
 * connection maps them. All of it, and the audit entries, in one change under the organisation's lock.
 */
export async function provisionPerson(
  dependencies: Pick<SingleSignOnDependencies, 'db'>,
  connection: ConnectionRecord,
  identity: VerifiedIdentity,
): Promise<string> {
  const orgId = connection.orgId;
  try {
    return await makeActorChange(dependencies.db, orgId, singleSignOnActor, async (change) => {
      const { transaction } = change;
      const linked = await findIdentity(transaction, orgId, identity.issuer, identity.subject);
      const userId = linked ? linked.userId : await linkOrCreate(change, orgId, identity);
      const user = await findUser(transaction, orgId, userId);
      if (!user || !mayAuthenticate(user.status)) throw new SingleSignOnFailure('account_deactivated');
      if (linked) await recordIdentitySignIn(transaction, orgId, linked.id);
      if (identity.groups) await applyRoleOfGroups(change, orgId, userId, identity.groups);
      await updateUser(transaction, orgId, userId, { lastLoginAt: new Date() });
      await insertAuditEntry(transaction, {
        orgId,
        actorUserId: userId,
        actorUsername: user.username,
        action: 'sso.sign_in',
        targetType: 'user',
        targetId: userId,
        before: null,
        after: { username: user.username, issuer: identity.issuer, subject: identity.subject },
      });
      return userId;
    });
  } catch (error) {
    // Someone took the address in the meantime, elsewhere.
    if (uniqueViolationIndex(error) === 'users_email_unique')
      throw new SingleSignOnFailure('email_in_another_organisation');
    throw error;
  }
}

async function linkOrCreate(change: AdministrativeChange, orgId: string, identity: VerifiedIdentity): Promise<string> {
  const { transaction } = change;
  const existing = await findUserByEmailForReset(transaction, identity.email);
  if (existing && existing.orgId !== orgId) throw new SingleSignOnFailure('email_in_another_organisation');
  if (existing) {
    // Linked to another subject already: the same address alone does not make this the same person.
    if (await findIdentityOfUser(transaction, orgId, existing.id)) throw new SingleSignOnFailure('identity_mismatch');
    // Someone invited or created before single sign-on: the provider verified the address, so they are active now.
    if (existing.status === 'pending_verification' || existing.status === 'pending_activation')
      await updateUser(transaction, orgId, existing.id, { status: 'active', emailVerifiedAt: new Date() });
    await linkIdentity(transaction, { orgId, userId: existing.id, issuer: identity.issuer, subject: identity.subject });
    return existing.id;
  }
  const [created] = await transaction
    .insert(users)
    .values({
      orgId,
      roleId: await defaultRoleIdOf(transaction, orgId),
      username: await freeUsername(transaction, identity.email),
      email: identity.email,
      status: 'active',
      emailVerifiedAt: new Date(),
      firstName: identity.givenName?.slice(0, 100) ?? null,
      lastName: identity.familyName?.slice(0, 100) ?? null,
    })
    .returning({ id: users.id });
  await linkIdentity(transaction, { orgId, userId: created!.id, issuer: identity.issuer, subject: identity.subject });
  const person = (await findOrganisationUser(transaction, orgId, created!.id))!;
  await change.record({
    action: 'user.create',
    targetType: 'user',
    targetId: person.id,
    before: null,
    after: { ...auditedUser(person), provisioned_by: 'single sign-on' },
  });
  return person.id;
}

/** The address's local part as a username ('ada.lovelace'), with a short random suffix when it is taken. */
async function freeUsername(executor: Executor, email: string): Promise<string> {
  const base =
    email
      .slice(0, email.lastIndexOf('@'))
      .replace(/[^A-Za-z0-9._-]/g, '')
      .slice(0, 40) || 'user';
  for (const candidate of [base, ...Array.from({ length: 4 }, () => `${base}-${randomBytes(3).toString('hex')}`)]) {
    if (!(await findTakenIdentity(executor, candidate, '')).usernameTaken) return candidate;
  }
  return `${base}-${randomBytes(8).toString('hex')}`;
}
