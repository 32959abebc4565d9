import { inSplit, isHit, measure, type DecidedPair } from './eval-metrics';
import type { Split } from './eval-pairs';

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

export const sweepThresholds = Array.from({ length: 15 }, (_, index) => Math.round((0.7 + index * 0.02) * 100) / 100);

/** Pairs the headline figures count: the brief's positives and negatives (see docs/benchmarks/cache.md). */
export const isHeadline = (pair: DecidedPair) => pair.kind !== 'neighbour' && !pair.reworded;

/** The lowest threshold whose dev precision reaches the target (most hits); the most precise one if none does. */
export function chooseThreshold(dev: readonly DecidedPair[], targetPrecision: number, thresholds: readonly number[]): number {
  const points = thresholds.map((threshold) => measure(dev, threshold, true));
  const passing = points.filter((point) => point.precision >= targetPrecision);
  if (passing.length > 0) return passing.reduce((best, point) => (point.hitRate > best.hitRate ? point : best)).threshold;
  return points.reduce((best, point) => (point.precision > best.precision ? point : best)).threshold;
}

export function sweepTable(pairs: readonly DecidedPair[], thresholds: readonly number[], marked: number): string {
  const splits: (Split | 'full')[] = ['held-out', 'full'];
  const header = ['threshold', ...splits.flatMap((split) => [`${split} precision`, `${split} hit rate`, `${split} precision (no verifier)`, `${split} hit rate (no verifier)`])];
  const rows = thresholds.map((threshold) => {
    const cells = splits.flatMap((split) => {
      const withVerifier = measure(inSplit(pairs, split), threshold, true);
      const without = measure(inSplit(pairs, split), threshold, false);
      return [percent(withVerifier.precision), percent(withVerifier.hitRate), percent(without.precision), percent(without.hitRate)];
    });
    return [`${threshold.toFixed(2)}${threshold === marked ? ' *' : ''}`, ...cells];
  });
  return markdownTable(header, rows);
}

/** Hits per kind of pair at one threshold: the answer rate for positives, the false-hit rate for negatives. */
export function kindTable(pairs: readonly DecidedPair[], threshold: number): string {
  const kinds = [...new Set(pairs.map((pair) => `${pair.kind}${pair.reworded ? ' (reworded)' : ''}`))];
  const rows = kinds.map((kind) => {
    const cells = (['held-out', 'full'] as const).flatMap((split) => {
      const group = inSplit(pairs, split).filter((pair) => `${pair.kind}${pair.reworded ? ' (reworded)' : ''}` === kind);
      const hits = group.filter((pair) => isHit(pair, threshold, true)).length;
      const unverified = group.filter((pair) => isHit(pair, threshold, false)).length;
      return [`${hits}/${group.length} (${percent(group.length === 0 ? 0 : hits / group.length)})`, `${unverified}/${group.length}`];
    });
    return [kind, group(kind), ...cells];
  });
  return markdownTable(['pairs', 'label', 'held-out hits', 'held-out hits (no verifier)', 'full hits', 'full hits (no verifier)'], rows);

  function group(kind: string): string {
    return pairs.find((pair) => `${pair.kind}${pair.reworded ? ' (reworded)' : ''}` === kind)?.positive ? 'positive' : 'negative';
  }
}

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

export { percent };
