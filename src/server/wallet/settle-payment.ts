import type { Logger } from 'pino';
import type { Database, Executor } from '../db/database';
import type { ChargeOutcome } from './card-payments';
import { findLedgerEntryOfPayment, postToWallet, updateWalletRow, type LedgerRow } from './ledger-repository';
import {
  findPayment,
  lockPayment,
  markPaymentSucceeded,
  updateOpenPayment,
  type PaymentRow,
} from './payment-repository';
import { centsOf } from '../../money';

export interface SettledPayment {
  payment: PaymentRow;
  /** The credit, once the payment succeeded. */
  credit?: LedgerRow;
}

/**
 * What a plan payment does once Stripe has decided (billing registers it: the wallet knows nothing
 * of plans). Called in the transaction that settles the payment, under the organisation's lock and
 * then the payment's, so the order is applied exactly once whichever of the charge's answer, the
 * webhook and reconciliation comes first.
 */
export interface PlanPaymentHandler {
  /** Taken before the payment's lock: plan changes lock the organisation first, so the order is the same everywhere. */
  lockOrganisation(transaction: Executor, orgId: string): Promise<void>;
  /** Applies the paid order; 'credit' when it no longer can (the plan changed meanwhile): the money goes to the wallet instead. */
  paid(transaction: Executor, payment: PaymentRow): Promise<'applied' | 'credit'>;
  /** The payment failed: whatever waited for it is told (a renewal becomes past due). */
  failed(transaction: Executor, payment: PaymentRow): Promise<void>;
}

/** The ledger's words for a top-up's credit. */
function creditDescription(payment: Pick<PaymentRow, 'isAutoReload' | 'processor' | 'purpose'>): string {
  if (payment.purpose === 'plan') return 'Plan payment that could no longer be applied, credited to the wallet';
  const kind = payment.isAutoReload ? 'Auto-reload' : 'Top-up';
  return payment.processor === 'test' ? `${kind} by test card (test mode: no real money)` : `${kind} by card`;
}

/**
 * Applies what the payment service says to our payment: the one place a payment is settled. The
 * payment row is locked first (a plan payment's organisation before it), so the answer of the
 * charge itself, the webhook and the reconciliation job, arriving together, settle once (and the
 * ledger's unique payment id refuses a second credit anyway). A card that succeeded is kept for
 * auto-reloads and plan charges.
 */
export async function settlePayment(
  db: Database,
  logger: Logger,
  orgId: string,
  paymentId: string,
  outcome: ChargeOutcome,
  plans?: PlanPaymentHandler,
): Promise<SettledPayment | undefined> {
  if (outcome.status === 'pending') {
    const updated = await updateOpenPayment(db, orgId, paymentId, {
      status: 'pending',
      ...(outcome.processorPaymentId ? { processorPaymentId: outcome.processorPaymentId } : {}),
      clientSecret: outcome.clientSecret ?? null,
      ...(outcome.checkout ? { checkoutSessionId: outcome.checkout.sessionId, checkoutUrl: outcome.checkout.url } : {}),
    });
    if (updated) return { payment: updated };
    return currentState(db, orgId, paymentId);
  }
  return db.transaction(async (transaction) => {
    const purpose = (await findPayment(transaction, orgId, paymentId))?.purpose;
    if (purpose === 'plan') {
      if (!plans) throw new Error('A plan payment was settled without the plan payment handler');
      await plans.lockOrganisation(transaction, orgId);
    }
    const payment = await lockPayment(transaction, orgId, paymentId);
    if (!payment) return undefined;
    if (outcome.status === 'failed') {
      if (payment.status !== 'processing' && payment.status !== 'pending')
        return { payment, credit: await creditOf(transaction, payment) };
      const failed = await updateOpenPayment(transaction, orgId, paymentId, {
        status: 'failed',
        failureMessage: outcome.message,
        clientSecret: null,
        ...(outcome.processorPaymentId ? { processorPaymentId: outcome.processorPaymentId } : {}),
      });
      if (failed && purpose === 'plan') await plans!.failed(transaction, failed);
      return { payment: failed ?? payment };
    }
    if (payment.status === 'succeeded') return { payment, credit: await creditOf(transaction, payment) };
    if (!sameCharge(payment, outcome)) {
      // A signed event or lookup naming our payment for another intent or sum: never credited on its word.
      logger.error(
        { paymentId, orgId, processorPaymentId: outcome.processorPaymentId },
        'a succeeded charge does not match its payment (intent, amount or currency); not credited',
      );
      return { payment };
    }
    if (payment.status === 'failed') {
      // Said failed before and succeeded after (a retried confirmation): the money moved, so it is credited.
      logger.warn({ paymentId, orgId }, 'a payment recorded as failed succeeded after all; crediting it');
    }
    const paymentMethod = outcome.paymentMethod ?? payment.paymentMethod;
    await markPaymentSucceeded(transaction, orgId, paymentId, {
      processorPaymentId: outcome.processorPaymentId,
      paymentMethod,
    });
    const settled = {
      ...payment,
      status: 'succeeded' as const,
      processorPaymentId: outcome.processorPaymentId,
      paymentMethod,
    };
    if (paymentMethod) await updateWalletRow(transaction, orgId, { savedPaymentMethod: paymentMethod });
    if (purpose === 'plan' && (await plans!.paid(transaction, settled)) === 'applied') return { payment: settled };
    if (purpose === 'plan')
      logger.warn(
        { paymentId, orgId },
        'a paid plan order could no longer be applied; its money is credited to the wallet',
      );
    const credit = await postToWallet(transaction, {
      orgId,
      amount: payment.amount,
      description: creditDescription(payment),
      paymentId,
      isAutoReload: payment.isAutoReload,
    });
    return { payment: settled, credit };
  });
}

function sameCharge(payment: PaymentRow, outcome: Extract<ChargeOutcome, { status: 'succeeded' }>): boolean {
  if (payment.processorPaymentId && payment.processorPaymentId !== outcome.processorPaymentId) return false;
  if (!outcome.charged) return true;
  return (
    outcome.charged.cents === centsOf(payment.amount) &&
    outcome.charged.currency.toUpperCase() === payment.currency.toUpperCase()
  );
}

async function creditOf(executor: Executor, payment: PaymentRow): Promise<LedgerRow | undefined> {
  return payment.status === 'succeeded' ? findLedgerEntryOfPayment(executor, payment.orgId, payment.id) : undefined;
}

async function currentState(db: Database, orgId: string, paymentId: string): Promise<SettledPayment | undefined> {
  const payment = await findPayment(db, orgId, paymentId);
  return payment ? { payment, credit: await creditOf(db, payment) } : undefined;
}
