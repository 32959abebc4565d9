import { asc, eq } from 'drizzle-orm';
import type { KeyedProvider } from '../../contracts';
import type { Executor } from '../db/database';
import { organisationProviderKeys } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export type ProviderKeyRecord = typeof organisationProviderKeys.$inferSelect;

export async function listProviderKeys(db: Executor, orgId: string): Promise<ProviderKeyRecord[]> {
  return db
    .select()
    .from(organisationProviderKeys)
    .where(inOrganisation(organisationProviderKeys.orgId, orgId))
    .orderBy(asc(organisationProviderKeys.provider));
}

export async function saveProviderKey(
  db: Executor,
  values: {
    orgId: string;
    provider: KeyedProvider;
    apiKeyEncrypted: string | null;
    keyHint: string | null;
    baseUrl: string | null;
  },
): Promise<ProviderKeyRecord> {
  const { orgId: _orgId, provider: _provider, ...changes } = values;
  const [row] = await db
    .insert(organisationProviderKeys)
    .values(values)
    .onConflictDoUpdate({
      target: [organisationProviderKeys.orgId, organisationProviderKeys.provider],
      set: { ...changes, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('Saving a provider key returned no row');
  return row;
}

export async function deleteProviderKey(db: Executor, orgId: string, provider: KeyedProvider): Promise<boolean> {
  const rows = await db
    .delete(organisationProviderKeys)
    .where(inOrganisation(organisationProviderKeys.orgId, orgId, eq(organisationProviderKeys.provider, provider)))
    .returning({ provider: organisationProviderKeys.provider });
  return rows.length > 0;
}
