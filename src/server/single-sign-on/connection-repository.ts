import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { singleSignOnConnections, singleSignOnDomains, singleSignOnGroupMappings } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export type ConnectionRecord = typeof singleSignOnConnections.$inferSelect;
export type NewConnection = Omit<typeof singleSignOnConnections.$inferInsert, 'createdAt' | 'updatedAt'>;

export interface GroupMapping {
  groupName: string;
  roleId: string;
}

export async function findConnection(db: Executor, orgId: string): Promise<ConnectionRecord | undefined> {
  const [row] = await db
    .select()
    .from(singleSignOnConnections)
    .where(inOrganisation(singleSignOnConnections.orgId, orgId));
  return row;
}

/** Sign-in starts from a name alone, before anyone is known: the one look-up across organisations. */
export async function findConnectionBySlug(db: Executor, slug: string): Promise<ConnectionRecord | undefined> {
  const [row] = await db
    .select()
    .from(singleSignOnConnections)
    .where(sql`lower(${singleSignOnConnections.slug}) = lower(${slug})`);
  return row;
}

/** The connection whose organisation proved this e-mail domain (at most one can). */
export async function findConnectionByVerifiedDomain(
  db: Executor,
  domain: string,
): Promise<ConnectionRecord | undefined> {
  const [row] = await db
    .select({ connection: singleSignOnConnections })
    .from(singleSignOnDomains)
    .innerJoin(singleSignOnConnections, eq(singleSignOnConnections.orgId, singleSignOnDomains.orgId))
    .where(sql`${singleSignOnDomains.domain} = ${domain} and ${singleSignOnDomains.verifiedAt} is not null`);
  return row?.connection;
}

export async function saveConnection(db: Executor, values: NewConnection): Promise<ConnectionRecord> {
  const { orgId: _orgId, ...changes } = values;
  const [row] = await db
    .insert(singleSignOnConnections)
    .values(values)
    .onConflictDoUpdate({ target: singleSignOnConnections.orgId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function deleteConnection(db: Executor, orgId: string): Promise<boolean> {
  const deleted = await db
    .delete(singleSignOnConnections)
    .where(inOrganisation(singleSignOnConnections.orgId, orgId))
    .returning({ orgId: singleSignOnConnections.orgId });
  return deleted.length > 0;
}

/** The organisation's group mappings in order: the first group a person is in decides. */
export async function listGroupMappings(db: Executor, orgId: string): Promise<GroupMapping[]> {
  return db
    .select({ groupName: singleSignOnGroupMappings.groupName, roleId: singleSignOnGroupMappings.roleId })
    .from(singleSignOnGroupMappings)
    .where(inOrganisation(singleSignOnGroupMappings.orgId, orgId))
    .orderBy(asc(singleSignOnGroupMappings.position));
}

export async function replaceGroupMappings(db: Executor, orgId: string, mappings: GroupMapping[]): Promise<void> {
  await db.delete(singleSignOnGroupMappings).where(inOrganisation(singleSignOnGroupMappings.orgId, orgId));
  if (mappings.length === 0) return;
  await db
    .insert(singleSignOnGroupMappings)
    .values(mappings.map((mapping, position) => ({ orgId, ...mapping, position })));
}
