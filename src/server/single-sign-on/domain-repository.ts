import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { singleSignOnDomains } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export type DomainRecord = typeof singleSignOnDomains.$inferSelect;

export async function listDomains(db: Executor, orgId: string): Promise<DomainRecord[]> {
  return db
    .select()
    .from(singleSignOnDomains)
    .where(inOrganisation(singleSignOnDomains.orgId, orgId))
    .orderBy(asc(singleSignOnDomains.domain));
}

export async function findDomain(db: Executor, orgId: string, domain: string): Promise<DomainRecord | undefined> {
  const [row] = await db
    .select()
    .from(singleSignOnDomains)
    .where(inOrganisation(singleSignOnDomains.orgId, orgId, eq(singleSignOnDomains.domain, domain)));
  return row;
}

export async function insertDomain(
  db: Executor,
  values: { orgId: string; domain: string; verificationToken: string },
): Promise<DomainRecord> {
  const [row] = await db.insert(singleSignOnDomains).values(values).returning();
  return row!;
}

export async function markDomainVerified(
  db: Executor,
  orgId: string,
  domain: string,
  verifiedBy: 'dns' | 'operator',
): Promise<DomainRecord | undefined> {
  const [row] = await db
    .update(singleSignOnDomains)
    .set({ verifiedAt: new Date(), verifiedBy })
    .where(inOrganisation(singleSignOnDomains.orgId, orgId, eq(singleSignOnDomains.domain, domain)))
    .returning();
  return row;
}

export async function deleteDomain(db: Executor, orgId: string, domain: string): Promise<boolean> {
  const deleted = await db
    .delete(singleSignOnDomains)
    .where(inOrganisation(singleSignOnDomains.orgId, orgId, eq(singleSignOnDomains.domain, domain)))
    .returning({ id: singleSignOnDomains.id });
  return deleted.length > 0;
}

/** Whether another organisation proved this domain already: then nobody else can. */
export async function isDomainVerifiedElsewhere(db: Executor, orgId: string, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: singleSignOnDomains.id })
    .from(singleSignOnDomains)
    .where(
      and(
        eq(singleSignOnDomains.domain, domain),
        isNotNull(singleSignOnDomains.verifiedAt),
        ne(singleSignOnDomains.orgId, orgId),
      ),
    );
  return row !== undefined;
}

/** The organisation's proven domains: the only ones its identity provider signs people in for. */
export async function listVerifiedDomains(db: Executor, orgId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: singleSignOnDomains.domain })
    .from(singleSignOnDomains)
    .where(inOrganisation(singleSignOnDomains.orgId, orgId, isNotNull(singleSignOnDomains.verifiedAt)));
  return rows.map((row) => row.domain);
}
