import { centsDecimal, centsOf, centsToPicodollars, decimalText, scaledDecimal } from '../../money';

// Subscription money in src/money's terms (docs/decisions/063): plan prices and charges in whole
// cents (bigint), invoice lines in units of 1e-10 of the currency, the scale of their columns and
// of the rounded usage sums they are built from. Numbers are made only for answers.

export const invoiceScale = 10;

export { centsOf, decimalText };

export const centsText = centsDecimal;

/** Cents in invoice units. */
export const centsToInvoiceUnits = (cents: bigint) => centsToPicodollars(cents) / 100n;

/** A numeric's text in invoice units (at most 10 decimals). */
export const invoiceUnitsOf = (amount: string) => scaledDecimal(amount, invoiceScale);

/** Invoice units as a JSON number (the database keeps the exact value). */
export const invoiceNumber = (units: bigint) => Number(decimalText(units, invoiceScale));

export { proratedCents } from '../../contracts';
