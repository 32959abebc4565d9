import type { DayRange } from '../analytics/usage-totals-repository';
import type { Executor } from '../db/database';
import type { InvoiceLineKind } from '../db/schema';

/** A line before it is numbered; amount in invoice units (1e-10). */
export interface InvoiceLineDraft {
  kind: InvoiceLineKind;
  description: string;
  modelId: string | null;
  quantity: number | null;
  amountUnits: bigint;
}

/**
 * Where an invoice's lines other than the subscription's charges come from (docs/decisions/023):
 * usage by model, and the prepaid wallet's top-ups and what it paid. Implemented from the wallet's ledger in wallet-invoice-sources.ts.
 */
export interface InvoiceSources {
  /** Usage paid through the instance's provider keys, one line per model, over the period's days (both included). */
  usageLines(executor: Executor, orgId: string, days: DayRange): Promise<InvoiceLineDraft[]>;
  /** The wallet's lines for the period (its top-ups; usage it paid, negative) and how much of them was paid. */
  walletLines(
    executor: Executor,
    orgId: string,
    days: DayRange,
  ): Promise<{ lines: InvoiceLineDraft[]; paidUnits: bigint }>;
}
