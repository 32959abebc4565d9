import type { Executor } from '../db/database';
import type { PaymentRow } from '../wallet/payment-repository';
import type { BillingDependencies } from './billing-dependencies';
import { centsOf } from './billing-money';
import type { SettledBilling } from './period-closing';
import { recordCharge, type ChargeRow } from './plan-charges';
import { findPlan } from './plan-repository';
import type { PlanOrder } from './plan-order';
import type { SubscriptionRow } from './subscription-repository';
import { auditValues, moveToPlan, purchaseDescription, startSubscription } from './subscription-steps';

/** What applying a paid order did: the subscription as it is now, the paid charge, and the audit entry's before and after. */
export interface AppliedOrder {
  action: 'subscription.purchase' | 'subscription.update';
  subscription: SubscriptionRow;
  charge: ChargeRow;
  before: ReturnType<typeof auditValues>;
  after: ReturnType<typeof auditValues>;
}

/** The charge a paid payment leaves: paid, through the payment's processor, naming the payment (its receipt). */
const paidBy = (payment: PaymentRow) => ({
  status: 'paid' as const,
  processor: payment.processor,
  processorPaymentId: payment.processor === 'wallet' ? null : payment.processorPaymentId,
  paymentId: payment.id,
});

/**
 * Applies a paid purchase or upgrade (docs/decisions/024, 040), under the organisation's lock, once
 * what ended by now is closed (`settled`). A purchase for an organisation that meanwhile subscribed,
 * or an upgrade of a subscription no longer on the plan and period it was ordered for, cannot be
 * applied: 'credit' (the caller credits its money to the wallet, or refuses before taking any).
 */
export async function applyPaidOrder(
  transaction: Executor,
  dependencies: BillingDependencies,
  step: { settled: SettledBilling; payment: PaymentRow; order: Exclude<PlanOrder, { kind: 'renewal' }>; now: Date },
): Promise<AppliedOrder | 'credit'> {
  const { settled, payment, order, now } = step;
  const orgId = payment.orgId;
  const today = now.toISOString().slice(0, 10);
  if (order.kind === 'purchase') {
    const plan = await findPlan(transaction, order.planId);
    if (settled.subscription || !plan) return 'credit';
    const { subscription, charge } = await startSubscription(
      transaction,
      dependencies,
      orgId,
      { settled, plan, today, now, paymentMethod: order.paymentMethod, subscriptionId: order.subscriptionId },
      (started, period) =>
        recordCharge(
          transaction,
          {
            orgId,
            subscriptionId: started.id,
            kind: 'plan',
            amountCents: centsOf(payment.amount),
            currency: payment.currency,
            description: purchaseDescription(plan, period),
            idempotencyKey: `purchase:${order.subscriptionId}`,
            billedOn: today,
            paymentMethod: order.paymentMethod,
          },
          paidBy(payment),
        ),
    );
    return {
      action: 'subscription.purchase',
      subscription,
      charge,
      before: auditValues(undefined, settled.plan.id),
      after: auditValues(subscription, plan.id),
    };
  }
  const subscription = settled.subscription;
  const target = await findPlan(transaction, order.toPlanId);
  if (
    !subscription ||
    !target ||
    subscription.id !== order.subscriptionId ||
    subscription.planId !== order.fromPlanId ||
    subscription.currentPeriodStart !== order.periodStart
  )
    return 'credit';
  const charge = await recordCharge(
    transaction,
    {
      orgId,
      subscriptionId: subscription.id,
      kind: 'proration',
      amountCents: centsOf(payment.amount),
      currency: payment.currency,
      description: order.description,
      idempotencyKey: order.chargeKey,
      billedOn: today,
      paymentMethod: subscription.paymentMethod,
    },
    paidBy(payment),
  );
  const updated = await moveToPlan(transaction, orgId, subscription, target);
  return {
    action: 'subscription.update',
    subscription: updated,
    charge,
    before: auditValues(subscription, order.fromPlanId),
    after: auditValues(updated, target.id),
  };
}
