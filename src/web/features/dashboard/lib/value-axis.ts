import { formatCount } from '../../admin/lib/format';
import { formatMoney } from '../../../lib/format-money';

/** A chart's value axis: where its ticks go and how each reads; no two ticks read alike. */
export interface ValueAxis {
  ticks: number[];
  domain: [number, number];
  format: (value: number) => string;
}

export type ValueKind = 'money' | 'count';

const targetTickCount = 4;

/** A round step (1, 2 or 5 times a power of ten) that splits `span` into about `targetTickCount` parts. */
function niceStep(span: number): number {
  const rough = span / targetTickCount;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const residual = rough / magnitude;
  const nice = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10;
  return nice * magnitude;
}

/** Decimals that a multiple of `step` needs to be written exactly. */
const decimalsOf = (step: number) => Math.max(0, -Math.floor(Math.log10(step) + 1e-9));

/**
 * Ticks at multiples of a round step, from zero (or below, for negative values) to just past the
 * largest value, each written with the precision the step needs: a day of light use costs
 * fractions of a cent, and ticks written to one or two digits would repeat ('$0.0001' twice).
 */
export function valueAxis(values: readonly number[], kind: ValueKind, currency = 'USD'): ValueAxis {
  const finite = values.filter(Number.isFinite);
  const low = Math.min(0, ...finite);
  const spread = Math.max(0, ...finite);
  // Without any value above zero, an axis of a cent or one token still draws.
  const high = spread - low > 0 ? spread : kind === 'money' ? 0.01 : 1;
  let step = niceStep(high - low);
  if (kind === 'count') step = Math.max(1, step);
  const decimals = decimalsOf(step);
  const first = Math.floor(low / step + 1e-9);
  const last = Math.max(first + 1, Math.ceil(high / step - 1e-9));
  const ticks = Array.from({ length: last - first + 1 }, (_, index) =>
    Number(((first + index) * step).toFixed(decimals)),
  );
  const fractionDigits = step >= 1 ? 0 : Math.max(2, decimals);
  const format =
    kind === 'money'
      ? (value: number) => formatMoney(value, currency, { fractionDigits })
      : (value: number) => formatCount(value);
  return { ticks, domain: [ticks[0]!, ticks[ticks.length - 1]!], format };
}
