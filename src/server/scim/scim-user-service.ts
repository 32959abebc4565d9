import { emailDomainOf } from '../../contracts';
import { makeActorChange } from '../audit/actor-change';
import type { AdministrativeChange } from '../audit/administrative-change';
import { revokeUserSessions } from '../auth/session-repository';
import { users, type UserStatus } from '../db/schema';
import { listVerifiedDomains } from '../single-sign-on/domain-repository';
import { deleteIdentityOfUser } from '../single-sign-on/identity-repository';
import { defaultRoleIdOf } from '../single-sign-on/role-sync';
import { auditedUser, findOrganisationUser } from '../users/organisation-user-repository';
import { updateUser } from '../users/user-repository';
import type { ScimClient, ScimDependencies } from './scim-dependencies';
import { ScimError, scimInvalidValue, scimNotFound } from './scim-errors';
import { parseScimFilter } from './scim-filter';
import { removeFromAllGroups } from './scim-group-repository';
import { applyScimPatch } from './scim-patch';
import { listResponse, pageOf, projectAttributes, userResource } from './scim-resources';
import { readUserInput, type ScimUserInput } from './scim-input';
import {
  findIdentityHolders,
  findScimUser,
  groupsOfUsers,
  linkScimUser,
  listScimUsers,
  unlinkScimUser,
  userSchema,
} from './scim-user-repository';

const patchable = {
  schema: userSchema,
  names: ['userName', 'externalId', 'active', 'name', 'emails', 'displayName', 'groups'],
  multiValued: ['emails', 'groups'],
};

export interface ListQuery {
  filter?: string;
  startIndex?: string;
  count?: string;
  attributes?: string;
  excludedAttributes?: string;
}

async function presentUser(dependencies: ScimDependencies, orgId: string, userId: string) {
  const user = await findScimUser(dependencies.db, orgId, userId);
  if (!user) throw scimNotFound('User', userId);
  const groups = await groupsOfUsers(dependencies.db, orgId, [userId]);
  return userResource(user, groups.get(userId) ?? [], dependencies.baseUrl());
}

export async function listUsers(dependencies: ScimDependencies, client: ScimClient, query: ListQuery) {
  const filter = query.filter ? parseScimFilter(query.filter) : undefined;
  const page = pageOf(query, 200);
  const { rows, total } = await listScimUsers(dependencies.db, client.orgId, filter, page);
  const groups = await groupsOfUsers(
    dependencies.db,
    client.orgId,
    rows.map((row) => row.id),
  );
  const resources = rows.map((row) =>
    projectAttributes(userResource(row, groups.get(row.id) ?? [], dependencies.baseUrl()), query),
  );
  return listResponse(resources, total, page.startIndex);
}

export function getUser(dependencies: ScimDependencies, client: ScimClient, userId: string) {
  return presentUser(dependencies, client.orgId, userId);
}

/** The directory's people must be at a domain the organisation proved, like the people its identity provider signs in. */
async function refuseForeignDomain(change: AdministrativeChange, orgId: string, input: ScimUserInput) {
  const domain = emailDomainOf(input.email);
  if (!(await listVerifiedDomains(change.transaction, orgId)).includes(domain))
    throw scimInvalidValue(`${domain} is not a verified single sign-on domain of this organization`);
}

async function refuseTakenIdentity(change: AdministrativeChange, input: ScimUserInput, userId?: string) {
  const holders = await findIdentityHolders(change.transaction, input.userName, input.email);
  if (holders.some((holder) => holder !== userId))
    throw new ScimError(409, 'A user with this userName or e-mail address already exists', 'uniqueness');
}

/** POST /Users: an active person with the default role, who signs in through the identity provider. */
export async function createUser(dependencies: ScimDependencies, client: ScimClient, body: unknown) {
  const input = readUserInput(body);
  const userId = await makeActorChange(dependencies.db, client.orgId, client.actor, async (change) => {
    await refuseForeignDomain(change, client.orgId, input);
    await refuseTakenIdentity(change, input);
    const [created] = await change.transaction
      .insert(users)
      .values({
        orgId: client.orgId,
        roleId: await defaultRoleIdOf(change.transaction, client.orgId),
        username: input.userName,
        email: input.email,
        status: input.active ? 'active' : 'deactivated',
        emailVerifiedAt: new Date(),
        firstName: input.givenName,
        lastName: input.familyName,
      })
      .returning({ id: users.id });
    await linkScimUser(change.transaction, client.orgId, created!.id, input.externalId);
    const person = (await findOrganisationUser(change.transaction, client.orgId, created!.id))!;
    await change.record({
      action: 'user.create',
      targetType: 'user',
      targetId: person.id,
      before: null,
      after: { ...auditedUser(person), provisioned_by: 'scim' },
    });
    return person.id;
  });
  return presentUser(dependencies, client.orgId, userId);
}

