import { eq } from 'drizzle-orm';
import type { SubscriptionCharge } from '../../contracts';
import type { Executor } from '../db/database';
import { subscriptionCharges, type SubscriptionChargeKind, type SubscriptionChargeStatus } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { paidWith, receiptPath } from '../wallet/paid-with';
import type { PaymentRow } from '../wallet/payment-repository';
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

/** A charge as written, and the card's or the wallet's reason when it failed. */
export interface ChargeResult {
  charge: ChargeRow;
  failureReason?: string;
}

/**
 * How a renewal takes money (purchases and upgrades are paid orders: live-plan-changes.ts). Called
 * inside the transaction that closes the period (under the organisation's lock), so the charge and
 * the renewal are kept or lost together. Implemented in renewal-charges.ts.
 */
export interface PlanCharges {
  readonly testMode: boolean;
  charge(transaction: Executor, request: PlanChargeRequest): Promise<ChargeResult>;
}

/** Writes a charge once per organisation and key; asking again answers the first. */
export async function recordCharge(
  transaction: Executor,
  request: PlanChargeRequest,
  payment: {
    status: SubscriptionChargeStatus;
    processor: string;
    processorPaymentId?: string | null;
    /** The payment that paid it (its receipt). */
    paymentId?: string | null;
  },
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
      paymentId: payment.paymentId ?? null,
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
  changes: { status: 'paid' | 'failed'; processorPaymentId?: string | null; paymentId?: string; processor?: string },
): Promise<void> {
  await transaction
    .update(subscriptionCharges)
    .set({
      status: changes.status,
      ...(changes.processorPaymentId ? { processorPaymentId: changes.processorPaymentId } : {}),
      ...(changes.paymentId ? { paymentId: changes.paymentId } : {}),
      ...(changes.processor ? { processor: changes.processor } : {}),
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

/** A charge as answered; `payment` is the one that paid it, when known (its receipt and how it was paid). */
export function presentCharge(
  charge: ChargeRow,
  payment?: Pick<PaymentRow, 'id' | 'processor' | 'paymentMethod'>,
): SubscriptionCharge {
  const paid = charge.status === 'paid' && payment !== undefined;
  return {
    id: charge.id,
    kind: charge.kind,
    description: charge.description,
    amount: Number(charge.amount),
    currency: charge.currency,
    status: charge.status,
    test_mode: charge.processor === 'test',
    created_at: charge.createdAt.toISOString(),
    paid_with: paid ? paidWith(payment) : null,
    receipt_path: paid ? receiptPath(charge.orgId, payment.id) : null,
  };
}
