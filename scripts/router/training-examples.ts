import type { BenchmarkName, RoutingItem } from './routellm-data';
import type { RouterTrainingConfig } from './training-config';

/**
 * The label of a prompt: how much it needs the strong model. GSM8K and MMLU: 1 when only the
 * strong model is right, else 0 (both right, both wrong, or only the weak one right). MT-Bench:
 * the judge-score gap of that turn scaled to 0..1 (a gap of mtBenchFullGap or more counts fully).
 */
export function needsStrongLabel(item: RoutingItem, config: Pick<RouterTrainingConfig, 'mtBenchFullGap'>): number {
  const gain = item.strongQuality - item.weakQuality;
  if (item.benchmark === 'mt-bench') return Math.min(1, Math.max(0, gain / config.mtBenchFullGap));
  return gain > 0 ? 1 : 0;
}

/** Example weights that give each benchmark its configured share of the total, so MMLU's 14k rows do not drown MT-Bench. */
export function exampleWeights(
  items: readonly RoutingItem[],
  config: Pick<RouterTrainingConfig, 'benchmarkWeightShares'>,
): number[] {
  const counts = new Map<BenchmarkName, number>();
  for (const item of items) counts.set(item.benchmark, (counts.get(item.benchmark) ?? 0) + 1);
  return items.map(
    (item) => (config.benchmarkWeightShares[item.benchmark] * items.length) / counts.get(item.benchmark)!,
  );
}

/**
 * MMLU subjects where the strong model scores below chance (a quarter, with four options): GPT-4
 * at 3% on high-school mathematics is a grading fault, not a hard subject, and its labels would
 * teach that maths suits the weak model. A rule on the data, not a list of names.
 */
export function belowChanceSubjects(items: readonly RoutingItem[]): Set<string> {
  const totals = new Map<string, { strong: number; count: number }>();
  for (const item of items) {
    if (item.benchmark !== 'mmlu' || !item.category) continue;
    const total = totals.get(item.category) ?? { strong: 0, count: 0 };
    totals.set(item.category, { strong: total.strong + item.strongQuality, count: total.count + 1 });
  }
  return new Set([...totals].filter(([, { strong, count }]) => strong / count < 0.25).map(([subject]) => subject));
}
