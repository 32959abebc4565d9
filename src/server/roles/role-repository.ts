import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Scope } from '../../contracts';
import type { Executor } from '../db/database';
import { rolePermissions, roles, users, type SeededRoleKey } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { isCurrentPerson } from '../users/people';
import { memberDefaultModelIds, newRoleModelDefaults, seededRoles } from './default-roles';

export interface RoleRecord {
  id: string;
  orgId: string;
  name: string;
  description: string;
  seededAs: SeededRoleKey | null;
  shortenRepliesToFit: boolean;
  scopes: Scope[];
  unlimited: boolean;
}

const roleColumns = {
  id: roles.id,
  orgId: roles.orgId,
  name: roles.name,
  description: roles.description,
  seededAs: roles.seededAs,
  shortenRepliesToFit: roles.shortenRepliesToFit,
  scopes: roles.scopes,
  unlimited: roles.unlimited,
};

export async function findRole(db: Executor, orgId: string, roleId: string): Promise<RoleRecord | undefined> {
  const [role] = await db
    .select(roleColumns)
    .from(roles)
    .where(inOrganisation(roles.orgId, orgId, eq(roles.id, roleId)));
  return role;
}

export async function findSeededRole(db: Executor, orgId: string, key: SeededRoleKey): Promise<RoleRecord | undefined> {
  const [role] = await db
    .select(roleColumns)
    .from(roles)
    .where(inOrganisation(roles.orgId, orgId, eq(roles.seededAs, key)));
  return role;
}

/** The organisation's roles by name, each with how many people (removed ones and service keys left out) hold it. */
export async function listRoles(db: Executor, orgId: string): Promise<(RoleRecord & { userCount: number })[]> {
  // A join, not a correlated subquery: drizzle leaves a subquery's columns unqualified, so "id" there meant the user's.
  return db
    .select({ ...roleColumns, userCount: count(users.id) })
    .from(roles)
    .leftJoin(users, and(eq(users.orgId, roles.orgId), eq(users.roleId, roles.id), isCurrentPerson))
    .where(inOrganisation(roles.orgId, orgId))
    .groupBy(roles.id)
    .orderBy(asc(roles.name));
}

export async function insertRole(
  db: Executor,
  orgId: string,
  values: { name: string; description: string; shortenRepliesToFit?: boolean; scopes?: Scope[]; unlimited?: boolean },
): Promise<string> {
  const [role] = await db
    .insert(roles)
    .values({ orgId, ...values })
    .returning({ id: roles.id });
  if (!role) throw new Error('Creating a role returned no row');
  return role.id;
}

export async function updateRoleRecord(
  db: Executor,
  orgId: string,
  roleId: string,
  changes: {
    name?: string;
    description?: string;
    shortenRepliesToFit?: boolean;
    scopes?: Scope[];
    unlimited?: boolean;
  },
): Promise<void> {
  await db
    .update(roles)
    .set({ ...changes, updatedAt: new Date() })
    .where(inOrganisation(roles.orgId, orgId, eq(roles.id, roleId)));
}

export async function deleteRoleRecord(db: Executor, orgId: string, roleId: string): Promise<void> {
  await db.delete(roles).where(inOrganisation(roles.orgId, orgId, eq(roles.id, roleId)));
}

/** People holding the role: everyone but those removed (who keep a role only for the record) and service keys' principals. */
export async function countRoleHolders(db: Executor, orgId: string, roleId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(users)
    .where(inOrganisation(users.orgId, orgId, and(eq(users.roleId, roleId), isCurrentPerson)));
  return Number(row?.count ?? 0);
}

/** Removed people keep a role for the record; before that role goes, they are given another. */
export async function moveRemovedHolders(
  db: Executor,
  orgId: string,
  fromRoleId: string,
  toRoleId: string,
): Promise<number> {
  const moved = await db
    .update(users)
    .set({ roleId: toRoleId, updatedAt: new Date() })
    .where(inOrganisation(users.orgId, orgId, and(eq(users.roleId, fromRoleId), eq(users.status, 'disabled'))))
    .returning({ id: users.id });
  return moved.length;
}

/**
 * Every new organisation starts with an unlimited Admin role, a limited Member role and the three
 * manager roles of spec section 6, which chat with the Member's models.
 */
export async function seedDefaultRoles(
  db: Executor,
  orgId: string,
): Promise<{ adminRoleId: string; memberRoleId: string }> {
  const seeded = await db
    .insert(roles)
    .values(Object.entries(seededRoles).map(([key, role]) => ({ orgId, ...role, seededAs: key as SeededRoleKey })))
    .returning({ id: roles.id, seededAs: roles.seededAs });
  const idOf = (key: SeededRoleKey) => {
    const role = seeded.find((row) => row.seededAs === key);
    if (!role) throw new Error(`Seeding default roles returned no ${key} role`);
    return role.id;
  };
  const limitedRoleIds = seeded.filter((role) => role.seededAs !== 'admin').map((role) => role.id);
  await db
    .insert(rolePermissions)
    .values(
      limitedRoleIds.flatMap((roleId) =>
        memberDefaultModelIds.map((modelId) => ({ roleId, orgId, modelId, isEnabled: true, ...newRoleModelDefaults })),
      ),
    );
  return { adminRoleId: idOf('admin'), memberRoleId: idOf('member') };
}
