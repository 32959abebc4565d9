// Money is counted in picodollars (1e-12 USD) as bigint from a model's price to the ledger
// (docs/decisions/063). A reply's cost has at most 12 decimals of a dollar: a price per million
// tokens with up to 6 decimals is a whole number of picodollars per token, times whole tokens.
// Decimal strings are the form at the edges (numeric columns, SQL parameters, prices in a file);
// a JavaScript number only in a JSON answer, made by `usdNumber`.

export type Picodollars = bigint;

export const picodollarsPerCent: Picodollars = 10n ** 10n;

const dollarDecimals = 12;
const decimalPattern = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * A decimal amount scaled by 10^scale. `exact` throws when it has more significant decimals than
 * the scale; `nearest` rounds half away from zero (for numbers arriving from JSON).
 */
export function scaledDecimal(value: string | number, scale: number, rounding: 'exact' | 'nearest' = 'exact'): bigint {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = decimalPattern.exec(text);
  if (!match || (!match[2] && !match[3])) throw new Error(`Not a decimal amount: ${text}`);
  const [, sign, whole = '', fraction = '', exponentText] = match;
  const digits = BigInt(`${whole}${fraction}` || '0');
  // Where the decimal point lands once the digits are scaled.
  const shift = scale + Number(exponentText ?? 0) - fraction.length;
  let scaled: bigint;
  if (shift >= 0) scaled = digits * 10n ** BigInt(shift);
  else {
    const divisor = 10n ** BigInt(-shift);
    const remainder = digits % divisor;
    if (remainder !== 0n && rounding === 'exact') throw new Error(`${text} has more than ${scale} decimals`);
    scaled = digits / divisor + (remainder * 2n >= divisor ? 1n : 0n);
  }
  return sign === '-' ? -scaled : scaled;
}

/** A decimal text of dollars (a numeric column's value, a price) in picodollars, exactly. */
export function parsePicodollars(usd: string): Picodollars {
  return scaledDecimal(usd, dollarDecimals);
}

/** Dollars from a JSON number or a longer decimal, to the nearest picodollar: only at the edges. */
export function picodollarsNear(usd: number | string): Picodollars {
  return scaledDecimal(usd, dollarDecimals, 'nearest');
}

/** An integer scaled by 10^scale as decimal text with `scale` decimals, e.g. '-0.000000001500'. */
export function decimalText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = scale > 0 ? digits.slice(0, -scale) : digits;
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${digits.slice(-scale)}` : ''}`;
}

/** Picodollars as dollars with 12 decimals: the form of a SQL numeric parameter. */
export function usdDecimal(amount: Picodollars): string {
  return decimalText(amount, dollarDecimals);
}

/** Picodollars as a JSON number of dollars (the nearest double): the only way money becomes a number. */
export function usdNumber(amount: Picodollars): number {
  return Number(usdDecimal(amount));
}

/** Dollars without trailing zeros, at least one decimal ('0.0012', '0.0'): the /v1 cost headers' form. */
export function usdShortDecimal(amount: Picodollars): string {
  const text = usdDecimal(amount);
  let end = text.length;
  while (text[end - 1] === '0' && text[end - 2] !== '.') end -= 1;
  return text.slice(0, end);
}

/** A numeric column's dollars as a JSON number, for an answer. */
export function usdNumberOf(usd: string): number {
  return usdNumber(parsePicodollars(usd));
}

export function sumPicodollars(amounts: Iterable<Picodollars>): Picodollars {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return total;
}

/** The exact sum of decimal texts of dollars (numeric columns). */
export function sumUsdDecimals(amounts: Iterable<string>): Picodollars {
  let total = 0n;
  for (const amount of amounts) total += parsePicodollars(amount);
  return total;
}

/** What `tokens` cost at a price per token. */
export function priceOfTokens(pricePerToken: Picodollars, tokens: number | bigint): Picodollars {
  if (typeof tokens === 'number' && !Number.isSafeInteger(tokens))
    throw new Error(`Not a whole count of tokens: ${tokens}`);
  return pricePerToken * BigInt(tokens);
}

/** A price in dollars per million tokens ('2.50', '0.075') as picodollars per token, exactly (up to 6 decimals). */
export function pricePerTokenOf(usdPerMillion: string | number): Picodollars {
  return scaledDecimal(usdPerMillion, dollarDecimals - 6);
}

export function comparePicodollars(first: Picodollars, second: Picodollars): -1 | 0 | 1 {
  return first < second ? -1 : first > second ? 1 : 0;
}

export const maxPicodollars = (first: Picodollars, second: Picodollars): Picodollars =>
  first > second ? first : second;

export const minPicodollars = (first: Picodollars, second: Picodollars): Picodollars =>
  first < second ? first : second;

/** A whole-cents amount (a numeric's text, or a validated number) in cents. */
export function centsOf(dollars: string | number): bigint {
  return scaledDecimal(typeof dollars === 'number' ? dollars.toFixed(2) : dollars, 2);
}

/** Cents as a numeric's text, e.g. '12.30'. */
export const centsDecimal = (cents: bigint): string => decimalText(cents, 2);

export const centsToPicodollars = (cents: bigint): Picodollars => cents * picodollarsPerCent;

/** Picodollars in whole cents, rounded up or down (what a message may need, what is available). */
export function wholeCents(amount: Picodollars, rounding: 'up' | 'down'): bigint {
  if (amount <= 0n) return 0n;
  return rounding === 'up' ? (amount + picodollarsPerCent - 1n) / picodollarsPerCent : amount / picodollarsPerCent;
}
