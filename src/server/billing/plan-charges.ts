import { eq } from 'drizzle-orm';
import type { SubscriptionCharge } from '../../contracts';
import type { Executor } from '../db/database';
import { subscriptionCharges, type SubscriptionChargeKind, type SubscriptionChargeStatus } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { centsText } from './billing-money';

export type ChargeRow = typeof subscriptionCharges.$inferSelect;

export interface PlanChargeRequest {
  orgId: string;
  subscriptionId: string;
  kind: SubscriptionChargeKind;
  amountCents: bigint;
  currency: string;
  description: string;
  /** One charge per organisation and key: asking again answers the first charge. */
  idempotencyKey: string;
  /** The day it is billed on: it appears on the invoice of the period holding that day. */
  billedOn: string;
  paymentMethod: string;
}

/**
 * How a subscription takes money: a plan's price for a period, an upgrade's prorated difference.
 * Called inside the transaction that changes the subscription (under the organisation's lock), so
 * the charge and the change are kept or lost together.
 */
export interface PlanCharges {
  readonly testMode: boolean;
  charge(transaction: Executor, request: PlanChargeRequest): Promise<ChargeRow>;
}

/** Writes a charge once per organisation and key; asking again answers the first. */
export async function recordCharge(
  transaction: Executor,
  request: PlanChargeRequest,
  payment: { status: SubscriptionChargeStatus; processor: string; processorPaymentId?: string | null },
): Promise<ChargeRow> {
  const [inserted] = await transaction
    .insert(subscriptionCharges)
    .values({
      orgId: request.orgId,
      subscriptionId: request.subscriptionId,
      kind: request.kind,
      description: request.description,
      amount: centsText(request.amountCents),
      currency: request.currency,
      status: payment.status,
      processor: payment.processor,
      processorPaymentId: payment.processorPaymentId ?? null,
      idempotencyKey: request.idempotencyKey,
      billedOn: request.billedOn,
    })
    .onConflictDoNothing({ target: [subscriptionCharges.orgId, subscriptionCharges.idempotencyKey] })
    .returning();
  return inserted ?? (await findCharge(transaction, request.orgId, request.idempotencyKey))!;
}

export async function findCharge(db: Executor, orgId: string, idempotencyKey: string): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptionCharges)
    .where(inOrganisation(subscriptionCharges.orgId, orgId, eq(subscriptionCharges.idempotencyKey, idempotencyKey)));
  return row;
}

/** Settles a charge that was waiting for its payment (a live renewal). */
export async function settleCharge(
  transaction: Executor,
  orgId: string,
  idempotencyKey: string,
  changes: { status: 'paid' | 'failed'; processorPaymentId?: string | null },
): Promise<void> {
  await transaction
    .update(subscriptionCharges)
    .set({
      status: changes.status,
      ...(changes.processorPaymentId ? { processorPaymentId: changes.processorPaymentId } : {}),
    })
    .where(
      inOrganisation(
        subscriptionCharges.orgId,
        orgId,
        eq(subscriptionCharges.idempotencyKey, idempotencyKey),
        eq(subscriptionCharges.status, 'pending'),
      ),
    );
}

/** A failed renewal charge is tried again (renewal-retries.ts): pending until the retry's payment settles it. */
export async function reopenCharge(transaction: Executor, orgId: string, idempotencyKey: string): Promise<void> {
  await transaction
    .update(subscriptionCharges)
    .set({ status: 'pending' })
    .where(
      inOrganisation(
        subscriptionCharges.orgId,
        orgId,
        eq(subscriptionCharges.idempotencyKey, idempotencyKey),
        eq(subscriptionCharges.status, 'failed'),
      ),
    );
}

/**
 * Test mode (no STRIPE_SECRET_KEY): each charge is a paid line of the period's invoice and no
 * money moves. Idempotent on the key. With Stripe, see live-plan-charges.ts.
 */
export function createRecordedPlanCharges(): PlanCharges {
  return {
    testMode: true,
    charge: (transaction, request) => recordCharge(transaction, request, { status: 'paid', processor: 'test' }),
  };
}

export function presentCharge(charge: ChargeRow): SubscriptionCharge {
  return {
    id: charge.id,
    kind: charge.kind,
    description: charge.description,
    amount: Number(charge.amount),
    currency: charge.currency,
    status: charge.status,
    test_mode: charge.processor === 'test',
    created_at: charge.createdAt.toISOString(),
  };
}
