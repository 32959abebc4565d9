import { inSplit, isHit, measure, type DecidedPair, type SweepPoint } from './eval-metrics';
import type { Split } from './eval-pairs';

export const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

export const sweepThresholds = Array.from({ length: 19 }, (_, index) => Math.round((0.6 + index * 0.02) * 100) / 100);

/** STS 2016 question pairs with their human labels: the headline's positives and hardest negatives. */
export const isHumanLabelled = (pair: DecidedPair) => pair.kind.startsWith('sts-');

/** Headline pairs: the human-labelled ones plus the one-slot near misses built from those human-written questions. */
export const isHeadline = (pair: DecidedPair) =>
  isHumanLabelled(pair) || (pair.kind.startsWith('near-miss-') && pair.source === 'sts');

/** A row label for a kind of pair: near misses name whose text was changed and whether it was reworded too. */
export function kindLabel(pair: DecidedPair): string {
  if (!pair.kind.startsWith('near-miss-')) return pair.kind;
  const source = pair.source === 'sts' ? 'STS question' : 'GPTCache statement';
  return `${pair.kind} (${source}${pair.reworded ? ', reworded' : ''})`;
}

/**
 * The threshold for the shipped verifier: among those whose dev precision reaches the target,
 * the ones with the most dev hits; when several tie (the word rules, not the threshold, decide
 * most pairs) the middle of that run, so that neither edge of what dev could not tell apart is
 * taken. If none reaches the target, the same among the most precise thresholds.
 */
export function chooseThreshold(
  dev: readonly DecidedPair[],
  targetPrecision: number,
  thresholds: readonly number[],
  verifier: string | false = 'product',
): { threshold: number; reachesTarget: boolean } {
  const points = thresholds.map((threshold) => measure(dev, threshold, verifier));
  const passing = points.filter((point) => point.precision >= targetPrecision);
  const bestPrecision = Math.max(...points.map((point) => point.precision));
  const candidates = passing.length > 0 ? passing : points.filter((point) => point.precision === bestPrecision);
  const mostHits = Math.max(...candidates.map((point) => point.hits - point.falseHits));
  const best = candidates.filter((point) => point.hits - point.falseHits === mostHits);
  return { threshold: best[Math.floor((best.length - 1) / 2)]!.threshold, reachesTarget: passing.length > 0 };
}

/** "95.0% [83.5-99.1] 19/20": a rate, its 95% Wilson interval and the counts it comes from. */
export function withInterval(point: SweepPoint, what: 'precision' | 'hitRate'): string {
  const trueHits = point.hits - point.falseHits;
  if (what === 'precision') {
    if (point.hits === 0) return 'no hits';
    return `${percent(point.precision)} [${percent(point.precisionInterval.low)}-${percent(point.precisionInterval.high)}] ${trueHits}/${point.hits}`;
  }
  return `${percent(point.hitRate)} [${percent(point.hitRateInterval.low)}-${percent(point.hitRateInterval.high)}] ${trueHits}/${point.positives}`;
}

const splits: (Split | 'full')[] = ['dev', 'held-out', 'full'];

/** Precision and recall with intervals, per split, on the human-labelled pairs alone and with the near misses of their questions. */
export function headlineTable(
  pairs: readonly DecidedPair[],
  threshold: number,
  verifier: string | false = 'product',
): string {
  const sets: [string, (pair: DecidedPair) => boolean][] = [
    ['STS human-labelled', isHumanLabelled],
    ['STS + near misses of STS questions', isHeadline],
  ];
  const rows = sets.flatMap(([name, belongs]) =>
    splits.map((split) => {
      const point = measure(inSplit(pairs, split).filter(belongs), threshold, verifier);
      return [
        name,
        split,
        String(point.hits),
        String(point.falseHits),
        withInterval(point, 'precision'),
        withInterval(point, 'hitRate'),
      ];
    }),
  );
  return markdownTable(
    ['pairs', 'split', 'hits', 'false hits', 'precision [95% CI] true/all hits', 'recall [95% CI] hits/positives'],
    rows,
  );
}

