import { and, eq } from 'drizzle-orm';
import { subscriptionMessages, type SubscriptionCharge } from '../../contracts';
import { AppError } from '../http/app-error';
import type { Executor } from '../db/database';
import { subscriptionCharges, type SubscriptionChargeKind } from '../db/schema';
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
 * the charge and the change are kept or lost together. See docs/decisions/023 for where the
 * wallet's payment path plugs in.
 */
export interface PlanCharges {
  readonly testMode: boolean;
  charge(transaction: Executor, request: PlanChargeRequest): Promise<ChargeRow>;
}

/**
 * Records each charge as a paid line of the period's invoice in test mode (no money moves).
 * Idempotent on the key. With a payment service configured no card can be charged for a plan yet
 * (docs/decisions/023), so the charge is refused and the change around it rolls back: a plan is
 * never granted, upgraded or renewed without its money.
 */
export function createRecordedPlanCharges(options: { testMode: boolean }): PlanCharges {
  return {
    testMode: options.testMode,
    async charge(transaction, request) {
      if (!options.testMode) throw new AppError('unavailable', subscriptionMessages.cardPlansUnavailable);
      const [inserted] = await transaction
        .insert(subscriptionCharges)
        .values({
          orgId: request.orgId,
          subscriptionId: request.subscriptionId,
          kind: request.kind,
          description: request.description,
          amount: centsText(request.amountCents),
          currency: request.currency,
          status: 'paid',
          processor: 'test',
          idempotencyKey: request.idempotencyKey,
          billedOn: request.billedOn,
        })
        .onConflictDoNothing({ target: [subscriptionCharges.orgId, subscriptionCharges.idempotencyKey] })
        .returning();
      if (inserted) return inserted;
      const [existing] = await transaction
        .select()
        .from(subscriptionCharges)
        .where(and(eq(subscriptionCharges.orgId, request.orgId), eq(subscriptionCharges.idempotencyKey, request.idempotencyKey)));
      return existing!;
    },
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
