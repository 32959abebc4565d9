import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrganisationUser, Scope } from '../../contracts';
import type { Executor } from '../db/database';
import { roles, users } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { isCurrentPerson } from './people';

/** Someone of the organisation as administration sees them: never a password hash or secret. */
export interface OrganisationUserRecord {
  id: string;
  username: string;
  email: string;
  roleId: string;
  roleName: string;
  roleScopes: Scope[];
  roleUnlimited: boolean;
  status: string;
  createdAt: Date;
  lastLoginAt: Date | null;
}

const columns = {
  id: users.id,
  username: users.username,
  email: users.email,
  roleId: users.roleId,
  roleName: roles.name,
  roleScopes: roles.scopes,
  roleUnlimited: roles.unlimited,
  status: users.status,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

/** Removed people stay in the database for usage history, never in administration; nor do service keys' principals. */
const notRemoved = isCurrentPerson;

function selectOrganisationUsers(db: Executor) {
  return db
    .select(columns)
    .from(users)
    .innerJoin(roles, and(eq(roles.id, users.roleId), eq(roles.orgId, users.orgId)));
}

export async function findOrganisationUser(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<OrganisationUserRecord | undefined> {
  const [user] = await selectOrganisationUsers(db).where(
    inOrganisation(users.orgId, orgId, and(eq(users.id, userId), notRemoved)),
  );
  return user;
}

/** Every active person of the organisation (or just `userId`), oldest first, with no paging and no count. */
export function listAllOrganisationUsers(
  db: Executor,
  orgId: string,
  userId?: string,
): Promise<OrganisationUserRecord[]> {
  return selectOrganisationUsers(db)
    .where(inOrganisation(users.orgId, orgId, notRemoved, userId ? eq(users.id, userId) : undefined))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/** A page of the organisation's people, oldest first (a stable order while people are added), and how many there are. */
export async function listOrganisationUsers(
  db: Executor,
  orgId: string,
  page: { offset: number; limit: number },
  userId?: string,
) {
  const where = inOrganisation(users.orgId, orgId, notRemoved, userId ? eq(users.id, userId) : undefined);
  const rows = await selectOrganisationUsers(db)
    .where(where)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db.select({ total: sql<string>`count(*)` }).from(users).where(where);
  return { users: rows, total: Number(count?.total ?? 0) };
}

/** Active people whose role holds the admin scope: the organisation's administrators (spec section 6). */
export async function countActiveAdministrators(db: Executor, orgId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(users)
    .innerJoin(roles, and(eq(roles.id, users.roleId), eq(roles.orgId, users.orgId)))
    .where(inOrganisation(users.orgId, orgId, eq(users.status, 'active'), sql`'admin' = any(${roles.scopes})`));
  return Number(row?.count ?? 0);
}

export function presentOrganisationUser(user: OrganisationUserRecord): OrganisationUser {
  return {
    id: user.id,
    name: user.username,
    email: user.email,
    role_name: user.roleName,
    role_id: user.roleId,
    status: user.status,
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
  };
}

/** The values an audit entry keeps of a person. */
export function auditedUser(user: OrganisationUserRecord) {
  return {
    username: user.username,
    email: user.email,
    role_id: user.roleId,
    role_name: user.roleName,
    status: user.status,
  };
}
