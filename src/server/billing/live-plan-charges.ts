import { randomUUID } from 'node:crypto';
import { findWallet } from '../wallet/ledger-repository';
import { claimPayment, listWaitingPlanPayments } from '../wallet/payment-repository';
import { settlePayment } from '../wallet/settle-payment';
import { chargeClaimedPayment } from '../wallet/top-up-service';
import type { BillingDependencies } from './billing-dependencies';
import { centsText } from './billing-money';
import { recordCharge, type PlanCharges } from './plan-charges';
import { orderOf, type PlanOrder } from './plan-orders';
import { renewFromWallet } from './renewal-charges';
import { noSavedCardReason } from './renewal-dunning';

/**
 * With Stripe, the charges closing a period makes (renewals; purchases and upgrades are orders,
 * live-plan-changes.ts): a subscription bought from the wallet is paid from it when it can pay
 * (renewal-charges.ts); otherwise the charge is written pending with a payment for it on the
 * organisation's saved card, in the period's transaction, and charged off-session after it
 * (chargeWaitingRenewals) so no lock is held while Stripe answers. Without a saved card the charge
 * fails at once.
 */
export function createLivePlanCharges(): PlanCharges {
  return {
    testMode: false,
    async charge(transaction, request) {
      const fromWallet = await renewFromWallet(transaction, request);
      if (fromWallet) return fromWallet;
      const card = (await findWallet(transaction, request.orgId))?.savedPaymentMethod;
      if (!card)
        return {
          charge: await recordCharge(transaction, request, { status: 'failed', processor: 'stripe' }),
          failureReason: noSavedCardReason,
        };
      const charge = await recordCharge(transaction, request, { status: 'pending', processor: 'stripe' });
      const order: PlanOrder = {
        kind: 'renewal',
        subscriptionId: request.subscriptionId,
        chargeKey: request.idempotencyKey,
        label: request.description,
      };
      await claimPayment(transaction, {
        id: randomUUID(),
        orgId: request.orgId,
        idempotencyKey: `plan-${request.idempotencyKey}`,
        amount: centsText(request.amountCents),
        currency: request.currency,
        // Pending, not processing: reconciliation must not give it up before the sweep charges it.
        status: 'pending',
        processor: 'stripe',
        paymentMethod: card,
        isAutoReload: false,
        purpose: 'plan',
        planOrder: order,
      });
      return { charge };
    },
  };
}

/**
 * Charges the renewal payments periods left waiting, across organisations (upkeep, by the invoice
 * job). Stripe is asked first whether it already has one (a crash after the charge): then that is
 * settled instead of charging again; the charge itself carries the payment's idempotency key.
 */
export async function chargeWaitingRenewals(dependencies: BillingDependencies): Promise<void> {
  const cardPayments = dependencies.cardPayments;
  if (!cardPayments) return;
  for (const payment of await listWaitingPlanPayments(dependencies.db, 100)) {
    try {
      const known = await cardPayments.payments.lookup(payment);
      if (known) {
        await settlePayment(cardPayments.db, cardPayments.logger, payment.orgId, payment.id, known, cardPayments.plans);
        continue;
      }
      await chargeClaimedPayment(cardPayments, payment, { description: `Tokenwise: ${orderOf(payment).label}` });
    } catch (error) {
      cardPayments.logger.warn(
        { err: error, paymentId: payment.id },
        'charging a renewal failed; the next sweep tries again',
      );
    }
  }
}
