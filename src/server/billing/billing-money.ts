import { scaledInteger } from '../usage/limit-arithmetic';

// Subscription money is exact: plan prices and charges in whole cents (bigint), invoice lines in
// units of 1e-10 of the currency (the usage roll-ups' scale). Numbers are made only for answers.

export const invoiceScale = 10;

/** A numeric's text or a validated number of whole cents, in cents. */
export function centsOf(amount: string | number): bigint {
  return scaledInteger(typeof amount === 'number' ? amount.toFixed(2) : amount, 2);
}

/** An amount scaled by 10^scale as a decimal text with `scale` decimals, e.g. for a numeric column. */
export function decimalText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -scale) || '0'}${scale > 0 ? `.${digits.slice(-scale)}` : ''}`;
}

export const centsText = (cents: bigint) => decimalText(cents, 2);

/** Cents in invoice units. */
export const centsToInvoiceUnits = (cents: bigint) => cents * 10n ** BigInt(invoiceScale - 2);

/** A numeric's text in invoice units (at most 10 decimals). */
export const invoiceUnitsOf = (amount: string) => scaledInteger(amount, invoiceScale);

/** Invoice units as a JSON number (the database keeps the exact value). */
export const invoiceNumber = (units: bigint) => Number(decimalText(units, invoiceScale));

export { proratedCents } from '../../contracts';
