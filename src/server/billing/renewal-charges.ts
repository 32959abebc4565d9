import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/database';
import { findWallet } from '../wallet/ledger-repository';
import { claimPayment } from '../wallet/payment-repository';
import { testCardByPaymentMethod } from '../wallet/test-cards';
import { centsDecimal, centsToPicodollars } from '../../money';
import { recordCharge, type ChargeResult, type PlanChargeRequest, type PlanCharges } from './plan-charges';
import type { PlanOrder } from './plan-orders';
import { noSavedCardReason } from './renewal-dunning';
import { payFromWallet, walletAvailable } from './wallet-plan-payment';

const renewalOrder = (request: PlanChargeRequest): PlanOrder => ({
  kind: 'renewal',
  subscriptionId: request.subscriptionId,
  chargeKey: request.idempotencyKey,
  label: request.description,
});

/**
 * A renewal of a subscription bought from the wallet is paid from it when it can pay (the debit and
 * its payment in the period's transaction, docs/decisions/040); undefined when it cannot, or when
 * the subscription is paid by card: the saved card is charged instead.
 */
export async function renewFromWallet(
  transaction: Executor,
  request: PlanChargeRequest,
): Promise<ChargeResult | undefined> {
  if (request.paymentMethod !== 'wallet') return undefined;
  if ((await walletAvailable(transaction, request.orgId)) < centsToPicodollars(request.amountCents)) return undefined;
  const payment = await payFromWallet(transaction, {
    orgId: request.orgId,
    amountCents: request.amountCents,
    currency: request.currency,
    key: `plan-${request.idempotencyKey}`,
    order: renewalOrder(request),
    description: `${request.description}, paid from the wallet`,
  });
  return {
    charge: await recordCharge(transaction, request, { status: 'paid', processor: 'wallet', paymentId: payment.id }),
  };
}

/**
 * Test mode (no STRIPE_SECRET_KEY): a renewal is paid from the wallet when the subscription was
 * bought from it and it can pay, else by the saved test card, whose outcome the test-card table
 * decides at once (a declined card fails the renewal with its reason, and dunning follows). The
 * payment is written settled, with its receipt; no real money moves.
 */
export function createTestModePlanCharges(): PlanCharges {
  return {
    testMode: true,
    async charge(transaction, request) {
      const fromWallet = await renewFromWallet(transaction, request);
      if (fromWallet) return fromWallet;
      const card = (await findWallet(transaction, request.orgId))?.savedPaymentMethod ?? undefined;
      const testCard = card ? testCardByPaymentMethod(card) : undefined;
      if (!card || !testCard)
        return {
          charge: await recordCharge(transaction, request, { status: 'failed', processor: 'test' }),
          failureReason: noSavedCardReason,
        };
      const paymentId = randomUUID();
      const payment = await claimPayment(transaction, {
        id: paymentId,
        orgId: request.orgId,
        idempotencyKey: `plan-${request.idempotencyKey}`,
        amount: centsDecimal(request.amountCents),
        currency: request.currency,
        status: testCard.decline ? 'failed' : 'succeeded',
        processor: 'test',
        processorPaymentId: `test_${paymentId}`,
        paymentMethod: card,
        failureMessage: testCard.decline ?? null,
        isAutoReload: false,
        purpose: 'plan',
        planOrder: renewalOrder(request),
      });
      const charge = await recordCharge(transaction, request, {
        status: testCard.decline ? 'failed' : 'paid',
        processor: 'test',
        processorPaymentId: payment?.processorPaymentId ?? null,
        paymentId: testCard.decline ? null : (payment?.id ?? null),
      });
      return testCard.decline ? { charge, failureReason: testCard.decline } : { charge };
    },
  };
}
