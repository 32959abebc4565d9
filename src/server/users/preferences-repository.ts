import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { userPreferences } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export async function readStoredPreferences(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ values: userPreferences.values })
    .from(userPreferences)
    .where(inOrganisation(userPreferences.orgId, orgId, eq(userPreferences.userId, userId)));
  return row?.values;
}

export async function writePreferences(
  db: Executor,
  orgId: string,
  userId: string,
  values: Record<string, unknown>,
): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ orgId, userId, values })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { values, updatedAt: new Date() },
      where: eq(userPreferences.orgId, orgId),
    });
}

export async function deletePreferences(db: Executor, orgId: string, userId: string): Promise<void> {
  await db
    .delete(userPreferences)
    .where(inOrganisation(userPreferences.orgId, orgId, eq(userPreferences.userId, userId)));
}
