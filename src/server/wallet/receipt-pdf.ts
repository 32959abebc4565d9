import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

// A payment's receipt as a one-page A4 PDF in the standard Helvetica fonts: no font files to ship.

const pageSize: [number, number] = [595.28, 841.89];
const margin = 50;
const grey = rgb(0.4, 0.4, 0.4);

/** What Helvetica (WinAnsi) can draw: printable Latin-1 and the usual typographic marks; anything else becomes '?'. */
const drawable = (value: string) => value.replace(/[^\x20-\x7e\xa0-\xff–—‘’“”•…€]/gu, '?');

export interface Receipt {
  /** 'R-' and the first 8 characters of the payment's id. */
  number: string;
  applicationName: string;
  organisationName: string;
  paidAt: Date;
  /** What was bought: 'Team plan, 2026-12-01 to 2026-12-30', 'Wallet top-up'. */
  description: string;
  /** The amount as shown, e.g. '49.00 USD'. */
  amount: string;
  paidWith: string;
  /** Test mode: no real money moved, and the receipt says so. */
  testMode: boolean;
}

export const receiptNumberOf = (paymentId: string) => `R-${paymentId.slice(0, 8).toUpperCase()}`;

export async function renderReceiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`Receipt ${receipt.number}`);
  document.setAuthor(drawable(receipt.applicationName));
  document.setCreationDate(receipt.paidAt);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const page = document.addPage(pageSize);
  const right = pageSize[0] - margin;
  let y = pageSize[1] - margin;
  const write = (value: string, x: number, font = regular, size = 10) =>
    page.drawText(drawable(value), { x, y, size, font });
  const writeRight = (value: string, font = regular, size = 10) =>
    page.drawText(drawable(value), { x: right - font.widthOfTextAtSize(drawable(value), size), y, size, font });

  write(receipt.applicationName, margin, bold, 18);
  y -= 28;
  write(`Receipt ${receipt.number}`, margin, bold, 14);
  y -= 20;
  for (const [label, value] of [
    ['Billed to', receipt.organisationName],
    ['Date paid', receipt.paidAt.toISOString().slice(0, 10)],
    ['Paid with', receipt.paidWith],
  ] as const) {
    write(`${label}:`, margin, bold);
    write(value, margin + 70, regular);
    y -= 15;
  }
  y -= 15;
  write('Description', margin, bold);
  writeRight('Amount', bold);
  y -= 6;
  page.drawLine({ start: { x: margin, y }, end: { x: right, y }, thickness: 0.5, color: grey });
  y -= 14;
  write(receipt.description, margin);
  writeRight(receipt.amount);
  y -= 22;
  write('Amount paid', right - 200, bold, 11);
  writeRight(receipt.amount, bold, 11);
  if (receipt.testMode) {
    y -= 30;
    write('Test mode: paid with a test card. No real money moved.', margin, regular, 10);
  }
  return document.save();
}
