import { insertAuditEntry } from '../audit/audit-repository';
import type { Executor } from '../db/database';
import type { PaymentRow } from '../wallet/payment-repository';
import type { PlanPaymentHandler } from '../wallet/settle-payment';
import { applyPaidOrder } from './apply-plan-order';
import type { BillingDependencies } from './billing-dependencies';
import { closeDuePeriods } from './period-closing';
import { settleCharge } from './plan-charges';
import { endedUnpaid, findSubscription, renewalFailed, renewalPaid } from './renewal-dunning';
import { orderOf } from './plan-order';
import { lockOrganisation } from './subscription-repository';

export { chargeKeyOf, orderOf, type PlanOrder } from './plan-order';

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
    const organisation = (await lockOrganisation(transaction, orgId))!;
    const settled = await closeDuePeriods(transaction, dependencies, orgId, organisation.createdAt, now);
    if (order.kind === 'renewal') {
      const subscription = await findSubscription(transaction, orgId, order.subscriptionId);
      // Paid after the subscription ended for want of it: the money goes to the wallet, not to a plan that is gone.
      if (!subscription || endedUnpaid(subscription, order.chargeKey)) return 'credit';
      await settleCharge(transaction, orgId, order.chargeKey, {
        status: 'paid',
        processorPaymentId: payment.processorPaymentId,
        paymentId: payment.id,
        processor: payment.processor,
      });
      await renewalPaid(transaction, subscription, order.chargeKey);
      return 'applied';
    }
    const applied = await applyPaidOrder(transaction, dependencies, { settled, payment, order, now });
    if (applied === 'credit') return 'credit';
    await insertAuditEntry(transaction, {
      orgId,
      actorUserId: order.actor.userId,
      actorUsername: order.actor.username,
      targetType: 'subscription',
      action: applied.action,
      targetId: applied.subscription.id,
      before: applied.before,
      after: applied.after,
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