/**
 * Saves a User as a PUT (or a PATCH's result) describes it. active=false deactivates the person:
 * every sign-in of theirs ends in the same transaction, and password sign-in, refresh, single
 * sign-on and each signed-in request refuse them from then on; active=true lets them in again.
 */
async function saveUser(dependencies: ScimDependencies, client: ScimClient, userId: string, input: ScimUserInput) {
  const deactivated = await makeActorChange(dependencies.db, client.orgId, client.actor, async (change) => {
    const { transaction } = change;
    const before = await findOrganisationUser(transaction, client.orgId, userId);
    if (!before) throw scimNotFound('User', userId);
    const current = (await findScimUser(transaction, client.orgId, userId))!;
    if (input.email.toLowerCase() !== before.email.toLowerCase())
      await refuseForeignDomain(change, client.orgId, input);
    await refuseTakenIdentity(change, input, userId);
    const status = statusAfter(before.status as UserStatus, input.active);
    await updateUser(transaction, client.orgId, userId, {
      username: input.userName,
      email: input.email,
      firstName: input.givenName,
      lastName: input.familyName,
      status,
    });
    await linkScimUser(transaction, client.orgId, userId, input.externalId);
    const after = (await findOrganisationUser(transaction, client.orgId, userId))!;
    const detailsChanged =
      before.username !== after.username ||
      before.email !== after.email ||
      current.firstName !== input.givenName ||
      current.lastName !== input.familyName ||
      current.externalId !== input.externalId;
    if (detailsChanged)
      await change.record({
        action: 'user.update',
        targetType: 'user',
        targetId: userId,
        before: { ...auditedUser(before), first_name: current.firstName, last_name: current.lastName },
        after: { ...auditedUser(after), first_name: input.givenName, last_name: input.familyName },
      });
    if (before.status !== after.status && (after.status === 'deactivated' || after.status === 'active')) {
      if (after.status === 'deactivated')
        await revokeUserSessions(transaction, client.orgId, userId, 'deactivated by the directory');
      await change.record({
        action: after.status === 'deactivated' ? 'user.deactivate' : 'user.reactivate',
        targetType: 'user',
        targetId: userId,
        before: auditedUser(before),
        after: auditedUser(after),
      });
    }
    return after.status !== 'active';
  });
  if (deactivated) dependencies.recentCallers.forgetUser(userId);
  return presentUser(dependencies, client.orgId, userId);
}

/** active=false turns an active person off; active=true turns a deactivated or still pending one on. */
function statusAfter(status: UserStatus, active: boolean): UserStatus {
  if (!active) return status === 'active' ? 'deactivated' : status;
  return status === 'deactivated' || status === 'pending_verification' || status === 'pending_activation'
    ? 'active'
    : status;
}

export async function replaceUser(dependencies: ScimDependencies, client: ScimClient, userId: string, body: unknown) {
  if (!(await findScimUser(dependencies.db, client.orgId, userId))) throw scimNotFound('User', userId);
  return saveUser(dependencies, client, userId, readUserInput(body));
}

/** PATCH /Users/{id}: the operations applied to the person as they are, then saved like a PUT. */
export async function patchUser(dependencies: ScimDependencies, client: ScimClient, userId: string, body: unknown) {
  const current = await presentUser(dependencies, client.orgId, userId);
  const operations = (body as { Operations?: unknown } | null)?.Operations;
  const patched = applyScimPatch(current, operations, patchable);
  return saveUser(dependencies, client, userId, readUserInput(patched));
}

/**
 * DELETE /Users/{id}: the person is removed as an administrator would remove them (their row stays,
 * 'disabled', so conversations and usage keep their owner) and anonymised: the username and e-mail
 * are freed for the directory to provision again, the names and sign-in links dropped, every
 * sign-in ended (docs/decisions/046).
 */
export async function deleteUser(dependencies: ScimDependencies, client: ScimClient, userId: string): Promise<void> {
  await makeActorChange(dependencies.db, client.orgId, client.actor, async (change) => {
    const { transaction } = change;
    const before = await findOrganisationUser(transaction, client.orgId, userId);
    if (!before) throw scimNotFound('User', userId);
    const anonymous = `deleted-${userId}`;
    await updateUser(transaction, client.orgId, userId, {
      status: 'disabled',
      username: anonymous,
      email: `${anonymous}@deleted.invalid`,
      firstName: null,
      lastName: null,
      phone: null,
      passwordHash: null,
      totpEnabled: false,
      totpSecretEncrypted: null,
      totpPendingSecretEncrypted: null,
    });
    await revokeUserSessions(transaction, client.orgId, userId, 'deleted by the directory');
    await deleteIdentityOfUser(transaction, client.orgId, userId);
    await unlinkScimUser(transaction, client.orgId, userId);
    await removeFromAllGroups(transaction, client.orgId, userId);
    await change.record({
      action: 'user.delete',
      targetType: 'user',
      targetId: userId,
      before: auditedUser(before),
      after: { username: anonymous, status: 'disabled', anonymised: true },
    });
  });
  dependencies.recentCallers.forgetUser(userId);
}
