import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { walletAutoReloads } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export type AutoReloadRow = typeof walletAutoReloads.$inferSelect;

/** Auto-reloads asked for and not yet charged, oldest first: one organisation's, or every one's (upkeep). */
export async function listRequestedReloads(
  db: Executor,
  orgId: string | undefined,
  limit: number,
): Promise<AutoReloadRow[]> {
  const requested = eq(walletAutoReloads.status, 'requested');
  return db
    .select()
    .from(walletAutoReloads)
    .where(orgId ? inOrganisation(walletAutoReloads.orgId, orgId, requested) : and(requested))
    .orderBy(asc(walletAutoReloads.createdAt))
    .limit(limit);
}

export async function finishReload(
  db: Executor,
  orgId: string,
  id: string,
  status: 'charged' | 'failed',
  paymentId: string | null,
): Promise<void> {
  await db
    .update(walletAutoReloads)
    .set({ status, paymentId, updatedAt: new Date() })
    .where(
      inOrganisation(
        walletAutoReloads.orgId,
        orgId,
        eq(walletAutoReloads.id, id),
        eq(walletAutoReloads.status, 'requested'),
      ),
    );
}
