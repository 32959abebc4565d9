import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { CatalogModel } from '../../gateway';
import { modelName } from '../analytics/model-names';
import { usageRecords, walletLedger } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { invoiceUnitsOf } from './billing-money';
import type { DayRange } from '../analytics/usage-totals-repository';
import type { InvoiceLineDraft, InvoiceSources } from './invoice-sources';

/** The period's instants: from the first day's start to the end of the last (UTC, both included). */
const instantsOf = (days: DayRange) => ({
  from: new Date(`${days.fromDay}T00:00:00.000Z`),
  until: new Date(Date.parse(`${days.toDay}T00:00:00.000Z`) + 86_400_000),
});

/**
 * Invoice lines from the prepaid wallet's ledger (docs/decisions/022, 023, 040): the usage it paid
 * for, by model, as the debits it took for the period's usage records (replies through an
 * organisation's own keys and the local model are free and not invoiced). The wallet paid them as
 * they were used: the invoice shows that payment beside them (invoice-payments.ts).
 */
export function createWalletInvoiceSources(catalog: readonly CatalogModel[]): InvoiceSources {
  return {
    async usage(executor, orgId, days) {
      const { from, until } = instantsOf(days);
      const rows = await executor
        .select({
          modelId: usageRecords.modelId,
          tokens: sql<string>`sum(${usageRecords.inputTokens} + ${usageRecords.outputTokens})::text`,
          amount: sql<string>`round(sum(${walletLedger.amount}), 10)::text`,
          lastPaidAtMs: sql<string>`(extract(epoch from max(${walletLedger.createdAt})) * 1000)::bigint::text`,
        })
        .from(walletLedger)
        .innerJoin(
          usageRecords,
          and(eq(usageRecords.id, walletLedger.usageRecordId), eq(usageRecords.orgId, walletLedger.orgId)),
        )
        .where(
          inOrganisation(
            walletLedger.orgId,
            orgId,
            eq(walletLedger.type, 'debit'),
            gte(usageRecords.createdAt, from),
            lt(usageRecords.createdAt, until),
          ),
        )
        .groupBy(usageRecords.modelId)
        .orderBy(sql`min(${usageRecords.createdAt})`, usageRecords.modelId);
      const lines: InvoiceLineDraft[] = rows.map((row) => ({
        kind: 'usage',
        description: `Usage: ${modelName(catalog, row.modelId)} (${Number(row.tokens).toLocaleString('en-US')} tokens)`,
        modelId: row.modelId,
        quantity: Number(row.tokens),
        amountUnits: invoiceUnitsOf(row.amount),
      }));
      const times = rows.map((row) => Number(row.lastPaidAtMs));
      return { lines, lastPaidAt: times.length > 0 ? new Date(Math.max(...times)) : null };
    },
  };
}
