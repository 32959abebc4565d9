import { benchmarkNames, type RoutingItem } from './routellm-data';

/**
 * Scores from models that never saw the benchmark being scored: for each benchmark, fit on the
 * other two and score this one. This is the closest the three benchmarks get to unseen traffic:
 * a fold split shares a benchmark's format and question style between training and test, this
 * does not.
 */
export function leaveOneBenchmarkOutScores(
  items: readonly RoutingItem[],
  fitAndScore: (training: number[], test: number[]) => number[],
): number[] {
  const scores = new Array<number>(items.length).fill(Number.NaN);
  for (const heldOut of benchmarkNames) {
    const training = items.flatMap((item, index) => (item.benchmark === heldOut ? [] : [index]));
    const test = items.flatMap((item, index) => (item.benchmark === heldOut ? [index] : []));
    if (test.length === 0) continue;
    fitAndScore(training, test).forEach((score, position) => {
      scores[test[position]!] = score;
    });
  }
  if (scores.some((score) => Number.isNaN(score))) throw new Error('Some items belong to no benchmark');
  return scores;
}
