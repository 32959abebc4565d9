import { asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { invoiceLines, invoices } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { decimalText, invoiceScale } from './billing-money';
import type { BillingPeriod } from './billing-periods';
import type { BuiltInvoice } from './invoice-builder';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

const units = (amount: bigint) => decimalText(amount, invoiceScale);

/** The organisation's invoice numbers: TW-, the first 8 characters of its id, and its sequence. */
const invoiceNumberOf = (orgId: string, sequence: number) =>
  `TW-${orgId.slice(0, 8).toUpperCase()}-${String(sequence).padStart(4, '0')}`;

/** The open period's draft, made when first needed; a draft's end may still move (a purchase closes the period early). */
export async function ensureDraftInvoice(
  transaction: Executor,
  orgId: string,
  period: BillingPeriod,
  currency: string,
): Promise<InvoiceRow> {
  const [row] = await transaction
    .insert(invoices)
    .values({ orgId, periodStart: period.start, periodEnd: period.end, currency })
    .onConflictDoUpdate({
      target: [invoices.orgId, invoices.periodStart],
      set: { periodEnd: period.end, currency },
      setWhere: sql`${invoices.status} = 'draft' and (${invoices.periodEnd} <> excluded.period_end or ${invoices.currency} <> excluded.currency)`,
    })
    .returning();
  if (row) return row;
  const [existing] = await transaction
    .select()
    .from(invoices)
    .where(inOrganisation(invoices.orgId, orgId, eq(invoices.periodStart, period.start)));
  return existing!;
}

/**
 * Issues the period's invoice with its lines and the organisation's next number: once (an invoice
 * already issued for the period is answered as it is). Run under the organisation's lock.
 */
export async function issueInvoice(
  transaction: Executor,
  orgId: string,
  period: BillingPeriod,
  currency: string,
  built: BuiltInvoice,
  issuedAt: Date,
): Promise<InvoiceRow> {
  const draft = await ensureDraftInvoice(transaction, orgId, period, currency);
  if (draft.status !== 'draft') return draft;
  const [last] = await transaction
    .select({ sequence: max(invoices.sequence) })
    .from(invoices)
    .where(inOrganisation(invoices.orgId, orgId));
  const sequence = (last?.sequence ?? 0) + 1;
  const [issued] = await transaction
    .update(invoices)
    .set({
      sequence,
      number: invoiceNumberOf(orgId, sequence),
      status: built.totalUnits - built.paidUnits <= 0n ? 'paid' : 'issued',
      total: units(built.totalUnits),
      amountPaid: units(built.paidUnits),
      issuedAt,
    })
    .where(inOrganisation(invoices.orgId, orgId, eq(invoices.id, draft.id)))
    .returning();
  if (built.lines.length > 0) {
    await transaction.insert(invoiceLines).values(
      built.lines.map((line) => ({
        invoiceId: draft.id,
        lineNumber: line.lineNumber,
        kind: line.kind,
        description: line.description,
        modelId: line.modelId,
        quantity: line.quantity,
        amount: units(line.amountUnits),
      })),
    );
  }
  return issued!;
}

/** An issued invoice whose payments came to cover its total (a renewal paid after the period closed): now paid. */
export async function markInvoicePaid(
  transaction: Executor,
  invoice: InvoiceRow,
  paidUnits: bigint,
): Promise<InvoiceRow['status']> {
  await transaction
    .update(invoices)
    .set({ status: 'paid', amountPaid: units(paidUnits) })
    .where(inOrganisation(invoices.orgId, invoice.orgId, eq(invoices.id, invoice.id), eq(invoices.status, 'issued')));
  return 'paid';
}

/** Newest period first. */
export async function listInvoices(db: Executor, orgId: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(inOrganisation(invoices.orgId, orgId)).orderBy(desc(invoices.periodStart));
}

export async function findInvoice(db: Executor, orgId: string, invoiceId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(inOrganisation(invoices.orgId, orgId, eq(invoices.id, invoiceId)));
  return row;
}

/** The lines of the organisation's issued invoices among `invoiceIds`, by invoice. */
export async function linesOfInvoices(
  db: Executor,
  orgId: string,
  invoiceIds: string[],
): Promise<Map<string, InvoiceLineRow[]>> {
  const byInvoice = new Map<string, InvoiceLineRow[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .select({ line: invoiceLines })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(inOrganisation(invoices.orgId, orgId, inArray(invoiceLines.invoiceId, invoiceIds)))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.lineNumber))
    .then((found) => found.map(({ line }) => line));
  for (const row of rows) byInvoice.set(row.invoiceId, [...(byInvoice.get(row.invoiceId) ?? []), row]);
  return byInvoice;
}
