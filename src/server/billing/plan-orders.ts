import { insertAuditEntry } from '../audit/audit-repository';
import type { Executor } from '../db/database';
import type { PaymentRow } from '../wallet/payment-repository';
import type { PlanPaymentHandler } from '../wallet/settle-payment';
import type { BillingDependencies } from './billing-dependencies';
import { centsOf } from './billing-money';
import { isoDay } from './billing-periods';
import { closeDuePeriods } from './period-closing';
import { recordCharge, settleCharge } from './plan-charges';
import { findPlan } from './plan-repository';
import { endedUnpaid, findSubscription, renewalFailed, renewalPaid } from './renewal-dunning';
import { lockOrganisation } from './subscription-repository';
import { auditValues, moveToPlan, purchaseDescription, startSubscription } from './subscription-steps';

/** Who asked for the change: its audit entry names them when the payment arrives. */
export interface OrderActor {
  userId: string;
  username: string;
}

/**
 * What a plan payment pays for (kept with the payment, `wallet_payments.plan_order`): applied once,
 * when the payment succeeds (docs/decisions/024). `label` is what Stripe shows the customer.
 */
export type PlanOrder =
  | {
      kind: 'purchase';
      planId: string;
      subscriptionId: string;
      paymentMethod: string;
      label: string;
      actor: OrderActor;
    }
  | {
      kind: 'upgrade';
      subscriptionId: string;
      fromPlanId: string;
      toPlanId: string;
      periodStart: string;
      chargeKey: string;
      description: string;
      label: string;
      actor: OrderActor;
    }
  /** attempt: 0 (or absent) for the renewal itself, n for its n-th retry (renewal-retries.ts). */
  | { kind: 'renewal'; subscriptionId: string; chargeKey: string; label: string; attempt?: number };

export const orderOf = (payment: Pick<PaymentRow, 'planOrder'>) => payment.planOrder as PlanOrder;

/** The charge an order's payment becomes (the invoice's line): a purchase's is keyed by its subscription. */
export function chargeKeyOf(order: PlanOrder): string {
  return order.kind === 'purchase' ? `purchase:${order.subscriptionId}` : order.chargeKey;
}

/**
 * Applies plan orders when their payments settle (registered with the wallet's settlePayment, which
 * calls it under the organisation's lock and the payment's, once). What ended by now is closed
 * first, as every change does. A purchase for an organisation that meanwhile subscribed, or an
 * upgrade of a subscription that is no longer on the plan and period it was ordered for, cannot be
 * applied: its money is credited to the wallet instead of being lost or granting twice.
 */
export function createPlanPaymentHandler(dependencies: BillingDependencies): PlanPaymentHandler {
  async function apply(transaction: Executor, payment: PaymentRow): Promise<'applied' | 'credit'> {
    const order = orderOf(payment);
    const orgId = payment.orgId;
    const now = new Date();
    const today = isoDay(now);
    const organisation = (await lockOrganisation(transaction, orgId))!;
    const settled = await closeDuePeriods(transaction, dependencies, orgId, organisation.createdAt, now);
    const paid = { status: 'paid' as const, processor: 'stripe', processorPaymentId: payment.processorPaymentId };
    const audit = (
      actor: OrderActor,
      entry: {
        action: 'subscription.purchase' | 'subscription.update';
        targetId: string;
        before: unknown;
        after: unknown;
      },
    ) =>
      insertAuditEntry(transaction, {
        orgId,
        actorUserId: actor.userId,
        actorUsername: actor.username,
        targetType: 'subscription',
        ...entry,
      });
    if (order.kind === 'renewal') {
      const subscription = await findSubscription(transaction, orgId, order.subscriptionId);
      // Paid after the subscription ended for want of it: the money goes to the wallet, not to a plan that is gone.
      if (!subscription || endedUnpaid(subscription, order.chargeKey)) return 'credit';
      await settleCharge(transaction, orgId, order.chargeKey, {
        status: 'paid',
        processorPaymentId: payment.processorPaymentId,
      });
      await renewalPaid(transaction, subscription, order.chargeKey);
      return 'applied';
    }
    if (order.kind === 'purchase') {
      const plan = await findPlan(transaction, order.planId);
      if (settled.subscription || !plan) return 'credit';
      const { subscription } = await startSubscription(
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
              idempotencyKey: chargeKeyOf(order),
              billedOn: today,
              paymentMethod: order.paymentMethod,
            },
            paid,
          ),
      );
      await audit(order.actor, {
        action: 'subscription.purchase',
        targetId: subscription.id,
        before: auditValues(undefined, settled.plan.id),
        after: auditValues(subscription, plan.id),
      });
      return 'applied';
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
    await recordCharge(
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
      paid,
    );
    const updated = await moveToPlan(transaction, orgId, subscription, target);
    await audit(order.actor, {
      action: 'subscription.update',
      targetId: subscription.id,
      before: auditValues(subscription, order.fromPlanId),
      after: auditValues(updated, target.id),
    });
    return 'applied';
  }

  return {
    async lockOrganisation(transaction, orgId) {
      await lockOrganisation(transaction, orgId);
    },
    paid: apply,
    async failed(transaction, payment) {
      const order = orderOf(payment);
      if (order.kind !== 'renewal') return;
      await settleCharge(transaction, payment.orgId, order.chargeKey, {
        status: 'failed',
        processorPaymentId: payment.processorPaymentId,
      });
      const subscription = await findSubscription(transaction, payment.orgId, order.subscriptionId);
      if (subscription)
        await renewalFailed(
          transaction,
          subscription,
          { chargeKey: order.chargeKey, attempt: order.attempt ?? 0, reason: payment.failureMessage },
          new Date(),
        );
    },
  };
}
