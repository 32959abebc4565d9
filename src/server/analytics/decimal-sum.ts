// Money from the roll-ups comes as PostgreSQL numeric text with 10 decimals; it is added here in
// whole 1e-10 dollars (bigint), so totals are exact before they become JSON numbers.

const scale = 10;
const decimalPattern = /^(-)?(\d+)(?:\.(\d+))?$/;

function toUnits(amount: string | number): bigint {
  const text = typeof amount === 'number' ? amount.toFixed(scale) : amount.trim();
  const match = decimalPattern.exec(text);
  if (!match) throw new Error(`Not a decimal amount: ${text}`);
  const [, minus, whole, fraction = ''] = match;
  const units = BigInt(whole!) * 10n ** BigInt(scale) + BigInt(fraction.slice(0, scale).padEnd(scale, '0'));
  return minus ? -units : units;
}

function fromUnits(units: bigint): number {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  return Number(`${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`);
}

/** The exact sum of decimal amounts, as the nearest number. */
export function sumDecimals(amounts: Iterable<string | number>): number {
  let total = 0n;
  for (const amount of amounts) total += toUnits(amount);
  return fromUnits(total);
}

/** first - second, exactly. */
export function subtractDecimals(first: string | number, second: string | number): number {
  return fromUnits(toUnits(first) - toUnits(second));
}
