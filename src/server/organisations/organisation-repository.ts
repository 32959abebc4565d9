import { eq, sql } from 'drizzle-orm';
import type { Organisation } from '../../contracts';
import type { Executor } from '../db/database';
import { organisations, roles, users } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { isCurrentPerson } from '../users/people';

export async function insertOrganisation(
  db: Executor,
  values: { name: string; contactEmail: string },
): Promise<string> {
  const [organisation] = await db.insert(organisations).values(values).returning({ id: organisations.id });
  if (!organisation) throw new Error('Creating an organisation returned no row');
  return organisation.id;
}

/** The organisation with how many people (removed ones left out) and roles it has (spec section 3). */
export async function findOrganisation(db: Executor, orgId: string): Promise<Organisation | undefined> {
  const [row] = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      domain: organisations.domain,
      size: organisations.size,
      industry: organisations.industry,
      contactEmail: organisations.contactEmail,
      subscriptionTier: organisations.subscriptionTier,
      createdAt: organisations.createdAt,
      totalUsers: sql<string>`(select count(*) from ${users} where ${inOrganisation(users.orgId, orgId, isCurrentPerson)})`,
      totalRoles: sql<string>`(select count(*) from ${roles} where ${inOrganisation(roles.orgId, orgId)})`,
    })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    size: row.size,
    industry: row.industry,
    contact_email: row.contactEmail,
    subscription_tier: row.subscriptionTier,
    created_at: row.createdAt.toISOString(),
    total_users: Number(row.totalUsers),
    total_roles: Number(row.totalRoles),
  };
}

export async function updateOrganisationRecord(
  db: Executor,
  orgId: string,
  changes: {
    name: string;
    domain?: string | null;
    size?: string | null;
    industry?: string | null;
    contactEmail?: string;
  },
): Promise<void> {
  await db
    .update(organisations)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(organisations.id, orgId));
}
