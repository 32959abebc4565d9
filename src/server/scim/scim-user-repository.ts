import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../contracts';
import type { Executor } from '../db/database';
import { scimGroupMembers, scimGroups, scimUsers, users } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { ScimError } from './scim-errors';
import type { ScimComparison } from './scim-filter';
import { normaliseAttributePath } from './scim-filter';

export const userSchema = 'urn:ietf:params:scim:schemas:core:2.0:User';

const columns = {
  id: users.id,
  orgId: users.orgId,
  username: users.username,
  email: users.email,
  status: users.status,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  externalId: scimUsers.externalId,
};

export type ScimUserRecord = Awaited<ReturnType<typeof findScimUser>> & {};

/** Removed and deleted people are gone for the directory too. */
const present = ne(users.status, 'disabled');

function selectScimUsers(db: Executor) {
  return db.select(columns).from(users).leftJoin(scimUsers, eq(scimUsers.userId, users.id));
}

/**
 * The filter as SQL. `userName eq` also finds a person by e-mail address: directories identify
 * people by either, and someone who signed in with single sign-on before provisioning began has
 * a username of their own (their address's local part), so the directory finds them rather than
 * creating them twice.
 */
function whereOf(filter: ScimComparison | undefined): SQL | undefined {
  if (!filter) return undefined;
  const attribute = normaliseAttributePath(filter.attribute, userSchema);
  const value = filter.value;
  const text = typeof value === 'string' ? value : String(value);
  switch (attribute) {
    case 'username':
      return sql`(lower(${users.username}) = lower(${text}) or lower(${users.email}) = lower(${text}))`;
    case 'emails':
    case 'emails.value':
      return sql`lower(${users.email}) = lower(${text})`;
    case 'externalid':
      return eq(scimUsers.externalId, text);
    case 'id':
      return isUuid(text) ? eq(users.id, text) : sql`false`;
    case 'active':
      return value === true ? eq(users.status, 'active') : ne(users.status, 'active');
    default:
      throw new ScimError(400, `Filtering Users by ${filter.attribute} is not supported`, 'invalidFilter');
  }
}

export async function listScimUsers(
  db: Executor,
  orgId: string,
  filter: ScimComparison | undefined,
  page: { offset: number; limit: number },
) {
  const where = inOrganisation(users.orgId, orgId, present, whereOf(filter));
  const rows =
    page.limit === 0
      ? []
      : await selectScimUsers(db)
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .limit(page.limit)
          .offset(page.offset);
  const [count] = await db
    .select({ total: sql<string>`count(*)` })
    .from(users)
    .leftJoin(scimUsers, eq(scimUsers.userId, users.id))
    .where(where);
  return { rows, total: Number(count?.total ?? 0) };
}

export async function findScimUser(db: Executor, orgId: string, userId: string) {
  if (!isUuid(userId)) return undefined;
  const [row] = await selectScimUsers(db).where(inOrganisation(users.orgId, orgId, present, eq(users.id, userId)));
  return row;
}

/** Who holds this username or e-mail address, anywhere on the instance (both are unique across it). */
export async function findIdentityHolders(db: Executor, username: string, email: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`(lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email}))`);
  return rows.map((row) => row.id);
}

/** Records that the directory manages this person, with its own id for them. */
export async function linkScimUser(db: Executor, orgId: string, userId: string, externalId: string | null) {
  await db
    .insert(scimUsers)
    .values({ orgId, userId, externalId })
    .onConflictDoUpdate({ target: scimUsers.userId, set: { externalId, updatedAt: new Date() } });
}

export async function unlinkScimUser(db: Executor, orgId: string, userId: string) {
  await db.delete(scimUsers).where(inOrganisation(scimUsers.orgId, orgId, eq(scimUsers.userId, userId)));
}

/** The directory groups of these people, for their resources' read-only `groups`. */
export async function groupsOfUsers(db: Executor, orgId: string, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, { id: string; displayName: string }[]>();
  const rows = await db
    .select({ userId: scimGroupMembers.userId, id: scimGroups.id, displayName: scimGroups.displayName })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(inOrganisation(scimGroupMembers.orgId, orgId, inArray(scimGroupMembers.userId, userIds)))
    .orderBy(asc(scimGroups.displayName));
  const byUser = new Map<string, { id: string; displayName: string }[]>();
  for (const row of rows)
    byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), { id: row.id, displayName: row.displayName }]);
  return byUser;
}

/** Whether every id is a present person of the organisation (group members must be). */
export async function countPresentUsers(db: Executor, orgId: string, userIds: string[]): Promise<number> {
  const ids = userIds.filter(isUuid);
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(users)
    .where(inOrganisation(users.orgId, orgId, present, and(inArray(users.id, ids))));
  return Number(row?.count ?? 0);
}
