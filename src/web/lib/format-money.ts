import { formatPicodollars, type MoneyFormatOptions, picodollarsNear } from '../../money';

// The one place the web app turns an amount of money into text. Amounts come from the server as
// numbers or decimal strings in the currency's main unit (dollars); src/money rounds and writes them.

/** An amount as the server sends it: a number or a decimal string of the currency's main unit. */
export type MoneyAmount = number | string;

/** The amount as a number, or NaN when it is not one. */
export function toAmount(amount: MoneyAmount): number {
  if (typeof amount === 'number') return amount;
  const text = amount.trim();
  return /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
}

/**
 * Money as people read it, by the money module's one rounding rule ($1,234.50, $0.00089, never
 * '-$0.00'); the server's amounts are taken to the nearest picodollar first. Not a number: '—'.
 */
export function formatMoney(amount: MoneyAmount, currency = 'USD', options: MoneyFormatOptions = {}): string {
  if (!Number.isFinite(toAmount(amount))) return '—';
  return formatPicodollars(picodollarsNear(typeof amount === 'string' ? amount.trim() : amount), currency, options);
}
