import { asc, gte, lt } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { subscriptionCharges } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { centsOf, centsToInvoiceUnits } from './billing-money';
import { lastDayOf, type BillingPeriod } from './billing-periods';
import type { InvoiceLineDraft, InvoiceSources } from './invoice-sources';

export interface BuiltInvoice {
  lines: (InvoiceLineDraft & { lineNumber: number })[];
  totalUnits: bigint;
  paidUnits: bigint;
}

/**
 * A period's lines, numbered from 1: the subscription's charges billed in it (the Free Trial at 0
 * when none), usage by model, then the wallet's lines. The total is their exact sum; paid is what
 * of it was paid (paid charges and the wallet's payments).
 */
export async function buildInvoice(
  executor: Executor,
  sources: InvoiceSources,
  orgId: string,
  period: BillingPeriod,
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
  const usage = await sources.usageLines(executor, orgId, days);
  const wallet = await sources.walletLines(executor, orgId, days);
  const lines = [...chargeLines, ...usage, ...wallet.lines].map((line, index) => ({ ...line, lineNumber: index + 1 }));
  const paidCharges = charges
    .filter((charge) => charge.status === 'paid')
    .reduce((sum, charge) => sum + centsToInvoiceUnits(centsOf(charge.amount)), 0n);
  return {
    lines,
    totalUnits: lines.reduce((sum, line) => sum + line.amountUnits, 0n),
    paidUnits: paidCharges + wallet.paidUnits,
  };
}
