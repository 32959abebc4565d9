import { randomUUID } from 'node:crypto';
import { subscriptionMessages, type SubscriptionChange } from '../../contracts';
import type { Executor } from '../db/database';
import { AppError } from '../http/app-error';
import type { Caller } from '../http/context';
import { checkoutReturnTo } from '../wallet/checkout-return';
import { claimPayment, findPayment, findPaymentByKey, type PaymentRow } from '../wallet/payment-repository';
import { chargeClaimedPayment } from '../wallet/top-up-service';
import type { BillingDependencies } from './billing-dependencies';
import { centsText } from './billing-money';
import { findCharge, presentCharge } from './plan-charges';
import { chargeKeyOf, orderOf, type PlanOrder } from './plan-orders';
import { currentPlan } from './current-plan';

/** A purchase or plan change's answer, and whether it still awaits its payment (202). */
export interface PlanChangeResult {
  change: SubscriptionChange;
  awaitingPayment: boolean;
}

type OrderInput = {
  order: DistributiveOmit<PlanOrder, 'actor' | 'label'> & { label?: string };
  amountCents: bigint;
  currency: string;
  key: string;
  /** The card to charge (a Stripe PaymentMethod id; test mode: a test id); absent: Stripe Checkout. */
  paymentMethod: string | undefined;
  /** 'test' in test mode, else 'stripe'. */
  processor: string;
};
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** How long a repeated request waits for the first one with its key to hear from Stripe. */
const waitForFirstMs = 30_000;

/**
 * A purchase or upgrade paid by card is an order (docs/decisions/024, 040): its payment is written
 * (processing) in the change's transaction, keyed by the request's Idempotency-Key, and the change
 * is applied only when the payment succeeds (plan-orders.ts), in test mode as with Stripe. The card
 * is the one the request named or the organisation saved, charged off-session; without one the
 * customer pays on Stripe Checkout.
 */
export async function orderPlanPayment(transaction: Executor, caller: Caller, input: OrderInput): Promise<PaymentRow> {
  const label = input.order.label ?? (input.order.kind === 'upgrade' ? input.order.description : 'Tokenwise plan');
  const planOrder = { ...input.order, label, actor: { userId: caller.userId, username: caller.username } } as PlanOrder;
  const claimed = await claimPayment(transaction, {
    id: randomUUID(),
    orgId: caller.orgId,
    idempotencyKey: input.key,
    amount: centsText(input.amountCents),
    currency: input.currency,
    status: 'processing',
    processor: input.processor,
    paymentMethod: input.paymentMethod ?? null,
    isAutoReload: false,
    purpose: 'plan',
    planOrder,
  });
  return claimed ?? (await findPaymentByKey(transaction, caller.orgId, input.key))!;
}

/**
 * After the change's transaction: charges the order it wrote (`chargeNow`; a repeat of the request
 * waits for the first instead) and answers what came of it. Succeeded: the plan as it is now, with
 * its charge; declined: 402 and nothing changed; otherwise the plan as it was, awaiting the payment
 * (its Checkout page when the customer must pay there). Answers without a payment pass through.
 */
export async function followPlanPayment(
  dependencies: BillingDependencies,
  orgId: string,
  change: SubscriptionChange,
  options: { chargeNow: boolean; now: Date },
): Promise<PlanChangeResult> {
  const cardPayments = dependencies.cardPayments;
  // Paid already (from the wallet, in the change's transaction), or nothing to pay.
  if (!change.payment_id || change.charge || !cardPayments) return { change, awaitingPayment: false };
  let payment = (await findPayment(dependencies.db, orgId, change.payment_id))!;
  if (options.chargeNow && payment.status === 'processing') {
    const order = orderOf(payment);
    payment = (
      await chargeClaimedPayment(cardPayments, payment, {
        description: `Tokenwise: ${order.label}`,
        itemName: order.label,
        checkout: (paymentId) => checkoutReturnTo(cardPayments.appUrl(), paymentId),
      })
    ).payment;
  } else {
    const deadline = Date.now() + waitForFirstMs;
    while (payment.status === 'processing' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      payment = (await findPayment(dependencies.db, orgId, payment.id))!;
    }
  }
  if (payment.status === 'failed')
    throw new AppError(
      'payment_required',
      subscriptionMessages.planPaymentDeclined(payment.failureMessage ?? 'The card was declined.'),
    );
  if (payment.status !== 'succeeded')
    return { change: { ...change, checkout_url: payment.checkoutUrl }, awaitingPayment: true };
  const charge = await findCharge(dependencies.db, orgId, chargeKeyOf(orderOf(payment)));
  // The plan the paid order left: the answer to the request that ordered it.
  const current = await currentPlan(dependencies, orgId, options.now);
  return {
    change: {
      ...current,
      charge: charge ? presentCharge(charge, payment) : null,
      payment_id: payment.id,
      checkout_url: null,
    },
    awaitingPayment: false,
  };
}
