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

/** The period's usage lines, and when the wallet last paid for them (the wallet pays usage as it is used). */
interface InvoiceUsage {
  lines: InvoiceLineDraft[];
  lastPaidAt: Date | null;
}

/**
 * Where an invoice's usage lines come from (docs/decisions/023, 040): usage by model paid from the
 * prepaid wallet, implemented from the wallet's ledger in wallet-invoice-sources.ts. The wallet's
 * top-ups are never on an invoice: they are money put aside, not something bought.
 */
export interface InvoiceSources {
  /** Usage paid through the instance's provider keys, one line per model, over the period's days (both included). */
  usage(executor: Executor, orgId: string, days: DayRange): Promise<InvoiceUsage>;
}
