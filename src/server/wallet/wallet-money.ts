import { picodollars, scaledInteger } from '../usage/limit-arithmetic';

// Wallet amounts are exact: picodollars (1e-12 USD) as bigint in code, numeric in the database,
// text in between; cents for top-ups and settings. A JSON number is made only for the answer.

export { picodollars };

/** A whole-cents dollar amount (a validated number or a numeric's text) in cents. */
export function centsOf(dollars: number | string): bigint {
  return scaledInteger(typeof dollars === 'number' ? dollars.toFixed(2) : dollars, 2);
}

/** Cents as a numeric's text, e.g. '12.30'. */
export function centsText(cents: bigint): string {
  const negative = cents < 0n;
  const magnitude = negative ? -cents : cents;
  return `${negative ? '-' : ''}${magnitude / 100n}.${(magnitude % 100n).toString().padStart(2, '0')}`;
}

/** Cents in picodollars. */
export function centsToPicodollars(cents: bigint): bigint {
  return cents * 10n ** 10n;
}

/** A numeric's text as a JSON number of dollars (the nearest double; the database keeps the exact value). */
export function dollarsNumber(numericText: string): number {
  return Number(numericText);
}

/** Picodollars as dollars shown to the cent, rounded up (what a refusal says a message may need). */
export function dollarsShownUp(amount: bigint): string {
  const cent = 10n ** 10n;
  const cents = amount <= 0n ? 0n : (amount + cent - 1n) / cent;
  return centsText(cents);
}

/** Picodollars as dollars shown to the cent, rounded down (what is available). */
export function dollarsShownDown(amount: bigint): string {
  const cent = 10n ** 10n;
  return centsText(amount <= 0n ? 0n : amount / cent);
}
