import type { Invoice, InvoiceLine } from '../../contracts';
import type { Executor } from '../db/database';
import { notFound } from '../http/app-error';
import { subscriptionMessages } from '../../contracts';
import type { BillingDependencies } from './billing-dependencies';
import { invoiceNumber, invoiceUnitsOf } from './billing-money';
import { lastDayOf, type BillingPeriod } from './billing-periods';
import { buildInvoice, type BuiltInvoice } from './invoice-builder';
import { chargePayments, presentInvoicePayment, sumOfPayments, usagePayment } from './invoice-payments';
import {
  ensureDraftInvoice,
  findInvoice,
  linesOfInvoices,
  listInvoices,
  markInvoicePaid,
  type InvoiceLineRow,
  type InvoiceRow,
} from './invoice-repository';
import { settleBilling } from './period-closing';

const pdfPathOf = (invoice: InvoiceRow) => `/api/subscription/invoices/${invoice.orgId}/${invoice.id}/pdf`;

function presentDraft(invoice: InvoiceRow, built: BuiltInvoice): Invoice {
  return {
    id: invoice.id,
    number: null,
    status: 'draft',
    period_start: invoice.periodStart,
    period_end: lastDayOf({ start: invoice.periodStart, end: invoice.periodEnd }),
    currency: invoice.currency,
    lines: built.lines.map((line) => ({
      line_number: line.lineNumber,
      kind: line.kind,
      description: line.description,
      model_id: line.modelId,
      quantity: line.quantity,
      amount: invoiceNumber(line.amountUnits),
    })),
    total: invoiceNumber(built.totalUnits),
    amount_paid: invoiceNumber(built.paidUnits),
    amount_due: invoiceNumber(built.totalUnits - built.paidUnits),
    payments: built.payments.map(presentInvoicePayment),
    issued_at: null,
    pdf_path: pdfPathOf(invoice),
  };
}

/** Invoices issued before docs/decisions/040 listed the wallet's top-ups; their amount paid stays as issued. */
const listsTopUps = (lines: InvoiceLineRow[]) => lines.some((line) => line.kind === 'top_up' || line.kind === 'wallet');

/**
 * An issued invoice: its lines and total as issued, never changed; the payments against it as they
 * stand (a renewal retried after the period closed may be paid later), and when they cover the
 * total an issued invoice becomes paid (the one change an issued invoice takes).
 */
async function presentIssued(executor: Executor, invoice: InvoiceRow, lines: InvoiceLineRow[]): Promise<Invoice> {
  const total = invoiceUnitsOf(invoice.total ?? '0');
  const period = { start: invoice.periodStart, end: invoice.periodEnd };
  const usageUnits = lines
    .filter((line) => line.kind === 'usage')
    .reduce((sum, line) => sum + invoiceUnitsOf(line.amount), 0n);
  const payments = [
    ...(await chargePayments(executor, invoice.orgId, period)),
    ...usagePayment(usageUnits, invoice.issuedAt ?? invoice.createdAt),
  ];
  const paid = listsTopUps(lines) ? invoiceUnitsOf(invoice.amountPaid ?? '0') : sumOfPayments(payments);
  const status =
    invoice.status === 'issued' && paid >= total ? await markInvoicePaid(executor, invoice, paid) : invoice.status;
  return {
    id: invoice.id,
    number: invoice.number,
    status,
    period_start: invoice.periodStart,
    period_end: lastDayOf(period),
    currency: invoice.currency,
    lines: lines.map(
      (line): InvoiceLine => ({
        line_number: line.lineNumber,
        kind: line.kind,
        description: line.description,
        model_id: line.modelId,
        quantity: line.quantity,
        amount: invoiceNumber(invoiceUnitsOf(line.amount)),
      }),
    ),
    total: invoiceNumber(total),
    amount_paid: invoiceNumber(paid),
    amount_due: invoiceNumber(total - paid),
    payments: payments.map(presentInvoicePayment),
    issued_at: invoice.issuedAt?.toISOString() ?? null,
    pdf_path: pdfPathOf(invoice),
  };
}

async function presentInvoices(
  executor: Executor,
  dependencies: BillingDependencies,
  orgId: string,
  rows: InvoiceRow[],
  openPeriod: BillingPeriod,
  now: Date,
): Promise<Invoice[]> {
  const lines = await linesOfInvoices(
    executor,
    orgId,
    rows.filter((row) => row.status !== 'draft').map((row) => row.id),
  );
  const answers: Invoice[] = [];
  for (const row of rows) {
    if (row.status !== 'draft') answers.push(await presentIssued(executor, row, lines.get(row.id) ?? []));
    else if (row.periodStart === openPeriod.start)
      answers.push(presentDraft(row, await buildInvoice(executor, dependencies.sources, orgId, openPeriod, now)));
  }
  return answers;
}

/** GET /subscription/invoices/{orgId}: every period's invoice, newest first: the open period's draft, then those issued. */
export function listOrganisationInvoices(
  dependencies: BillingDependencies,
  orgId: string,
  now = new Date(),
): Promise<Invoice[]> {
  return settleBilling(dependencies, orgId, now, async (transaction, settled) => {
    await ensureDraftInvoice(transaction, orgId, settled.openPeriod, settled.plan.currency);
    return presentInvoices(
      transaction,
      dependencies,
      orgId,
      await listInvoices(transaction, orgId),
      settled.openPeriod,
      now,
    );
  });
}

/** One invoice of the organisation (404 for another organisation's or none). */
export function organisationInvoice(
  dependencies: BillingDependencies,
  orgId: string,
  invoiceId: string,
  now = new Date(),
): Promise<Invoice> {
  return settleBilling(dependencies, orgId, now, async (transaction, settled) => {
    const row = await findInvoice(transaction, orgId, invoiceId);
    const [invoice] = row
      ? await presentInvoices(transaction, dependencies, orgId, [row], settled.openPeriod, now)
      : [];
    if (!invoice) throw notFound(subscriptionMessages.invoiceNotFound);
    return invoice;
  });
}
