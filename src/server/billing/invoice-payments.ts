import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { InvoicePayment } from '../../contracts';
import type { Executor } from '../db/database';
import { subscriptionCharges, walletPayments } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { paidWith, receiptPath } from '../wallet/paid-with';
import { centsOf, centsToInvoiceUnits, invoiceNumber } from './billing-money';
import type { BillingPeriod } from './billing-periods';

/** A payment against an invoice, its amount in invoice units (1e-10). */
export interface InvoicePaymentDraft {
  id: string | null;
  method: InvoicePayment['method'];
  description: string;
  amountUnits: bigint;
  paidAt: Date;
  receiptPath: string | null;
}

const methodOf = (processor: string): InvoicePayment['method'] =>
  processor === 'wallet' ? 'wallet' : processor === 'test' ? 'test_card' : 'card';

/**
 * What was paid against the period's invoice for its plan charges (docs/decisions/040): each paid
 * charge billed in the period with the payment that paid it (by card, test card or from the wallet;
 * charges made before payments were recorded with them have none, and no receipt).
 */
export async function chargePayments(
  executor: Executor,
  orgId: string,
  period: BillingPeriod,
): Promise<InvoicePaymentDraft[]> {
  const rows = await executor
    .select({ charge: subscriptionCharges, payment: walletPayments })
    .from(subscriptionCharges)
    .leftJoin(
      walletPayments,
      and(eq(walletPayments.id, subscriptionCharges.paymentId), eq(walletPayments.orgId, subscriptionCharges.orgId)),
    )
    .where(
      inOrganisation(
        subscriptionCharges.orgId,
        orgId,
        eq(subscriptionCharges.status, 'paid'),
        gte(subscriptionCharges.billedOn, period.start),
        lt(subscriptionCharges.billedOn, period.end),
      ),
    )
    .orderBy(asc(subscriptionCharges.createdAt));
  return rows.map(({ charge, payment }) => ({
    id: payment?.id ?? null,
    method: payment ? methodOf(payment.processor) : charge.processor === 'test' ? 'none' : methodOf(charge.processor),
    description: payment
      ? `${charge.description}: ${paidWith(payment)}`
      : `${charge.description}: recorded in test mode without a payment`,
    amountUnits: centsToInvoiceUnits(centsOf(charge.amount)),
    paidAt: payment?.updatedAt ?? charge.createdAt,
    receiptPath: payment ? receiptPath(orgId, payment.id) : null,
  }));
}

/** The usage lines' payment: the wallet paid them as they were used. None when there was no paid usage. */
export function usagePayment(usageUnits: bigint, paidAt: Date): InvoicePaymentDraft[] {
  if (usageUnits <= 0n) return [];
  return [
    {
      id: null,
      method: 'wallet',
      description: 'Usage, paid from the prepaid wallet as it was used',
      amountUnits: usageUnits,
      paidAt,
      receiptPath: null,
    },
  ];
}

export const presentInvoicePayment = (payment: InvoicePaymentDraft): InvoicePayment => ({
  id: payment.id,
  method: payment.method,
  description: payment.description,
  amount: invoiceNumber(payment.amountUnits),
  paid_at: payment.paidAt.toISOString(),
  receipt_path: payment.receiptPath,
});

export const sumOfPayments = (payments: readonly InvoicePaymentDraft[]) =>
  payments.reduce((sum, payment) => sum + payment.amountUnits, 0n);
