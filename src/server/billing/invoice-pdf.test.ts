import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../contracts';
import { drawableText, formatAmount, invoiceFileName, renderInvoicePdf } from './invoice-pdf';

const invoice = (lines: number): Invoice => ({
  id: '00000000-0000-4000-8000-000000000001',
  number: 'TW-1A2B3C4D-0007',
  status: 'issued',
  period_start: '2026-10-01',
  period_end: '2026-10-30',
  currency: 'USD',
  lines: Array.from({ length: lines }, (_, index) => ({
    line_number: index + 1,
    kind: 'usage' as const,
    description: `Usage: model ${index} with a name long enough to be cut before it reaches the amount column on the right (${index} tokens) 🚀`,
    model_id: `model-${index}`,
    quantity: index,
    amount: 0.0001234,
  })),
  total: 0.0001234 * lines,
  amount_paid: 0,
  amount_due: 0.0001234 * lines,
  payments: [],
  issued_at: '2026-10-31T00:00:05.000Z',
  pdf_path: '/api/subscription/invoices/x/y/pdf',
});

describe('invoice PDF', () => {
  it.each([
    [49, '49.00 USD'],
    [0, '0.00 USD'],
    [266.67, '266.67 USD'],
    [0.0004623456, '0.000462 USD'],
    [0.1, '0.10 USD'],
    [-3.5, '-3.50 USD'],
  ])('shows %s as %s', (amount, shown) => {
    expect(formatAmount(amount, 'USD')).toBe(shown);
  });

  it('draws only what the standard fonts can', () => {
    expect(drawableText('Café – “Team” plan 🚀\u0007')).toBe('Café – “Team” plan ??');
  });

  it('renders many lines over several pages, names the file by its number, and loads again', async () => {
    const bytes = await renderInvoicePdf({
      invoice: invoice(120),
      organisationName: 'Acme 🚀 Ltd',
      applicationName: 'Tokenwise',
    });
    const document = await PDFDocument.load(bytes);
    expect(document.getPageCount()).toBeGreaterThan(1);
    expect(document.getTitle()).toBe('Invoice TW-1A2B3C4D-0007');
    expect(invoiceFileName(invoice(1))).toBe('invoice-TW-1A2B3C4D-0007.pdf');
    expect(invoiceFileName({ ...invoice(1), number: null, status: 'draft' })).toBe('invoice-draft-2026-10-01.pdf');
  });
});
