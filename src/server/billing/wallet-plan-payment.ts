import { randomUUID } from 'node:crypto';
import { subscriptionMessages } from '../../contracts';
import type { Executor } from '../db/database';
import { AppError } from '../http/app-error';
import { lockWallet, postToWallet, reservedAgainstWallet } from '../wallet/ledger-repository';
import { claimPayment, findPaymentByKey, type PaymentRow } from '../wallet/payment-repository';
import { centsDecimal, centsToPicodollars, parsePicodollars, wholeCents } from '../../money';
import type { PlanOrder } from './plan-orders';

export interface WalletPlanPayment {
  orgId: string;
  amountCents: bigint;
  currency: string;
  /** One payment per organisation and key: a repeat finds the first and debits nothing more. */
  key: string;
  order: PlanOrder;
  /** The ledger's words for the debit. */
  description: string;
}

/** What the wallet has for a payment now: its balance less what model calls in progress hold. */
export async function walletAvailable(transaction: Executor, orgId: string): Promise<bigint> {
  const wallet = await lockWallet(transaction, orgId);
  return parsePicodollars(wallet.balance) - parsePicodollars(await reservedAgainstWallet(transaction, orgId));
}

/**
 * Pays a plan's charge from the prepaid wallet (docs/decisions/040), in the caller's transaction (the
 * change's, under the organisation's lock): a payment row, succeeded at once, and its debit in the
 * append-only ledger, both kept or lost with the plan change. The wallet's lock is taken after the
 * organisation's, as every plan payment takes them. Refused (402, nothing written) when the balance,
 * less what calls in progress hold, cannot pay it.
 */
export async function payFromWallet(transaction: Executor, payment: WalletPlanPayment): Promise<PaymentRow> {
  const earlier = await findPaymentByKey(transaction, payment.orgId, payment.key);
  if (earlier) return earlier;
  const available = await walletAvailable(transaction, payment.orgId);
  if (available < centsToPicodollars(payment.amountCents))
    throw new AppError(
      'payment_required',
      subscriptionMessages.walletCannotPayPlan(
        centsDecimal(payment.amountCents),
        centsDecimal(wholeCents(available, 'down')),
      ),
    );
  const claimed = await claimPayment(transaction, {
    id: randomUUID(),
    orgId: payment.orgId,
    idempotencyKey: payment.key,
    amount: centsDecimal(payment.amountCents),
    currency: payment.currency,
    status: 'succeeded',
    processor: 'wallet',
    paymentMethod: null,
    isAutoReload: false,
    purpose: 'plan',
    planOrder: payment.order,
  });
  if (!claimed) throw new Error('A wallet payment claimed under the organisation lock already exists');
  await postToWallet(transaction, {
    orgId: payment.orgId,
    amount: `-${centsDecimal(payment.amountCents)}`,
    description: payment.description,
    paymentId: claimed.id,
  });
  return claimed;
}
