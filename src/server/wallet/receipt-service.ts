import { walletMessages } from '../../contracts';
import type { Executor } from '../db/database';
import { organisations } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { notFound } from '../http/app-error';
import { paidWith } from './paid-with';
import { findPayment, type PaymentRow } from './payment-repository';
import { receiptNumberOf, renderReceiptPdf } from './receipt-pdf';

/** What a payment bought, as its receipt says it: the plan order's own words, or the wallet's top-up. */
function boughtWith(payment: PaymentRow): string {
  if (payment.purpose === 'plan') {
    const label = (payment.planOrder as { label?: unknown } | null)?.label;
    return typeof label === 'string' ? label : 'Tokenwise plan';
  }
  return payment.isAutoReload ? 'Wallet auto-reload' : 'Wallet top-up';
}

/**
 * GET /wallet/{orgId}/payments/{paymentId}/receipt: the receipt of one succeeded payment of the
 * caller's organisation (a top-up, or a plan paid by card or from the wallet) as a PDF. Another
 * organisation's payment, or one that has not succeeded, has none (404).
 */
export async function paymentReceipt(
  db: Executor,
  orgId: string,
  paymentId: string,
  applicationName: string,
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const payment = await findPayment(db, orgId, paymentId);
  if (payment?.status !== 'succeeded') throw notFound(walletMessages.receiptNotFound);
  const [organisation] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(inOrganisation(organisations.id, orgId));
  const number = receiptNumberOf(payment.id);
  const pdf = await renderReceiptPdf({
    number,
    applicationName,
    organisationName: organisation?.name ?? '',
    paidAt: payment.updatedAt,
    description: boughtWith(payment),
    amount: `${payment.amount} ${payment.currency}`,
    paidWith: paidWith(payment),
    testMode: payment.processor === 'test',
  });
  return { pdf, fileName: `receipt-${number}.pdf` };
}
