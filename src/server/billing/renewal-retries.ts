import { randomUUID } from 'node:crypto';
import { findWallet } from '../wallet/ledger-repository';
import { claimPayment } from '../wallet/payment-repository';
import type { BillingDependencies } from './billing-dependencies';
import { centsOf, centsText } from './billing-money';
import { chargeWaitingRenewals } from './live-plan-charges';
import { findCharge, reopenCharge } from './plan-charges';
import type { PlanOrder } from './plan-orders';
import { findSubscription, listRetriesDue, noSavedCardReason, renewalFailed } from './renewal-dunning';
import { lockOrganisation, updateSubscription } from './subscription-repository';

/**
 * Writes the retries of past-due renewals due by `now` (docs/decisions/024), one organisation at a
 * time under its lock: each retry is its own payment, keyed by the charge and the retry's number
 * (so Stripe's idempotency key differs per try and repeats of one try charge once), on the card the
 * wallet has saved now (a top-up saves a new one). chargeWaitingRenewals charges them.
 */
export async function writeDueRetries(dependencies: BillingDependencies, now: Date): Promise<void> {
  for (const due of await listRetriesDue(dependencies.db, now, 100)) {
    await dependencies.db.transaction(async (transaction) => {
      await lockOrganisation(transaction, due.orgId);
      const subscription = await findSubscription(transaction, due.orgId, due.id);
      // Another sweep wrote this retry first, or it was paid meanwhile.
      if (
        !subscription ||
        subscription.status !== 'past_due' ||
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
        processor: 'stripe',
        paymentMethod: card,
        isAutoReload: false,
        purpose: 'plan',
        planOrder: order,
      });
    });
  }
}

/** The invoice job's renewal upkeep with Stripe: retries due are written, then every waiting renewal payment is charged. */
export async function collectRenewals(dependencies: BillingDependencies, now: Date): Promise<void> {
  if (!dependencies.cardPayments) return;
  await writeDueRetries(dependencies, now);
  await chargeWaitingRenewals(dependencies);
}
