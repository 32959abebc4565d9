import { randomUUID } from 'node:crypto';
import { walletMessages } from '../../contracts';
import type { CheckoutReturn } from './card-payments';
import { AppError } from '../http/app-error';
import { centsDecimal, centsOf } from '../../money';
import { findLedgerEntryOfPayment, findWallet, updateWalletRow } from './ledger-repository';
import { claimPayment, findPaymentByKey, type PaymentRow } from './payment-repository';
import { settlePayment, type SettledPayment } from './settle-payment';
import type { PaymentDependencies } from './wallet-dependencies';

export interface TopUpOrder {
  orgId: string;
  cents: bigint;
  currency: string;
  /** The client's Idempotency-Key (or one made for an auto-reload): one payment per organisation and key. */
  idempotencyKey: string;
  /** A Stripe PaymentMethod id (test mode: a Stripe test id); absent with Stripe, the customer pays on Checkout. */
  paymentMethod?: string;
  isAutoReload: boolean;
  /** Where Checkout sends the customer back, for our payment's id (Stripe without a payment method). */
  checkout?: (paymentId: string) => CheckoutReturn;
}

/** How a claimed payment is charged: what the customer reads, on their statement and on Checkout. */
export interface ChargeWording {
  description: string;
  itemName?: string;
  checkout?: (paymentId: string) => CheckoutReturn;
}

/** How long a repeated request waits for the first one with its key to hear from the payment service. */
const waitForFirstMs = 30_000;

/**
 * Charges a card and credits the wallet, once per Idempotency-Key. The payment is written before
 * the card is charged; a request repeating the key (a double click, a retry, 20 copies at once)
 * finds it, waits while the first is still charging, and answers as it did. A key reused for
 * another amount or card is a 409. When the payment service cannot be reached the payment stays
 * open: the webhook or the reconciliation job settles it, and the answer says it is pending.
 */
export async function topUp(dependencies: PaymentDependencies, order: TopUpOrder): Promise<SettledPayment> {
  const { db, payments } = dependencies;
  const claimed = await claimPayment(db, {
    id: randomUUID(),
    orgId: order.orgId,
    idempotencyKey: order.idempotencyKey,
    amount: centsDecimal(order.cents),
    currency: order.currency,
    status: 'processing',
    processor: payments.testMode ? 'test' : 'stripe',
    paymentMethod: order.paymentMethod ?? null,
    isAutoReload: order.isAutoReload,
  });
  if (!claimed) return answerOfRepeat(dependencies, order);
  return chargeClaimedPayment(dependencies, claimed, {
    description: order.isAutoReload ? 'Tokenwise wallet auto-reload' : 'Tokenwise wallet top-up',
    itemName: 'Tokenwise wallet top-up',
    checkout: order.checkout,
  });
}

/**
 * Charges a payment already written (processing) and settles what the service answered: with its
 * payment method (off-session for auto-reloads and plan charges on the saved card), else a Checkout
 * page for the customer. When the service cannot be reached the payment stays open for the webhook
 * or the reconciliation job.
 */
export async function chargeClaimedPayment(
  dependencies: PaymentDependencies,
  claimed: PaymentRow,
  wording: ChargeWording,
): Promise<SettledPayment> {
  const { db, payments, logger } = dependencies;
  try {
    const customerId = payments.customerFor ? await customerOf(dependencies, claimed.orgId) : undefined;
    const outcome = await payments.charge({
      paymentId: claimed.id,
      orgId: claimed.orgId,
      cents: centsOf(claimed.amount),
      currency: claimed.currency,
      paymentMethod: claimed.paymentMethod ?? undefined,
      customerId,
      offSession: claimed.isAutoReload || (claimed.purpose === 'plan' && claimed.paymentMethod !== null),
      description: wording.description,
      itemName: wording.itemName,
      checkout: claimed.paymentMethod === null ? wording.checkout?.(claimed.id) : undefined,
    });
    return (
      (await settlePayment(db, logger, claimed.orgId, claimed.id, outcome, dependencies.plans)) ?? { payment: claimed }
    );
  } catch (error) {
    logger.warn(
      { err: error, paymentId: claimed.id, orgId: claimed.orgId },
      'the card payment could not be confirmed; it stays open for the webhook or reconciliation',
    );
    return { payment: claimed };
  }
}

async function customerOf(dependencies: PaymentDependencies, orgId: string): Promise<string | undefined> {
  const wallet = await findWallet(dependencies.db, orgId);
  if (wallet?.stripeCustomerId) return wallet.stripeCustomerId;
  const customerId = await dependencies.payments.customerFor!(orgId);
  await updateWalletRow(dependencies.db, orgId, { stripeCustomerId: customerId });
  return customerId;
}

async function answerOfRepeat(dependencies: PaymentDependencies, order: TopUpOrder): Promise<SettledPayment> {
  const deadline = Date.now() + waitForFirstMs;
  for (;;) {
    const payment = await findPaymentByKey(dependencies.db, order.orgId, order.idempotencyKey);
    if (!payment) throw new Error('A payment claimed by its key is gone');
    if (!sameOrder(payment, order)) throw new AppError('conflict', walletMessages.idempotencyKeyReused);
    if (payment.status !== 'processing' || Date.now() > deadline) {
      return {
        payment,
        credit:
          payment.status === 'succeeded'
            ? await findLedgerEntryOfPayment(dependencies.db, payment.orgId, payment.id)
            : undefined,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function sameOrder(payment: PaymentRow, order: TopUpOrder): boolean {
  // A Checkout payment's card is the one chosen on the page, recorded once it succeeded.
  const card = payment.checkoutSessionId ? undefined : (payment.paymentMethod ?? undefined);
  return (
    payment.amount === centsDecimal(order.cents) &&
    payment.currency === order.currency &&
    card === order.paymentMethod &&
    payment.isAutoReload === order.isAutoReload
  );
}
