import type { Invoice } from '@contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Card } from '../../admin/components/card';
import { formatDay } from '../../admin/lib/format';
import { EmptyState } from '../../dashboard/components/empty-state';
import { downloadInvoicePdf } from '../api/subscription-api';
import { formatMoney } from '../../../lib/format-money';
import { downloadBlob } from '../../dashboard/lib/download-file';

export const noInvoicesText = 'No invoices yet.';

const statusStyle: Record<Invoice['status'], string> = {
  draft: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  issued: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  paid: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
};
const statusLabel: Record<Invoice['status'], string> = { draft: 'Draft (open period)', issued: 'Issued', paid: 'Paid' };

const invoiceName = (invoice: Invoice) => invoice.number ?? `Draft ${formatDay(invoice.period_start)}`;

/** The payments against an invoice (docs/decisions/040), each with its receipt when it has one. */
function InvoicePayments({
  invoice,
  downloading,
  onReceipt,
}: {
  invoice: Invoice;
  downloading: string | null;
  onReceipt: (id: string, path: string, fallbackName: string) => Promise<void>;
}) {
  if (invoice.payments.length === 0) return null;
  return (
    <ul aria-label={`Payments of ${invoiceName(invoice)}`} className="mt-2 space-y-1">
      {invoice.payments.map((payment, index) => {
        const key = payment.id ?? `${invoice.id}-${index}`;
        const amount = formatMoney(payment.amount, invoice.currency);
        return (
          <li
            key={key}
            className="flex flex-wrap items-center justify-between gap-2 rounded bg-slate-50 px-2 py-1 text-xs text-slate-700 dark:bg-slate-800/60 dark:text-slate-300"
          >
            <span className="min-w-0 break-words">
              {formatDay(payment.paid_at.slice(0, 10))} · {payment.description}
            </span>
            <span className="flex items-center gap-2">
              <span className="tabular-nums">{amount}</span>
              {payment.receipt_path ? (
                <Button
                  variant="secondary"
                  aria-label={`Receipt for ${amount} paid ${formatDay(payment.paid_at.slice(0, 10))} (PDF)`}
                  disabled={downloading === key}
                  onClick={() => void onReceipt(key, payment.receipt_path!, `receipt-${key}.pdf`)}
                >
                  {downloading === key ? 'Downloading...' : 'Receipt'}
                </Button>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** One invoice per billing period, newest first (the open period's draft first), each downloadable as PDF. */
export function InvoicesCard({
  invoices,
  onError,
}: {
  invoices: readonly Invoice[] | undefined;
  onError: (error: unknown) => void;
}) {
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(id: string, path: string, fallbackName: string) {
    setDownloading(id);
    try {
      const file = await downloadInvoicePdf(path);
      downloadBlob(file.fileName ?? fallbackName, file.blob);
    } catch (error) {
      onError(error);
    } finally {
      setDownloading(null);
    }
  }

  return (
    <Card title="Invoices">
      {!invoices ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading invoices" />
        </div>
      ) : invoices.length === 0 ? (
        <EmptyState text={noInvoicesText} />
      ) : (
        <ul aria-label="Invoices" className="divide-y divide-slate-200 dark:divide-slate-800">
          {invoices.map((invoice) => (
            <li key={invoice.id} aria-label={invoiceName(invoice)} className="py-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900 dark:text-slate-100">
                    {invoiceName(invoice)}
                    <span className={`ml-2 rounded px-1.5 py-0.5 text-xs font-medium ${statusStyle[invoice.status]}`}>
                      {statusLabel[invoice.status]}
                    </span>
                  </p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {formatDay(invoice.period_start)} to {formatDay(invoice.period_end)} · {invoice.lines.length}{' '}
                    {invoice.lines.length === 1 ? 'line' : 'lines'}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="text-right tabular-nums">
                    <span className="block font-semibold text-slate-900 dark:text-white">
                      {formatMoney(invoice.total, invoice.currency)}
                    </span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      Paid {formatMoney(invoice.amount_paid, invoice.currency)}
                    </span>
                    {invoice.amount_due > 0 ? (
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        Due {formatMoney(invoice.amount_due, invoice.currency)}
                      </span>
                    ) : null}
                  </span>
                  <Button
                    variant="secondary"
                    aria-label={`Download ${invoiceName(invoice)} (PDF)`}
                    disabled={downloading === invoice.id}
                    onClick={() =>
                      void download(
                        invoice.id,
                        invoice.pdf_path,
                        `invoice-${invoice.number ?? invoice.period_start}.pdf`,
                      )
                    }
                  >
                    {downloading === invoice.id ? 'Downloading...' : 'Download'}
                  </Button>
                </div>
              </div>
              <InvoicePayments invoice={invoice} downloading={downloading} onReceipt={download} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
