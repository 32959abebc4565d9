import type { SubscriptionChange } from '../../contracts';
import type { AdministrativeChange } from '../audit/administrative-change';
import type { Executor } from '../db/database';
import type { Caller } from '../http/context';
import { applyPaidOrder } from './apply-plan-order';
import type { BillingDependencies } from './billing-dependencies';
import { orderPlanPayment } from './live-plan-changes';
import type { SettledBilling } from './period-closing';
import { presentCharge } from './plan-charges';
import type { PlanOrder } from './plan-orders';
import type { PlanPaymentMethod } from './plan-payment-method';
import { findPlan } from './plan-repository';
import { presentCurrentPlan } from './present-subscription';
import { payFromWallet } from './wallet-plan-payment';

/** Where a purchase or an upgrade is being paid: the change's transaction, under the organisation's lock. */
export interface OrderContext {
  transaction: Executor;
  change: AdministrativeChange;
  settled: SettledBilling;
  dependencies: BillingDependencies;
  caller: Caller;
  now: Date;
}

export function cardPaymentsOf(dependencies: BillingDependencies) {
  if (!dependencies.cardPayments) throw new Error("Plans are paid through the wallet's payments, which are missing");
  return dependencies.cardPayments;
}

/**
 * What is paid now for a purchase or an upgrade, and how (docs/decisions/040): from the wallet, the
 * debit and the change in this transaction (applyPaidOrder); by card, an order whose payment is
 * charged after the commit and applied once it succeeds (live-plan-changes.ts), in test mode as with
 * Stripe. Answers the change as it stands, and whether a card payment waits to be charged.
 */
export async function payForOrder(
  context: OrderContext,
  payment: {
    order: Exclude<PlanOrder, { kind: 'renewal' }>;
    method: PlanPaymentMethod;
    amountCents: bigint;
    currency: string;
    key: string;
    walletDescription: string;
  },
  unchanged: SubscriptionChange,
): Promise<{ change: SubscriptionChange; ordered: boolean }> {
  const { transaction, dependencies, caller, settled, now } = context;
  if (payment.method.kind === 'card') {
    const cardPayments = cardPaymentsOf(dependencies);
    const ordered = await orderPlanPayment(transaction, caller, {
      order: payment.order,
      amountCents: payment.amountCents,
      currency: payment.currency,
      key: payment.key,
      paymentMethod: payment.method.paymentMethod,
      processor: cardPayments.payments.testMode ? 'test' : 'stripe',
    });
    return { change: { ...unchanged, payment_id: ordered.id }, ordered: true };
  }
  const paid = await payFromWallet(transaction, {
    orgId: caller.orgId,
    amountCents: payment.amountCents,
    currency: payment.currency,
    key: payment.key,
    order: payment.order,
    description: payment.walletDescription,
  });
  const applied = await applyPaidOrder(transaction, dependencies, {
    settled,
    payment: paid,
    order: payment.order,
    now,
  });
  // Checked under the organisation's lock just before: the order applies.
  if (applied === 'credit') throw new Error('A wallet-paid order could not be applied under the organisation lock');
  await context.change.record({
    action: applied.action,
    targetType: 'subscription',
    targetId: applied.subscription.id,
    before: applied.before,
    after: applied.after,
  });
  const plan = (await findPlan(transaction, applied.subscription.planId))!;
  return {
    change: {
      ...presentCurrentPlan(plan, applied.subscription),
      charge: presentCharge(applied.charge, paid),
      payment_id: paid.id,
      checkout_url: null,
    },
    ordered: false,
  };
}
