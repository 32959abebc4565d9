import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import type { Invoice } from '../../contracts';

// The invoice as a one-or-more page A4 PDF in the standard Helvetica fonts: no font files to ship.

const pageSize: [number, number] = [595.28, 841.89];
const margin = 50;
const grey = rgb(0.4, 0.4, 0.4);

/** What Helvetica (WinAnsi) can draw: printable Latin-1 and the usual typographic marks; anything else becomes '?'. */
export function drawableText(value: string): string {
  return value.replace(/[^\x20-\x7e\xa0-\xff–—‘’“”•…€]/gu, '?');
}

/** Money as shown (spec section 9: 2 decimals), with more where a usage amount is under a cent. */
export function formatAmount(amount: number, currency: string): string {
  return `${amount.toFixed(6).replace(/0{1,4}$/, '')} ${currency}`;
}

const statusTexts: Record<Invoice['status'], string> = {
  draft: 'Draft (period still open)',
  issued: 'Issued',
  paid: 'Paid',
};

export interface InvoicePdfInput {
  invoice: Invoice;
  organisationName: string;
  applicationName: string;
}

export async function renderInvoicePdf({
  invoice,
  organisationName,
  applicationName,
}: InvoicePdfInput): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`Invoice ${invoice.number ?? 'draft'}`);
  document.setAuthor(drawableText(applicationName));
  document.setCreationDate(invoice.issued_at ? new Date(invoice.issued_at) : new Date());
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);

  let page = document.addPage(pageSize);
  let y = pageSize[1] - margin;
  const write = (value: string, x: number, font: PDFFont, size: number) =>
    page.drawText(drawableText(value), { x, y, size, font });
  const writeRight = (value: string, right: number, font: PDFFont, size: number) => {
    const text = drawableText(value);
    page.drawText(text, { x: right - font.widthOfTextAtSize(text, size), y, size, font });
  };
  const fit = (value: string, font: PDFFont, size: number, width: number) => {
    let text = drawableText(value);
    while (text.length > 1 && font.widthOfTextAtSize(text, size) > width) text = `${text.slice(0, -2)}…`;
    return text;
  };

  write(applicationName, margin, bold, 18);
  y -= 28;
  write(`Invoice ${invoice.number ?? '(draft)'}`, margin, bold, 14);
  y -= 20;
  for (const [label, value] of [
    ['Billed to', organisationName],
    ['Period', `${invoice.period_start} to ${invoice.period_end}`],
    ['Status', statusTexts[invoice.status]],
    ['Issued', invoice.issued_at ? invoice.issued_at.slice(0, 10) : 'not yet: the period is open'],
  ] as const) {
    write(`${label}:`, margin, bold, 10);
    write(value, margin + 70, regular, 10);
    y -= 15;
  }
  y -= 15;

  const right = pageSize[0] - margin;
  const header = () => {
    write('#', margin, bold, 10);
    write('Description', margin + 25, bold, 10);
    writeRight('Amount', right, bold, 10);
    y -= 6;
    page.drawLine({ start: { x: margin, y }, end: { x: right, y }, thickness: 0.5, color: grey });
    y -= 14;
  };
  header();
  for (const line of invoice.lines) {
    if (y < margin + 80) {
      page = document.addPage(pageSize);
      y = pageSize[1] - margin;
      header();
    }
    write(String(line.line_number), margin, regular, 10);
    page.drawText(fit(line.description, regular, 10, right - margin - 25 - 110), {
      x: margin + 25,
      y,
      size: 10,
      font: regular,
    });
    writeRight(formatAmount(line.amount, invoice.currency), right, regular, 10);
    y -= 16;
  }
  page.drawLine({ start: { x: margin, y: y + 8 }, end: { x: right, y: y + 8 }, thickness: 0.5, color: grey });
  y -= 6;
  for (const [label, amount, font] of [
    ['Total', invoice.total, bold],
    ['Paid', invoice.amount_paid, regular],
    ['Amount due', invoice.amount_due, bold],
  ] as const) {
    writeRight(label, right - 130, font, 11);
    writeRight(formatAmount(amount, invoice.currency), right, font, 11);
    y -= 16;
  }
  if (invoice.payments.length > 0) {
    y -= 14;
    if (y < margin + 40 + 16 * invoice.payments.length) {
      page = document.addPage(pageSize);
      y = pageSize[1] - margin;
    }
    write('Payments', margin, bold, 11);
    y -= 16;
    for (const payment of invoice.payments) {
      write(payment.paid_at.slice(0, 10), margin, regular, 9);
      page.drawText(fit(payment.description, regular, 9, right - margin - 70 - 110), {
        x: margin + 70,
        y,
        size: 9,
        font: regular,
      });
      writeRight(formatAmount(payment.amount, invoice.currency), right, regular, 9);
      y -= 14;
    }
  }
  return document.save();
}

/** The download's file name: the invoice number, or the draft's period. */
export function invoiceFileName(invoice: Invoice): string {
  return invoice.number ? `invoice-${invoice.number}.pdf` : `invoice-draft-${invoice.period_start}.pdf`;
}
