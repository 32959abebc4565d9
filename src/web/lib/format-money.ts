// The one place the web app turns an amount of money into text. Amounts come from the server as
// numbers or decimal strings in the currency's main unit (dollars); when the server moves to
// integer picodollars, only `toAmount` below has to learn the new form.

/** An amount as the server sends it: a number or a decimal string of the currency's main unit. */
export type MoneyAmount = number | string;

/** Smaller than half a picodollar is arithmetic noise (0.1 + 0.2 - 0.3), not money: it is shown as zero. */
const noiseBelow = 5e-13;
/** From a cent up, amounts show 2 decimals; below it, 2 significant digits ($0.00089), so a real cost never reads $0.00. */
const centThreshold = 0.01;
const smallAmountDigits = 2;

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${currency}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency, ...options });
    } catch {
      // An unknown currency code still shows the amount, in dollars' form, rather than failing the screen.
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', ...options });
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The amount as a number, or NaN when it is not one. */
export function toAmount(amount: MoneyAmount): number {
  if (typeof amount === 'number') return amount;
  const text = amount.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
}

interface FormatMoneyOptions {
  /** Exactly this many decimals (chart axes, whose ticks share one precision). */
  fractionDigits?: number;
  /** '+' before a positive amount (a credit); a negative one always has '-'. */
  signed?: boolean;
}

/**
 * Money as people read it: 2 decimals from a cent up ($1,234.50), 2 significant digits below a
 * cent ($0.00089, $0.000012), '$0.00' for nothing, and never '-$0.00': an amount that shows as
 * zero has no sign. Not a number: '—'.
 */
export function formatMoney(amount: MoneyAmount, currency = 'USD', options: FormatMoneyOptions = {}): string {
  const value = toAmount(amount);
  if (!Number.isFinite(value)) return '—';
  const size = Math.abs(value) < noiseBelow ? 0 : Math.abs(value);
  const text = formatSize(size, currency, options.fractionDigits);
  // The sign follows what is shown: whatever rounds to zero is plain zero.
  const shownAsZero = !/[1-9]/.test(text);
  if (shownAsZero) return text;
  if (value < 0) return `-${text}`;
  return options.signed ? `+${text}` : text;
}

function formatSize(size: number, currency: string, fractionDigits: number | undefined): string {
  if (fractionDigits !== undefined)
    return formatterFor(currency, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(size);
  const rounded = Number(size.toPrecision(smallAmountDigits));
  if (size === 0 || rounded >= centThreshold)
    return formatterFor(currency, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(size);
  return formatterFor(currency, {
    minimumSignificantDigits: 1,
    maximumSignificantDigits: smallAmountDigits,
  }).format(size);
}
