import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { budgetLeases } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { ownerGone } from '../db/instance-liveness';
import { usdDecimal } from '../../money';
import type { Grant, LeaseScope } from './budget-lease-book';

// Budget leases in the database (docs/decisions/073): what each one grants counts as taken beyond
// the usage records written under it, in the same sums that count records and reservations.

/** Writes the lease with what it now grants (a claim, more room, or room given back). */
export async function saveLease(
  transaction: Executor,
  lease: { id: string; scope: LeaseScope; granted: Grant; owner: string },
): Promise<void> {
  const { scope, granted } = lease;
  const values = {
    tokens: granted.tokens,
    costUsd: granted.costPicodollars === null ? null : usdDecimal(granted.costPicodollars),
  };
  await transaction
    .insert(budgetLeases)
    .values({
      id: lease.id,
      orgId: scope.orgId,
      kind: scope.kind,
      userId: scope.kind === 'limit' ? scope.userId : null,
      modelId: scope.kind === 'limit' ? scope.modelId : null,
      apiKeyId: scope.kind === 'key-budget' ? scope.apiKeyId : null,
      periodStart: scope.kind === 'wallet' ? null : scope.periodStart,
      owner: lease.owner,
      ...values,
    })
    .onConflictDoUpdate({ target: budgetLeases.id, set: values, setWhere: eq(budgetLeases.orgId, scope.orgId) });
}

/** Returns leases: their rows go, and what they granted beyond their records with them. */
export async function deleteLeases(db: Executor, orgId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(budgetLeases).where(inOrganisation(budgetLeases.orgId, orgId, inArray(budgetLeases.id, [...ids])));
}

/** An instance stopping: every lease it holds goes (its calls are on the books by now). */
export async function deleteLeasesOf(db: Executor, owner: string): Promise<void> {
  await db.delete(budgetLeases).where(eq(budgetLeases.owner, owner));
}

/**
 * The leases of instances that are gone (see `ownerGone`): instance-wide upkeep across
 * organisations, as their streaming calls are recovered. Answers how many went.
 */
export async function deleteLeasesOfGoneInstances(
  db: Executor,
  options: { ownersSilentForSeconds?: number } = {},
): Promise<number> {
  const deleted = await db
    .delete(budgetLeases)
    .where(ownerGone(sql`${budgetLeases.owner}`, options.ownersSilentForSeconds))
    .returning({ id: budgetLeases.id });
  return deleted.length;
}
