import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { ChargeOutcome } from './card-payments';
import { findLedgerEntryOfPayment, postToWallet, updateWalletRow, type LedgerRow } from './ledger-repository';
import { lockPayment, markPaymentSucceeded, updateOpenPayment, type PaymentRow } from './payment-repository';
import { centsOf } from './wallet-money';

export interface SettledPayment {
  payment: PaymentRow;
  /** The credit, once the payment succeeded. */
  credit?: LedgerRow;
}

/** The ledger's words for a top-up's credit. */
export function creditDescription(payment: Pick<PaymentRow, 'isAutoReload' | 'processor'>): string {
  const kind = payment.isAutoReload ? 'Auto-reload' : 'Top-up';
  return payment.processor === 'test' ? `${kind} by test card (test mode: no real money)` : `${kind} by card`;
}

/**
 * Applies what the payment service says to our payment: the one place a top-up is credited. The
 * payment row is locked first, so the answer of the charge itself, the webhook and the
 * reconciliation job, arriving together, credit once (and the ledger's unique payment id refuses a
 * second credit anyway). A card that succeeded is kept for auto-reloads.
 */
export async function settlePayment(db: Database, logger: Logger, orgId: string, paymentId: string, outcome: ChargeOutcome): Promise<SettledPayment | undefined> {
  if (outcome.status !== 'succeeded') {
    const changes =
      outcome.status === 'failed'
        ? { status: 'failed' as const, failureMessage: outcome.message, clientSecret: null, ...(outcome.processorPaymentId ? { processorPaymentId: outcome.processorPaymentId } : {}) }
        : { status: 'pending' as const, processorPaymentId: outcome.processorPaymentId, clientSecret: outcome.clientSecret ?? null };
    const updated = await updateOpenPayment(db, orgId, paymentId, changes);
    if (updated) return { payment: updated };
    return currentState(db, orgId, paymentId);
  }
  return db.transaction(async (transaction) => {
    const payment = await lockPayment(transaction, orgId, paymentId);
    if (!payment) return undefined;
    if (payment.status === 'succeeded') return { payment, credit: await findLedgerEntryOfPayment(transaction, orgId, paymentId) };
    if (!sameCharge(payment, outcome)) {
      // A signed event or lookup naming our payment for another intent or sum: never credited on its word.
      logger.error({ paymentId, orgId, processorPaymentId: outcome.processorPaymentId }, 'a succeeded charge does not match its payment (intent, amount or currency); not credited');
      return { payment };
    }
    if (payment.status === 'failed') {
      // Said failed before and succeeded after (a retried confirmation): the money moved, so it is credited.
      logger.warn({ paymentId, orgId }, 'a payment recorded as failed succeeded after all; crediting it');
    }
    const paymentMethod = outcome.paymentMethod ?? payment.paymentMethod;
    await markPaymentSucceeded(transaction, orgId, paymentId, { processorPaymentId: outcome.processorPaymentId, paymentMethod });
    const credit = await postToWallet(transaction, {
      orgId,
      amount: payment.amount,
      description: creditDescription(payment),
      paymentId,
      isAutoReload: payment.isAutoReload,
    });
    if (paymentMethod) await updateWalletRow(transaction, orgId, { savedPaymentMethod: paymentMethod });
    return { payment: { ...payment, status: 'succeeded' as const, processorPaymentId: outcome.processorPaymentId, paymentMethod }, credit };
  });
}

function sameCharge(payment: PaymentRow, outcome: Extract<ChargeOutcome, { status: 'succeeded' }>): boolean {
  if (payment.processorPaymentId && payment.processorPaymentId !== outcome.processorPaymentId) return false;
  if (!outcome.charged) return true;
  return outcome.charged.cents === centsOf(payment.amount) && outcome.charged.currency.toUpperCase() === payment.currency.toUpperCase();
}

async function currentState(db: Database, orgId: string, paymentId: string): Promise<SettledPayment | undefined> {
  return db.transaction(async (transaction) => {
    const payment = await lockPayment(transaction, orgId, paymentId);
    if (!payment) return undefined;
    return { payment, credit: payment.status === 'succeeded' ? await findLedgerEntryOfPayment(transaction, orgId, paymentId) : undefined };
  });
}
