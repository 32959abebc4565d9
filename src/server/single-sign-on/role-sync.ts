import { isAdministrator } from '../../contracts';
import { callerAccess } from '../http/context';
import type { AdministrativeChange } from '../audit/administrative-change';
import type { Executor } from '../db/database';
import { findRole, findSeededRole } from '../roles/role-repository';
import { auditedUser, countActiveAdministrators, findOrganisationUser } from '../users/organisation-user-repository';
import { updateUser } from '../users/user-repository';
import { findConnection, listGroupMappings } from './connection-repository';
import { roleForGroups } from './group-roles';

/** The role people get when no mapping names one of their groups: the connection's, else the seeded Member role. */
export async function defaultRoleIdOf(executor: Executor, orgId: string): Promise<string> {
  const connection = await findConnection(executor, orgId);
  if (connection?.defaultRoleId) return connection.defaultRoleId;
  const member = await findSeededRole(executor, orgId, 'member');
  if (!member) throw new Error(`Organisation ${orgId} has no seeded Member role`);
  return member.id;
}

/**
 * Gives the person the role their groups map to (the first mapping that names one of them, else
 * the default role), inside a change that holds the organisation's lock. Without any mapping the
 * role is the administrators' business and stays. Never demotes the organisation's last active
 * administrator: a mapping mistake must not lock everyone out of administration.
 */
export async function applyRoleOfGroups(
  change: AdministrativeChange,
  orgId: string,
  userId: string,
  groups: readonly string[],
): Promise<void> {
  const { transaction } = change;
  const mappings = await listGroupMappings(transaction, orgId);
  if (mappings.length === 0) return;
  const targetRoleId = roleForGroups(mappings, groups) ?? (await defaultRoleIdOf(transaction, orgId));
  const user = await findOrganisationUser(transaction, orgId, userId);
  if (!user || user.roleId === targetRoleId) return;
  const role = await findRole(transaction, orgId, targetRoleId);
  if (!role) return;
  const demotesAdministrator = isAdministrator(callerAccess(user)) && !isAdministrator(role);
  if (demotesAdministrator && user.status === 'active' && (await countActiveAdministrators(transaction, orgId)) <= 1)
    return;
  await updateUser(transaction, orgId, userId, { roleId: role.id });
  const after = (await findOrganisationUser(transaction, orgId, userId))!;
  await change.record({
    action: 'user.role_change',
    targetType: 'user',
    targetId: userId,
    before: auditedUser(user),
    after: { ...auditedUser(after), groups },
  });
}
