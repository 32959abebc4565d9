import { createSeededRandom } from '../../src/gateway/routing/training/seeded-random';

/** A replay line with what the report knows of it beyond the command's input: its benchmark and subject. */
export interface ReferenceLine {
  weak: number;
  strong: number;
  benchmark: string;
  /** MMLU subject, or the benchmark's name for the others. */
  category: string;
}

function meanGainBy(lines: readonly ReferenceLine[], key: (line: ReferenceLine) => string): Map<string, number> {
  const sums = new Map<string, [number, number]>();
  for (const line of lines) {
    const [sum, count] = sums.get(key(line)) ?? [0, 0];
    sums.set(key(line), [sum + line.strong - line.weak, count + 1]);
  }
  return new Map([...sums].map(([name, [sum, count]]) => [name, sum / count]));
}

/**
 * Scores of routers that know more than any router can, for scale: the mean gain of each
 * prompt's benchmark or MMLU subject over the whole stream (exact), and each prompt's own gain.
 */
export function oracleScores(lines: readonly ReferenceLine[]) {
  const byBenchmark = meanGainBy(lines, (line) => line.benchmark);
  const bySubject = meanGainBy(lines, (line) => line.category);
  return {
    benchmark: lines.map((line) => byBenchmark.get(line.benchmark)!),
    subject: lines.map((line) => bySubject.get(line.category)!),
    item: lines.map((line) => line.strong - line.weak),
  };
}

/**
 * A router that is told each prompt's subject (or benchmark) and learns each subject's mean gain
 * online from the same sampled labels as the learner (same sampler), shrunk towards the mean of
 * all labels by one label's worth: what "knowing each subject's gap" gives when the gaps must be
 * learned from the labels the replay reveals.
 */
export function subjectLearnedOnlineScores(
  lines: readonly ReferenceLine[],
  sampleRate: number,
  seed: number,
): number[] {
  const sampler = createSeededRandom(seed);
  const sums = new Map<string, [number, number]>();
  let total = 0;
  let count = 0;
  return lines.map((line) => {
    const [sum, seen] = sums.get(line.category) ?? [0, 0];
    const overall = count > 0 ? total / count : 0;
    const score = (sum + overall) / (seen + 1);
    if (sampler() < sampleRate) {
      const gain = line.strong - line.weak;
      sums.set(line.category, [sum + gain, seen + 1]);
      total += gain;
      count += 1;
    }
    return score;
  });
}

/** Scores drawn at random (seeded): the random router, measured rather than assumed. */
export function randomScores(count: number, seed: number): number[] {
  const random = createSeededRandom(seed);
  return Array.from({ length: count }, () => random());
}
