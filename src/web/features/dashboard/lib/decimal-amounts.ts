// Costs come as numbers with at most 10 decimals (the server adds them in 1e-10 dollars); adding
// and subtracting them here in the same whole units keeps savings and totals exact.

const scale = 10;

function toUnits(amount: number): bigint {
  const [whole = '0', fraction = ''] = Math.abs(amount).toFixed(scale).split('.');
  const units = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0'));
  return amount < 0 ? -units : units;
}

/** Plain decimal text without trailing zeros: '0.0003375', '12', '-0.5'. */
function unitsToText(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  let fraction = digits.slice(-scale);
  while (fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}${fraction ? `.${fraction}` : ''}`;
}

export function sumAmounts(amounts: Iterable<number>): number {
  let total = 0n;
  for (const amount of amounts) total += toUnits(amount);
  return Number(unitsToText(total));
}

export function subtractAmounts(first: number, second: number): number {
  return Number(unitsToText(toUnits(first) - toUnits(second)));
}

/** The exact decimal text of an amount, for files people open in a spreadsheet. */
export function amountText(amount: number): string {
  return unitsToText(toUnits(amount));
}
