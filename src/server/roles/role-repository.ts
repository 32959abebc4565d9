import { asc, eq, inArray } from 'drizzle-orm';
import type { Role } from '../../contracts';
import type { Executor } from '../db/database';
import { rolePermissions, roles } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { memberDefaultModelIds, newRoleModelDefaults, seededRoles } from './default-roles';

export interface RoleRecord {
  id: string;
  orgId: string;
  name: string;
  description: string;
}

const roleColumns = { id: roles.id, orgId: roles.orgId, name: roles.name, description: roles.description };

export async function findRole(db: Executor, orgId: string, roleId: string): Promise<RoleRecord | undefined> {
  const [role] = await db
    .select(roleColumns)
    .from(roles)
    .where(inOrganisation(roles.orgId, orgId, eq(roles.id, roleId)));
  return role;
}

export async function findRoleWithPermissions(db: Executor, orgId: string, roleId: string): Promise<Role | undefined> {
  const role = await findRole(db, orgId, roleId);
  if (!role) return undefined;
  const [presented] = await presentRoles(db, orgId, [role]);
  return presented;
}

/** Every role of the organisation with its permissions: two queries, whatever the number of roles. */
export async function listRolesWithPermissions(db: Executor, orgId: string): Promise<Role[]> {
  const found = await db
    .select(roleColumns)
    .from(roles)
    .where(inOrganisation(roles.orgId, orgId))
    .orderBy(asc(roles.name));
  return presentRoles(db, orgId, found);
}

async function presentRoles(db: Executor, orgId: string, found: RoleRecord[]): Promise<Role[]> {
  if (found.length === 0) return [];
  const permissions = await db
    .select()
    .from(rolePermissions)
    .where(inOrganisation(rolePermissions.orgId, orgId, inArray(rolePermissions.roleId, found.map((role) => role.id))))
    .orderBy(asc(rolePermissions.modelId));
  return found.map((role) => ({
    id: role.id,
    role_id: role.id,
    org_id: role.orgId,
    name: role.name,
    description: role.description,
    permissions: permissions
      .filter((permission) => permission.roleId === role.id)
      .map((permission) => ({
        model_id: permission.modelId,
        isEnabled: permission.isEnabled,
        max_tokens_per_request: permission.maxTokensPerRequest,
        monthly_token_limit: permission.monthlyTokenLimit,
        cost_limit: permission.costLimit,
      })),
  }));
}

/** Every new organisation starts with an unlimited Admin role and a limited Member role. */
export async function seedDefaultRoles(db: Executor, orgId: string): Promise<{ adminRoleId: string; memberRoleId: string }> {
  const [admin, member] = await db
    .insert(roles)
    .values([
      { orgId, ...seededRoles.admin },
      { orgId, ...seededRoles.member },
    ])
    .returning({ id: roles.id, name: roles.name });
  if (!admin || !member) throw new Error('Seeding default roles returned no rows');
  await db.insert(rolePermissions).values(
    memberDefaultModelIds.map((modelId) => ({
      roleId: member.id,
      orgId,
      modelId,
      isEnabled: true,
      ...newRoleModelDefaults,
    })),
  );
  return { adminRoleId: admin.id, memberRoleId: member.id };
}
