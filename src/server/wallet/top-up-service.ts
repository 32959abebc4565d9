import { randomUUID } from 'node:crypto';
import { walletMessages } from '../../contracts';
import { AppError } from '../http/app-error';
import { centsText } from './wallet-money';
import { findLedgerEntryOfPayment, findWallet, updateWalletRow } from './ledger-repository';
import { claimPayment, findPaymentByKey, type PaymentRow } from './payment-repository';
import { settlePayment, type SettledPayment } from './settle-payment';
import type { WalletDependencies } from './wallet-dependencies';

export interface TopUpOrder {
  orgId: string;
  cents: bigint;
  currency: string;
  /** The client's Idempotency-Key (or one made for an auto-reload): one payment per organisation and key. */
  idempotencyKey: string;
  /** A Stripe PaymentMethod id (test mode: a Stripe test id); absent with Stripe, the payment waits for Stripe.js. */
  paymentMethod?: string;
  isAutoReload: boolean;
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
export async function topUp(dependencies: WalletDependencies, order: TopUpOrder): Promise<SettledPayment> {
  const { db, payments, logger } = dependencies;
  const claimed = await claimPayment(db, {
    id: randomUUID(),
    orgId: order.orgId,
    idempotencyKey: order.idempotencyKey,
    amount: centsText(order.cents),
    currency: order.currency,
    status: 'processing',
    processor: payments.testMode ? 'test' : 'stripe',
    paymentMethod: order.paymentMethod ?? null,
    isAutoReload: order.isAutoReload,
  });
  if (!claimed) return answerOfRepeat(dependencies, order);
  try {
    const customerId = payments.customerFor ? await customerOf(dependencies, order.orgId) : undefined;
    const outcome = await payments.charge({
      paymentId: claimed.id,
      orgId: order.orgId,
      cents: order.cents,
      currency: order.currency,
      paymentMethod: order.paymentMethod,
      customerId,
      offSession: order.isAutoReload,
      description: order.isAutoReload ? 'Tokenwise wallet auto-reload' : 'Tokenwise wallet top-up',
    });
    return (await settlePayment(db, logger, order.orgId, claimed.id, outcome)) ?? { payment: claimed };
  } catch (error) {
    logger.warn({ err: error, paymentId: claimed.id, orgId: order.orgId }, 'the card payment could not be confirmed; it stays open for the webhook or reconciliation');
    return { payment: claimed };
  }
}

async function customerOf(dependencies: WalletDependencies, orgId: string): Promise<string | undefined> {
  const wallet = await findWallet(dependencies.db, orgId);
  if (wallet?.stripeCustomerId) return wallet.stripeCustomerId;
  const customerId = await dependencies.payments.customerFor!(orgId);
  await updateWalletRow(dependencies.db, orgId, { stripeCustomerId: customerId });
  return customerId;
}

async function answerOfRepeat(dependencies: WalletDependencies, order: TopUpOrder): Promise<SettledPayment> {
  const deadline = Date.now() + waitForFirstMs;
  for (;;) {
    const payment = await findPaymentByKey(dependencies.db, order.orgId, order.idempotencyKey);
    if (!payment) throw new Error('A payment claimed by its key is gone');
    if (!sameOrder(payment, order)) throw new AppError('conflict', walletMessages.idempotencyKeyReused);
    if (payment.status !== 'processing' || Date.now() > deadline) {
      return { payment, credit: payment.status === 'succeeded' ? await findLedgerEntryOfPayment(dependencies.db, payment.orgId, payment.id) : undefined };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function sameOrder(payment: PaymentRow, order: TopUpOrder): boolean {
  return payment.amount === centsText(order.cents) && payment.currency === order.currency && (payment.paymentMethod ?? undefined) === order.paymentMethod && payment.isAutoReload === order.isAutoReload;
}
