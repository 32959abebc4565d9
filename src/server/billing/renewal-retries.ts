import { randomUUID } from 'node:crypto';
import { findWallet } from '../wallet/ledger-repository';
import { claimPayment } from '../wallet/payment-repository';
import type { BillingDependencies } from './billing-dependencies';
import { centsOf, centsText } from './billing-money';
import { chargeWaitingRenewals } from './live-plan-charges';
import type { Executor } from '../db/database';
import { centsToPicodollars } from '../../money';
import { findCharge, reopenCharge, settleCharge, type ChargeRow } from './plan-charges';
import type { PlanOrder } from './plan-orders';
import { findSubscription, listRetriesDue, noSavedCardReason, renewalFailed, renewalPaid } from './renewal-dunning';
import { lockOrganisation, updateSubscription, type SubscriptionRow } from './subscription-repository';
import { payFromWallet, walletAvailable } from './wallet-plan-payment';

/**
 * Writes the retries of past-due renewals due by `now` (docs/decisions/024), one organisation at a
 * time under its lock: each retry is its own payment, keyed by the charge and the retry's number
 * (so Stripe's idempotency key differs per try and repeats of one try charge once), on the card the
 * wallet has saved now (a top-up saves a new one). chargeWaitingRenewals charges them.
 */
async function writeDueRetries(dependencies: BillingDependencies, now: Date): Promise<void> {
  for (const due of await listRetriesDue(dependencies.db, now, 100)) {
    await dependencies.db.transaction(async (transaction) => {
      await lockOrganisation(transaction, due.orgId);
      const subscription = await findSubscription(transaction, due.orgId, due.id);
      // Another sweep wrote this retry first, or it was paid meanwhile.
      if (
        subscription?.status !== 'past_due' ||
        !subscription.nextRetryAt ||
        subscription.nextRetryAt > now ||
        !subscription.pastDueChargeKey
      )
        return;
      const chargeKey = subscription.pastDueChargeKey;
      const attempt = subscription.renewalRetries + 1;
      const inFlight = await updateSubscription(transaction, due.orgId, subscription.id, {
        renewalRetries: attempt,
        nextRetryAt: null,
      });
      const card = (await findWallet(transaction, due.orgId))?.savedPaymentMethod;
      const charge = await findCharge(transaction, due.orgId, chargeKey);
      if (charge && (await retryFromWallet(transaction, inFlight, charge, attempt))) return;
      if (!card || !charge) {
        await renewalFailed(transaction, inFlight, { chargeKey, attempt, reason: noSavedCardReason }, now);
        return;
      }
      await reopenCharge(transaction, due.orgId, chargeKey);
      const order: PlanOrder = {
        kind: 'renewal',
        subscriptionId: subscription.id,
        chargeKey,
        label: charge.description,
        attempt,
      };
      await claimPayment(transaction, {
        id: randomUUID(),
        orgId: due.orgId,
        idempotencyKey: `plan-${chargeKey}:retry-${attempt}`,
        amount: centsText(centsOf(charge.amount)),
        currency: charge.currency,
        status: 'pending',
        processor: dependencies.cardPayments?.payments.testMode ? 'test' : 'stripe',
        paymentMethod: card,
        isAutoReload: false,
        purpose: 'plan',
        planOrder: order,
      });
    });
  }
}

/**
 * A retry of a subscription bought from the wallet is paid from it when it can pay now (a top-up
 * since the failure): the charge is paid and the subscription active again, in this transaction.
 */
async function retryFromWallet(
  transaction: Executor,
  subscription: SubscriptionRow,
  charge: ChargeRow,
  attempt: number,
): Promise<boolean> {
  const cents = centsOf(charge.amount);
  if (subscription.paymentMethod !== 'wallet') return false;
  if ((await walletAvailable(transaction, subscription.orgId)) < centsToPicodollars(cents)) return false;
  const chargeKey = charge.idempotencyKey;
  const payment = await payFromWallet(transaction, {
    orgId: subscription.orgId,
    amountCents: cents,
    currency: charge.currency,
    key: `plan-${chargeKey}:retry-${attempt}`,
    order: { kind: 'renewal', subscriptionId: subscription.id, chargeKey, label: charge.description, attempt },
    description: `${charge.description}, paid from the wallet`,
  });
  await reopenCharge(transaction, subscription.orgId, chargeKey);
  await settleCharge(transaction, subscription.orgId, chargeKey, {
    status: 'paid',
    paymentId: payment.id,
    processor: 'wallet',
  });
  await renewalPaid(transaction, subscription, chargeKey);
  return true;
}

/** The invoice job's renewal upkeep (test mode and Stripe alike): retries due are written, then every waiting renewal payment is charged. */
export async function collectRenewals(dependencies: BillingDependencies, now: Date): Promise<void> {
  if (!dependencies.cardPayments) return;
  await writeDueRetries(dependencies, now);
  await chargeWaitingRenewals(dependencies);
}