export function sweepTable(pairs: readonly DecidedPair[], thresholds: readonly number[], marked: number): string {
  const header = [
    'threshold',
    'dev precision',
    'dev recall',
    'held-out precision',
    'held-out recall',
    'full precision',
    'full recall',
    'full precision (encoder alone)',
    'full recall (encoder alone)',
  ];
  const rows = thresholds.map((threshold) => {
    const cells = splits.flatMap((split) => {
      const point = measure(inSplit(pairs, split), threshold, 'product');
      return [
        point.hits === 0 ? '-' : percent(point.precision),
        `${percent(point.hitRate)} (${point.hits - point.falseHits})`,
      ];
    });
    const alone = measure(pairs, threshold, false);
    return [
      `${threshold.toFixed(2)}${threshold === marked ? ' *' : ''}`,
      ...cells,
      percent(alone.precision),
      percent(alone.hitRate),
    ];
  });
  return markdownTable(header, rows);
}

/** The shipped verifier against each variant: headline precision and recall (dev, on which a variant is chosen, then held-out and full), near-miss false hits, paraphrase recall. */
export function variantTable(pairs: readonly DecidedPair[], threshold: number, variants: readonly string[]): string {
  const headline = pairs.filter(isHeadline);
  const nearMisses = pairs.filter((pair) => pair.kind.startsWith('near-miss-') && !pair.reworded);
  const paraphrases = pairs.filter((pair) => pair.kind === 'paraphrase');
  const rows = ['product', ...variants].map((variant) => {
    const dev = measure(inSplit(headline, 'dev'), threshold, variant);
    const heldOut = measure(inSplit(headline, 'held-out'), threshold, variant);
    const full = measure(headline, threshold, variant);
    const human = measure(headline.filter(isHumanLabelled), threshold, variant);
    const nearMissHits = nearMisses.filter((pair) => isHit(pair, threshold, variant)).length;
    const paraphraseHits = paraphrases.filter((pair) => isHit(pair, threshold, variant)).length;
    return [
      variant === 'product' ? '**shipped verifier**' : variant,
      `${percent(dev.precision)} / ${percent(dev.hitRate)}`,
      `${percent(heldOut.precision)} / ${percent(heldOut.hitRate)}`,
      `${percent(full.precision)} / ${percent(full.hitRate)}`,
      `${human.hits - human.falseHits} / ${human.falseHits}`,
      `${nearMissHits}/${nearMisses.length}`,
      percent(paraphraseHits / Math.max(1, paraphrases.length)),
    ];
  });
  return markdownTable(
    [
      'verifier',
      'dev headline precision / recall',
      'held-out headline precision / recall',
      'full headline precision / recall',
      'STS true / false hits (full)',
      'near-miss false hits (full, single change)',
      'GPTCache paraphrases answered (full)',
    ],
    rows,
  );
}

/** Hits per kind of pair at one threshold: the answer rate for positives, the false-hit rate for negatives. */
export function kindTable(pairs: readonly DecidedPair[], threshold: number): string {
  const kinds = [...new Set(pairs.map(kindLabel))];
  const rows = kinds.map((kind) => {
    const group = pairs.filter((pair) => kindLabel(pair) === kind);
    const cells = (['held-out', 'full'] as const).flatMap((split) => {
      const members = split === 'full' ? group : group.filter((pair) => pair.split === split);
      const hits = members.filter((pair) => isHit(pair, threshold, 'product')).length;
      const alone = members.filter((pair) => isHit(pair, threshold, false)).length;
      return [
        `${hits}/${members.length} (${percent(members.length === 0 ? 0 : hits / members.length)})`,
        `${alone}/${members.length}`,
      ];
    });
    return [kind, group[0]!.positive ? 'positive' : 'negative', ...cells];
  });
  return markdownTable(
    ['pairs', 'label', 'held-out hits', 'held-out hits (encoder alone)', 'full hits', 'full hits (encoder alone)'],
    rows,
  );
}

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}
