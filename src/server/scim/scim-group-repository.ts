import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../contracts';
import type { Executor } from '../db/database';
import { scimGroupMembers, scimGroups, users } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { ScimError } from './scim-errors';
import { normaliseAttributePath, type ScimComparison } from './scim-filter';

export const groupSchema = 'urn:ietf:params:scim:schemas:core:2.0:Group';

export type ScimGroupRecord = typeof scimGroups.$inferSelect;

function whereOf(filter: ScimComparison | undefined): SQL | undefined {
  if (!filter) return undefined;
  const text = String(filter.value);
  switch (normaliseAttributePath(filter.attribute, groupSchema)) {
    case 'displayname':
      return sql`lower(${scimGroups.displayName}) = lower(${text})`;
    case 'externalid':
      return eq(scimGroups.externalId, text);
    case 'id':
      return isUuid(text) ? eq(scimGroups.id, text) : sql`false`;
    default:
      throw new ScimError(400, `Filtering Groups by ${filter.attribute} is not supported`, 'invalidFilter');
  }
}

export async function listScimGroups(
  db: Executor,
  orgId: string,
  filter: ScimComparison | undefined,
  page: { offset: number; limit: number },
) {
  const where = inOrganisation(scimGroups.orgId, orgId, whereOf(filter));
  const rows =
    page.limit === 0
      ? []
      : await db
          .select()
          .from(scimGroups)
          .where(where)
          .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id))
          .limit(page.limit)
          .offset(page.offset);
  const [count] = await db.select({ total: sql<string>`count(*)` }).from(scimGroups).where(where);
  return { rows, total: Number(count?.total ?? 0) };
}

export async function findScimGroup(db: Executor, orgId: string, groupId: string) {
  if (!isUuid(groupId)) return undefined;
  const [row] = await db
    .select()
    .from(scimGroups)
    .where(inOrganisation(scimGroups.orgId, orgId, eq(scimGroups.id, groupId)));
  return row;
}

export async function insertScimGroup(
  db: Executor,
  values: { orgId: string; displayName: string; externalId: string | null },
): Promise<ScimGroupRecord> {
  const [row] = await db.insert(scimGroups).values(values).returning();
  return row!;
}

export async function updateScimGroup(
  db: Executor,
  orgId: string,
  groupId: string,
  values: { displayName: string; externalId: string | null },
): Promise<void> {
  await db
    .update(scimGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(inOrganisation(scimGroups.orgId, orgId, eq(scimGroups.id, groupId)));
}

export async function deleteScimGroup(db: Executor, orgId: string, groupId: string): Promise<void> {
  await db.delete(scimGroups).where(inOrganisation(scimGroups.orgId, orgId, eq(scimGroups.id, groupId)));
}

/** Members with their usernames, for the resource's `members` (display). */
export async function membersOfGroups(db: Executor, orgId: string, groupIds: string[]) {
  const byGroup = new Map<string, { userId: string; username: string }[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .select({ groupId: scimGroupMembers.groupId, userId: scimGroupMembers.userId, username: users.username })
    .from(scimGroupMembers)
    .innerJoin(users, eq(users.id, scimGroupMembers.userId))
    .where(inOrganisation(scimGroupMembers.orgId, orgId, inArray(scimGroupMembers.groupId, groupIds)))
    .orderBy(asc(users.username));
  for (const row of rows)
    byGroup.set(row.groupId, [...(byGroup.get(row.groupId) ?? []), { userId: row.userId, username: row.username }]);
  return byGroup;
}

export async function replaceGroupMembers(db: Executor, orgId: string, groupId: string, userIds: string[]) {
  await db
    .delete(scimGroupMembers)
    .where(inOrganisation(scimGroupMembers.orgId, orgId, eq(scimGroupMembers.groupId, groupId)));
  if (userIds.length > 0)
    await db.insert(scimGroupMembers).values(userIds.map((userId) => ({ orgId, groupId, userId })));
}

/** The display names of the person's directory groups: what group mappings look for. */
export async function groupNamesOfUser(db: Executor, orgId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ displayName: scimGroups.displayName })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(inOrganisation(scimGroupMembers.orgId, orgId, eq(scimGroupMembers.userId, userId)));
  return rows.map((row) => row.displayName);
}

export async function removeFromAllGroups(db: Executor, orgId: string, userId: string): Promise<void> {
  await db
    .delete(scimGroupMembers)
    .where(inOrganisation(scimGroupMembers.orgId, orgId, eq(scimGroupMembers.userId, userId)));
}
