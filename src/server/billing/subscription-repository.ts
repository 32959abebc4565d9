import { eq, inArray, max, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { currentSubscriptionStatuses, invoices, organisations, subscriptions } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Locks the organisation's row for the transaction: purchases, plan changes, cancellations and the
 * closing of periods of one organisation happen one after another (as administrative changes do).
 * Answers the organisation's creation time, or undefined when it does not exist.
 */
export async function lockOrganisation(transaction: Executor, orgId: string): Promise<{ createdAt: Date } | undefined> {
  const [row] = await transaction
    .select({ createdAt: organisations.createdAt })
    .from(organisations)
    .where(inOrganisation(organisations.id, orgId))
    .for('update');
  return row;
}

/** The organisation's current subscription: active, or past due (its plan holds while the renewal is retried). */
export async function findActiveSubscription(db: Executor, orgId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(inOrganisation(subscriptions.orgId, orgId, inArray(subscriptions.status, [...currentSubscriptionStatuses])));
  return row;
}

export async function insertSubscription(
  transaction: Executor,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await transaction.insert(subscriptions).values(values).returning();
  return row!;
}

export async function updateSubscription(
  transaction: Executor,
  orgId: string,
  subscriptionId: string,
  changes: Partial<
    Pick<
      SubscriptionRow,
      | 'planId'
      | 'status'
      | 'currentPeriodStart'
      | 'currentPeriodEnd'
      | 'cancelAtPeriodEnd'
      | 'pendingPlanId'
      | 'endedAt'
      | 'pastDueSince'
      | 'pastDueChargeKey'
      | 'renewalRetries'
      | 'nextRetryAt'
      | 'pastDueReason'
    >
  >,
): Promise<SubscriptionRow> {
  const [row] = await transaction
    .update(subscriptions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(inOrganisation(subscriptions.orgId, orgId, eq(subscriptions.id, subscriptionId)))
    .returning();
  return row!;
}

/** Keeps organisations.subscription_tier (the Organization's subscription_tier, the analytics' allowance) on the current plan. */
export async function setSubscriptionTier(transaction: Executor, orgId: string, planId: string): Promise<void> {
  await transaction
    .update(organisations)
    .set({ subscriptionTier: planId })
    .where(inOrganisation(organisations.id, orgId));
}

/** The first day after the organisation's last issued invoice, if it has one. */
export async function findInvoicedUntil(db: Executor, orgId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ until: max(invoices.periodEnd) })
    .from(invoices)
    .where(inOrganisation(invoices.orgId, orgId, sql`${invoices.status} <> 'draft'`));
  return row?.until ?? undefined;
}

export async function findOrganisationName(db: Executor, orgId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(inOrganisation(organisations.id, orgId));
  return row?.name;
}
