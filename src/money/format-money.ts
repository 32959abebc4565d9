import { decimalText, type Picodollars, picodollarsPerCent } from './picodollars';

// The one rounding rule for money people read (docs/decisions/044, 063): from a cent up, 2
// decimals ($1,234.50); below a cent, 2 significant digits ($0.00089, $0.000012), so a real cost
// never reads $0.00; halves round away from zero; whatever shows as zero has no sign.

const smallAmountDigits = 2;
const dollarDecimals = 12;

export interface MoneyFormatOptions {
  /** Exactly this many decimals (chart axes, whose ticks share one precision). */
  fractionDigits?: number;
  /** '+' before a positive amount (a credit); a negative one always has '-'. */
  signed?: boolean;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, decimals: number): Intl.NumberFormat {
  const key = `${currency}|${decimals}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options = { style: 'currency', minimumFractionDigits: decimals, maximumFractionDigits: decimals } as const;
    try {
      formatter = new Intl.NumberFormat('en-US', { ...options, currency });
    } catch {
      // An unknown currency code still shows the amount, in dollars' form, rather than failing the screen.
      formatter = new Intl.NumberFormat('en-US', { ...options, currency: 'USD' });
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `size` rounded half away from zero to a multiple of `unit`. */
function roundedTo(size: bigint, unit: bigint): bigint {
  return ((size + unit / 2n) / unit) * unit;
}

/** The magnitude rounded by the rule, with how many decimals to show. */
function shownSize(size: Picodollars, fractionDigits: number | undefined): { size: bigint; decimals: number } {
  if (fractionDigits !== undefined) {
    const decimals = Math.min(fractionDigits, dollarDecimals);
    return { size: roundedTo(size, 10n ** BigInt(dollarDecimals - decimals)), decimals };
  }
  const significantUnit = 10n ** BigInt(Math.max(0, size.toString().length - smallAmountDigits));
  const significant = roundedTo(size, significantUnit);
  if (size === 0n || significant >= picodollarsPerCent)
    return { size: roundedTo(size, picodollarsPerCent), decimals: 2 };
  const decimals = dollarDecimals - (significantUnit.toString().length - 1);
  return { size: significant, decimals: Math.max(2, decimals - trailingZeros(significant / significantUnit)) };
}

function trailingZeros(value: bigint): number {
  let zeros = 0;
  for (let rest = value; rest > 0n && rest % 10n === 0n; rest /= 10n) zeros += 1;
  return zeros;
}

/** Picodollars as people read them, in `currency`'s form. */
export function formatPicodollars(amount: Picodollars, currency = 'USD', options: MoneyFormatOptions = {}): string {
  const shown = shownSize(amount < 0n ? -amount : amount, options.fractionDigits);
  const digits = decimalText(shown.size, dollarDecimals)
    .slice(0, shown.decimals - dollarDecimals || undefined)
    .replace(/\.$/, '');
  const text = formatterFor(currency, shown.decimals).format(digits as Intl.StringNumericLiteral);
  if (shown.size === 0n) return text;
  if (amount < 0n) return `-${text}`;
  return options.signed ? `+${text}` : text;
}
