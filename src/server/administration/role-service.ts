import {
  apiKeyMessages,
  isAdministrator,
  messages,
  type RoleAccess,
  type CreateRoleRequest,
  type Role,
  type UpdateRoleRequest,
} from '../../contracts';
import type { CatalogModel } from '../../gateway';
import { countLiveServiceKeysOfRole } from '../api-keys/api-key-repository';
import { makeAdministrativeChange } from '../audit/administrative-change';
import type { Database, Executor } from '../db/database';
import { AppError, forbidden, notFound } from '../http/app-error';
import { type Caller, callerAccess } from '../http/context';
import { uniqueViolationIndex } from '../shared/unique-violation';
import { refuseLosingTheLastAdministrator } from '../users/last-administrator';
import { listPermissionsOfRoles, replaceRolePermissions } from '../roles/role-permission-repository';
import {
  everyModelWithDefaults,
  permissionsToStore,
  presentRole,
  refuseUnknownModels,
} from '../roles/role-permissions';
import {
  countRoleHolders,
  deleteRoleRecord,
  findRole,
  findSeededRole,
  insertRole,
  listRoles,
  moveRemovedHolders,
  updateRoleRecord,
  type RoleRecord,
} from '../roles/role-repository';

export interface RoleDependencies {
  db: Database;
  catalog: readonly CatalogModel[];
  /** The embedding models programs may call (docs/decisions/060): a role may grant them as it grants chat models. */
  embeddingModels?: readonly CatalogModel[];
}

/** The chat catalog: what a new role without a list enables (spec section 4). */
const catalogIds = (dependencies: RoleDependencies) => new Set(dependencies.catalog.map((model) => model.id));
/** Every model a role may name: the chat catalog and the embedding models. */
const grantableIds = (dependencies: RoleDependencies) =>
  new Set([...catalogIds(dependencies), ...(dependencies.embeddingModels ?? []).map((model) => model.id)]);
const conflict = (message: string) => new AppError('conflict', message);

function refuseOtherOrganisation(caller: Caller, orgId: string | undefined): void {
  if (orgId !== undefined && orgId !== caller.orgId) throw forbidden(messages.organizationMismatch);
}

/** Role names are unique per organisation whatever their case; the index backs this check up. */
async function roleNameTaken(db: Executor, orgId: string, name: string, exceptRoleId?: string): Promise<boolean> {
  const roles = await listRoles(db, orgId);
  return roles.some((role) => role.id !== exceptRoleId && role.name.toLowerCase() === name.toLowerCase());
}

function translateNameConflict(name: string) {
  return (error: unknown): never => {
    if (uniqueViolationIndex(error) === 'roles_org_name_unique') throw conflict(messages.roleNameTaken(name));
    throw error;
  };
}

/**
 * The scopes and unlimited flag a role will have: what was sent, else what it has. Only
 * administrators set them (docs/decisions/059); the administrator scope always comes unlimited.
 */
function accessToStore(
  caller: Caller,
  current: RoleAccess,
  input: Pick<CreateRoleRequest, 'scopes' | 'unlimited'>,
): RoleAccess {
  const changing = input.scopes !== undefined || input.unlimited !== undefined;
  if (changing && !isAdministrator(callerAccess(caller))) throw forbidden(messages.onlyAdministratorsSetScopes);
  const scopes = input.scopes ?? current.scopes;
  const administrator = isAdministrator({ scopes });
  return { scopes: [...scopes], unlimited: administrator || (input.unlimited ?? current.unlimited) };
}

async function presentStoredRole(db: Executor, dependencies: RoleDependencies, role: RoleRecord): Promise<Role> {
  const permissions = await listPermissionsOfRoles(db, role.orgId, [role.id]);
  return presentRole(role, permissions.get(role.id) ?? [], grantableIds(dependencies));
}

/** The organisation's roles with their permissions and how many people hold each: two queries. */
export async function listRolesWithPermissions(dependencies: RoleDependencies, orgId: string) {
  const roles = await listRoles(dependencies.db, orgId);
  const permissions = await listPermissionsOfRoles(
    dependencies.db,
    orgId,
    roles.map((role) => role.id),
  );
  return roles.map((role) => ({
    ...presentRole(role, permissions.get(role.id) ?? [], grantableIds(dependencies)),
    user_count: role.userCount,
  }));
}

export async function findRoleWithPermissions(
  dependencies: RoleDependencies,
  orgId: string,
  roleId: string,
): Promise<Role | undefined> {
  const role = await findRole(dependencies.db, orgId, roleId);
  return role && presentStoredRole(dependencies.db, dependencies, role);
}

