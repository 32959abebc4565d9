import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { rolePermissions } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

/** One model's row of a role, as stored. */
export interface StoredPermission {
  modelId: string;
  isEnabled: boolean;
  maxTokensPerRequest: number;
  monthlyTokenLimit: number;
  /** Dollars as the numeric column's text. */
  costLimit: string;
}

/** The permission rows of these roles, by role id: one query, whatever the number of roles. */
export async function listPermissionsOfRoles(
  db: Executor,
  orgId: string,
  roleIds: string[],
): Promise<Map<string, StoredPermission[]>> {
  const byRole = new Map<string, StoredPermission[]>(roleIds.map((roleId) => [roleId, []]));
  if (roleIds.length === 0) return byRole;
  const rows = await db
    .select({
      roleId: rolePermissions.roleId,
      modelId: rolePermissions.modelId,
      isEnabled: rolePermissions.isEnabled,
      maxTokensPerRequest: rolePermissions.maxTokensPerRequest,
      monthlyTokenLimit: rolePermissions.monthlyTokenLimit,
      costLimit: rolePermissions.costLimit,
    })
    .from(rolePermissions)
    .where(inOrganisation(rolePermissions.orgId, orgId, inArray(rolePermissions.roleId, roleIds)))
    .orderBy(asc(rolePermissions.modelId));
  for (const { roleId, ...permission } of rows) byRole.get(roleId)?.push(permission);
  return byRole;
}

/** Replaces the role's rows with these; read on the very next request (model-access.ts reads them per request). */
export async function replaceRolePermissions(
  db: Executor,
  orgId: string,
  roleId: string,
  permissions: readonly StoredPermission[],
): Promise<void> {
  await db
    .delete(rolePermissions)
    .where(inOrganisation(rolePermissions.orgId, orgId, eq(rolePermissions.roleId, roleId)));
  if (permissions.length === 0) return;
  await db.insert(rolePermissions).values(permissions.map((permission) => ({ roleId, orgId, ...permission })));
}
