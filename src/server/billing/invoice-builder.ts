import { asc, gte, lt } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { subscriptionCharges } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { centsOf, centsToInvoiceUnits } from './billing-money';
import { lastDayOf, type BillingPeriod } from './billing-periods';
import { chargePayments, sumOfPayments, usagePayment, type InvoicePaymentDraft } from './invoice-payments';
import type { InvoiceLineDraft, InvoiceSources } from './invoice-sources';

export interface BuiltInvoice {
  lines: (InvoiceLineDraft & { lineNumber: number })[];
  totalUnits: bigint;
  paidUnits: bigint;
  payments: InvoicePaymentDraft[];
}

/**
 * A period's lines, numbered from 1: the subscription's charges billed in it (the Free Trial at 0
 * when none), then usage by model (docs/decisions/023, 040). The total is their exact sum. The
 * payments against it: each paid charge's payment, and the usage, which the wallet paid as it was
 * used; paid is their sum. The wallet's top-ups are not on it.
 */
export async function buildInvoice(
  executor: Executor,
  sources: InvoiceSources,
  orgId: string,
  period: BillingPeriod,
  now: Date,
): Promise<BuiltInvoice> {
  const days = { fromDay: period.start, toDay: lastDayOf(period) };
  const charges = await executor
    .select()
    .from(subscriptionCharges)
    .where(
      inOrganisation(
        subscriptionCharges.orgId,
        orgId,
        gte(subscriptionCharges.billedOn, period.start),
        lt(subscriptionCharges.billedOn, period.end),
      ),
    )
    .orderBy(asc(subscriptionCharges.createdAt));
  const chargeLines: InvoiceLineDraft[] = charges.map((charge) => ({
    kind: charge.kind,
    description: charge.description,
    modelId: null,
    quantity: null,
    amountUnits: centsToInvoiceUnits(centsOf(charge.amount)),
  }));
  if (!charges.some((charge) => charge.kind === 'plan')) {
    chargeLines.unshift({
      kind: 'plan',
      description: `Free Trial, ${days.fromDay} to ${days.toDay}`,
      modelId: null,
      quantity: null,
      amountUnits: 0n,
    });
  }
  const usage = await sources.usage(executor, orgId, days);
  const lines = [...chargeLines, ...usage.lines].map((line, index) => ({ ...line, lineNumber: index + 1 }));
  const usageUnits = usage.lines.reduce((sum, line) => sum + line.amountUnits, 0n);
  const payments = [
    ...(await chargePayments(executor, orgId, period)),
    ...usagePayment(usageUnits, usage.lastPaidAt ?? now),
  ];
  return {
    lines,
    totalUnits: lines.reduce((sum, line) => sum + line.amountUnits, 0n),
    paidUnits: sumOfPayments(payments),
    payments,
  };
}