export async function createRole(
  dependencies: RoleDependencies,
  caller: Caller,
  input: CreateRoleRequest,
): Promise<Role> {
  refuseOtherOrganisation(caller, input.org_id);
  refuseUnknownModels(input.permissions, grantableIds(dependencies));
  const access = accessToStore(caller, { scopes: [], unlimited: false }, input);
  return makeAdministrativeChange(dependencies.db, caller, async ({ transaction, record }) => {
    if (await roleNameTaken(transaction, caller.orgId, input.name)) throw conflict(messages.roleNameTaken(input.name));
    const roleId = await insertRole(transaction, caller.orgId, {
      name: input.name,
      description: input.description ?? '',
      shortenRepliesToFit: input.shorten_replies_to_fit ?? false,
      scopes: [...access.scopes],
      unlimited: access.unlimited,
    });
    await replaceRolePermissions(
      transaction,
      caller.orgId,
      roleId,
      permissionsToStore(access, input.permissions, everyModelWithDefaults(catalogIds(dependencies))),
    );
    const role = await presentStoredRole(
      transaction,
      dependencies,
      (await findRole(transaction, caller.orgId, roleId))!,
    );
    await record({
      action: 'role.create',
      targetType: 'role',
      targetId: roleId,
      before: null,
      after: auditedRole(role),
    });
    return role;
  }).catch(translateNameConflict(input.name));
}

export async function updateRole(
  dependencies: RoleDependencies,
  caller: Caller,
  roleId: string,
  input: UpdateRoleRequest,
): Promise<Role> {
  refuseOtherOrganisation(caller, input.org_id);
  refuseUnknownModels(input.permissions, grantableIds(dependencies));
  const name = input.name;
  return makeAdministrativeChange(dependencies.db, caller, async ({ transaction, record }) => {
    const role = await findRole(transaction, caller.orgId, roleId);
    if (!role) throw notFound(messages.roleNotFound);
    const before = await presentStoredRole(transaction, dependencies, role);
    const newName = name ?? role.name;
    const access = accessToStore(caller, role, input);
    if (role.seededAs === 'admin' && !isAdministrator(access)) throw conflict(messages.adminRoleMustStayAdmin);
    if (name !== undefined && (await roleNameTaken(transaction, caller.orgId, name, roleId)))
      throw conflict(messages.roleNameTaken(name));
    await updateRoleRecord(transaction, caller.orgId, roleId, {
      name,
      description: input.description,
      shortenRepliesToFit: input.shorten_replies_to_fit,
      scopes: [...access.scopes],
      unlimited: access.unlimited,
    });
    // Administrators keep no rows: losing the admin scope starts from every model at the defaults.
    const current = isAdministrator(role)
      ? everyModelWithDefaults(catalogIds(dependencies))
      : (await listPermissionsOfRoles(transaction, caller.orgId, [roleId])).get(roleId)!;
    await replaceRolePermissions(
      transaction,
      caller.orgId,
      roleId,
      permissionsToStore(access, input.permissions, current),
    );
    if (isAdministrator(role) && !isAdministrator(access))
      await refuseLosingTheLastAdministrator(transaction, caller.orgId);
    const after = await presentStoredRole(transaction, dependencies, {
      ...role,
      name: newName,
      description: input.description ?? role.description,
      shortenRepliesToFit: input.shorten_replies_to_fit ?? role.shortenRepliesToFit,
      scopes: [...access.scopes],
      unlimited: access.unlimited,
    });
    await record({
      action: 'role.update',
      targetType: 'role',
      targetId: roleId,
      before: auditedRole(before),
      after: auditedRole(after),
    });
    return after;
  }).catch(translateNameConflict(name ?? ''));
}

/**
 * Deletes a role nobody holds. People removed earlier keep a role only for the record: they are
 * moved to the seeded Member role (or, without one, the Admin role, which always exists).
 */
export async function deleteRole(
  dependencies: RoleDependencies,
  caller: Caller,
  roleId: string,
): Promise<{ success: boolean; message: string }> {
  return makeAdministrativeChange(dependencies.db, caller, async ({ transaction, record }) => {
    const role = await findRole(transaction, caller.orgId, roleId);
    if (!role) throw notFound(messages.roleNotFound);
    if (role.seededAs === 'admin') throw conflict(messages.adminRoleNotDeletable);
    const holders = await countRoleHolders(transaction, caller.orgId, roleId);
    if (holders > 0) throw conflict(messages.roleInUse(holders));
    const serviceKeys = await countLiveServiceKeysOfRole(transaction, caller.orgId, roleId);
    if (serviceKeys > 0) throw conflict(apiKeyMessages.roleInUseByServiceKeys(serviceKeys));
    const before = await presentStoredRole(transaction, dependencies, role);
    const member = await findSeededRole(transaction, caller.orgId, 'member');
    const keeper = member && member.id !== roleId ? member : await findSeededRole(transaction, caller.orgId, 'admin');
    const moved = keeper ? await moveRemovedHolders(transaction, caller.orgId, roleId, keeper.id) : 0;
    await deleteRoleRecord(transaction, caller.orgId, roleId);
    const after =
      moved > 0
        ? {
            deleted: true,
            removed_users_moved_to_role_id: keeper!.id,
            // The name as it is now: the log reads the same after the role is renamed.
            removed_users_moved_to_role_name: keeper!.name,
            removed_users_moved: moved,
          }
        : null;
    await record({ action: 'role.delete', targetType: 'role', targetId: roleId, before: auditedRole(before), after });
    return { success: true, message: 'Role deleted' };
  });
}

/** The values an audit entry keeps of a role. */
function auditedRole(role: Role) {
  return {
    name: role.name,
    description: role.description,
    scopes: role.scopes,
    unlimited: role.unlimited,
    permissions: role.permissions,
  };
}
