import type { CatalogModel } from '../../gateway';
import { modelName } from '../analytics/model-names';
import { totalsByDayAndModel, type DayRange } from '../analytics/usage-totals-repository';
import type { Executor } from '../db/database';
import type { InvoiceLineKind } from '../db/schema';
import { invoiceUnitsOf } from './billing-money';

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
 * usage by model, and the prepaid wallet's top-ups and what it paid. The wallet plugs in here.
 */
export interface InvoiceSources {
  /** Usage paid through the instance's provider keys, one line per model, over the period's days (both included). */
  usageLines(executor: Executor, orgId: string, days: DayRange): Promise<InvoiceLineDraft[]>;
  /** The wallet's lines for the period (its top-ups; usage it paid, negative) and how much of them was paid. */
  walletLines(executor: Executor, orgId: string, days: DayRange): Promise<{ lines: InvoiceLineDraft[]; paidUnits: bigint }>;
}

/**
 * Usage from the daily roll-ups (docs/decisions/020), all of it: until the wallet marks which
 * records the instance's keys paid for, they cannot be told apart. No wallet yet: no wallet lines.
 */
export function createRollupInvoiceSources(catalog: readonly CatalogModel[]): InvoiceSources {
  return {
    async usageLines(executor, orgId, days) {
      const byModel = new Map<string, { tokens: number; units: bigint }>();
      for (const row of await totalsByDayAndModel(executor, orgId, days)) {
        const model = byModel.get(row.modelId) ?? { tokens: 0, units: 0n };
        model.tokens += row.tokens;
        model.units += invoiceUnitsOf(row.costUsd);
        byModel.set(row.modelId, model);
      }
      return [...byModel].map(([modelId, { tokens, units }]) => ({
        kind: 'usage',
        description: `Usage: ${modelName(catalog, modelId)} (${tokens.toLocaleString('en-US')} tokens)`,
        modelId,
        quantity: tokens,
        amountUnits: units,
      }));
    },
    async walletLines() {
      return { lines: [], paidUnits: 0n };
    },
  };
}
