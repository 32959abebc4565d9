import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { CatalogModel } from '../../gateway';
import { modelName } from '../analytics/model-names';
import type { Executor } from '../db/database';
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
 * Invoice lines from the prepaid wallet's ledger (docs/decisions/022, 023): the usage it paid for,
 * by model, as the debits it took for the period's usage records (replies through an organisation's own keys and the
 * local model are free and not invoiced); each top-up as a paid line; and one negative line for
 * the usage the wallet had already paid, so the total is what was bought in the period (the plan's
 * charges and the top-ups) and nothing is billed twice.
 */
export function createWalletInvoiceSources(catalog: readonly CatalogModel[]): InvoiceSources {
  return {
    async usageLines(executor, orgId, days) {
      const { from, until } = instantsOf(days);
      const rows = await executor
        .select({
          modelId: usageRecords.modelId,
          tokens: sql<string>`sum(${usageRecords.inputTokens} + ${usageRecords.outputTokens})::text`,
          amount: sql<string>`round(sum(${walletLedger.amount}), 10)::text`,
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
      return rows.map((row) => ({
        kind: 'usage',
        description: `Usage: ${modelName(catalog, row.modelId)} (${Number(row.tokens).toLocaleString('en-US')} tokens)`,
        modelId: row.modelId,
        quantity: Number(row.tokens),
        amountUnits: invoiceUnitsOf(row.amount),
      }));
    },

    async walletLines(executor, orgId, days) {
      const { from, until } = instantsOf(days);
      const topUps = await executor
        .select({
          amount: sql<string>`round(${walletLedger.amount}, 10)::text`,
          isAutoReload: walletLedger.isAutoReload,
          createdAt: walletLedger.createdAt,
        })
        .from(walletLedger)
        .where(
          inOrganisation(
            walletLedger.orgId,
            orgId,
            eq(walletLedger.type, 'credit'),
            isNotNull(walletLedger.paymentId),
            gte(walletLedger.createdAt, from),
            lt(walletLedger.createdAt, until),
          ),
        )
        .orderBy(walletLedger.createdAt);
      const [paidFromWallet] = await executor
        .select({ amount: sql<string>`round(coalesce(sum(${walletLedger.amount}), 0), 10)::text` })
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
        );
      const lines: InvoiceLineDraft[] = topUps.map((topUp) => ({
        kind: 'top_up',
        description: `${topUp.isAutoReload ? 'Wallet auto-reload' : 'Wallet top-up'}, ${topUp.createdAt.toISOString().slice(0, 10)}`,
        modelId: null,
        quantity: null,
        amountUnits: invoiceUnitsOf(topUp.amount),
      }));
      const usagePaid = invoiceUnitsOf(paidFromWallet?.amount ?? '0');
      if (usagePaid > 0n)
        lines.push({
          kind: 'wallet',
          description: 'Usage paid from the prepaid wallet',
          modelId: null,
          quantity: null,
          amountUnits: -usagePaid,
        });
      return {
        lines,
        paidUnits: lines.filter((line) => line.kind === 'top_up').reduce((sum, line) => sum + line.amountUnits, 0n),
      };
    },
  };
}
