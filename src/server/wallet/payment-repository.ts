import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { walletPayments, type PaymentStatus } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export type PaymentRow = typeof walletPayments.$inferSelect;
export type NewPayment = Omit<typeof walletPayments.$inferInsert, 'createdAt' | 'updatedAt'>;

/** Writes the payment before the card is charged; undefined when the organisation already has one with this key. */
export async function claimPayment(db: Executor, payment: NewPayment): Promise<PaymentRow | undefined> {
  const [row] = await db
    .insert(walletPayments)
    .values(payment)
    .onConflictDoNothing({ target: [walletPayments.orgId, walletPayments.idempotencyKey] })
    .returning();
  return row;
}

export async function findPaymentByKey(
  db: Executor,
  orgId: string,
  idempotencyKey: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(walletPayments)
    .where(inOrganisation(walletPayments.orgId, orgId, eq(walletPayments.idempotencyKey, idempotencyKey)));
  return row;
}

export async function findPayment(db: Executor, orgId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(walletPayments)
    .where(inOrganisation(walletPayments.orgId, orgId, eq(walletPayments.id, id)));
  return row;
}

/** The payment, locked until the transaction ends: it is settled once. */
export async function lockPayment(transaction: Executor, orgId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await transaction
    .select()
    .from(walletPayments)
    .where(inOrganisation(walletPayments.orgId, orgId, eq(walletPayments.id, id)))
    .for('update');
  return row;
}

/** Changes a payment that is still open (processing or pending); answers it, or undefined when it was settled meanwhile. */
export async function updateOpenPayment(
  db: Executor,
  orgId: string,
  id: string,
  changes: Partial<
    Pick<
      PaymentRow,
      | 'status'
      | 'processorPaymentId'
      | 'clientSecret'
      | 'failureMessage'
      | 'paymentMethod'
      | 'checkoutSessionId'
      | 'checkoutUrl'
    >
  >,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(walletPayments)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      inOrganisation(
        walletPayments.orgId,
        orgId,
        eq(walletPayments.id, id),
        inArray(walletPayments.status, ['processing', 'pending']),
      ),
    )
    .returning();
  return row;
}

export async function markPaymentSucceeded(
  db: Executor,
  orgId: string,
  id: string,
  changes: Pick<PaymentRow, 'processorPaymentId' | 'paymentMethod'>,
): Promise<void> {
  await db
    .update(walletPayments)
    .set({
      ...changes,
      status: 'succeeded' satisfies PaymentStatus,
      clientSecret: null,
      failureMessage: null,
      updatedAt: new Date(),
    })
    .where(inOrganisation(walletPayments.orgId, orgId, eq(walletPayments.id, id)));
}

/**
 * Payments still open across organisations that were last changed more than `olderThanSeconds`
 * ago (0: all), oldest first: the reconciliation job's work. Instance-wide upkeep.
 */
export async function listOpenPayments(db: Executor, olderThanSeconds: number, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(walletPayments)
    .where(
      and(
        inArray(walletPayments.status, ['processing', 'pending']),
        lt(walletPayments.updatedAt, sql`now() - ${olderThanSeconds}::integer * interval '1 second'`),
      ),
    )
    .orderBy(asc(walletPayments.updatedAt))
    .limit(limit);
}

/**
 * Plan payments written to be charged later (renewals) and not yet sent: pending, with neither an
 * intent nor a Checkout session, oldest first. Instance-wide upkeep.
 */
export async function listWaitingPlanPayments(db: Executor, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(walletPayments)
    .where(
      and(
        eq(walletPayments.purpose, 'plan'),
        eq(walletPayments.status, 'pending'),
        isNull(walletPayments.processorPaymentId),
        isNull(walletPayments.checkoutSessionId),
      ),
    )
    .orderBy(asc(walletPayments.createdAt))
    .limit(limit);
}
