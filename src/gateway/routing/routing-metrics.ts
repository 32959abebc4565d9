/**
 * How good a router is on a benchmark where both models' quality is known per prompt. A router
 * gives each prompt a score; a threshold t sends prompts with score >= t to the strong model.
 * Sweeping t over every distinct score traces the quality-cost curve from "all weak" (share 0)
 * to "all strong" (share 1). Prompts with equal scores move together; between two such steps the
 * curve is a straight line, which is what randomly splitting the tied prompts gives on average.
 */
export interface ScoredOutcome {
  score: number;
  strongQuality: number;
  weakQuality: number;
  /** Relative weight of the prompt (default 1), used to pool benchmarks of different sizes. */
  weight?: number;
}

export interface CurvePoint {
  /** Route to the strong model when score >= threshold (Infinity: nothing goes to it). */
  threshold: number;
  /** Weighted share of prompts sent to the strong model. */
  strongShare: number;
  /** Weighted mean quality of the chosen answers. */
  quality: number;
}

export interface RouterSummary {
  /** Average performance gap recovered: mean over the strong share of (quality - weak) / (strong - weak). */
  apgr: number;
  /** Strong share needed to recover 50% / 80% of the gap (CPT(50%), CPT(80%)). */
  cpt50: number;
  cpt80: number;
  /** Strong share needed to reach 95% of the all-strong quality, and 1 - that share (calls saved). */
  strongShareAt95: number;
  savingAt95: number;
}

const tolerance = 1e-12;

/** The quality-cost curve of a router's scores. */
export function qualityCostCurve(outcomes: readonly ScoredOutcome[]): CurvePoint[] {
  if (outcomes.length === 0) throw new Error('No outcomes to sweep');
  const totalWeight = outcomes.reduce((sum, outcome) => sum + (outcome.weight ?? 1), 0);
  const sorted = [...outcomes].sort((first, second) => second.score - first.score);
  let quality = sorted.reduce((sum, outcome) => sum + (outcome.weight ?? 1) * outcome.weakQuality, 0) / totalWeight;
  let strongWeight = 0;
  const points: CurvePoint[] = [{ threshold: Infinity, strongShare: 0, quality }];
  for (let index = 0; index < sorted.length; ) {
    const threshold = sorted[index]!.score;
    while (index < sorted.length && sorted[index]!.score === threshold) {
      const outcome = sorted[index]!;
      const weight = outcome.weight ?? 1;
      strongWeight += weight;
      quality += (weight * (outcome.strongQuality - outcome.weakQuality)) / totalWeight;
      index += 1;
    }
    points.push({ threshold, strongShare: strongWeight / totalWeight, quality });
  }
  points[points.length - 1]!.strongShare = 1;
  return points;
}

/** The curve of the per-prompt oracle: prompts ordered by how much the strong model gains on them. */
export function oracleCurve(outcomes: readonly ScoredOutcome[]): CurvePoint[] {
  return qualityCostCurve(
    outcomes.map((outcome) => ({ ...outcome, score: outcome.strongQuality - outcome.weakQuality })),
  );
}

/** The random router's expected curve: a straight line from all-weak to all-strong quality. */
export function randomCurve(outcomes: readonly ScoredOutcome[]): CurvePoint[] {
  const { weak, strong } = modelQualities(outcomes);
  return [
    { threshold: Infinity, strongShare: 0, quality: weak },
    { threshold: -Infinity, strongShare: 1, quality: strong },
  ];
}

/** Weighted mean quality of the weak model alone and the strong model alone. */
export function modelQualities(outcomes: readonly ScoredOutcome[]): { weak: number; strong: number } {
  const totalWeight = outcomes.reduce((sum, outcome) => sum + (outcome.weight ?? 1), 0);
  const mean = (pick: (outcome: ScoredOutcome) => number) =>
    outcomes.reduce((sum, outcome) => sum + (outcome.weight ?? 1) * pick(outcome), 0) / totalWeight;
  return { weak: mean((outcome) => outcome.weakQuality), strong: mean((outcome) => outcome.strongQuality) };
}

/** The smallest strong share at which the (interpolated) curve reaches the quality, or undefined if it never does. */
export function strongShareForQuality(curve: readonly CurvePoint[], targetQuality: number): number | undefined {
  if (curve[0]!.quality >= targetQuality - tolerance) return curve[0]!.strongShare;
  for (let index = 1; index < curve.length; index += 1) {
    const [before, after] = [curve[index - 1]!, curve[index]!];
    if (after.quality >= targetQuality - tolerance) {
      const rise = after.quality - before.quality;
      const fraction = rise > 0 ? Math.min(1, Math.max(0, (targetQuality - before.quality) / rise)) : 1;
      return before.strongShare + fraction * (after.strongShare - before.strongShare);
    }
  }
  return undefined;
}

/** Area under the curve of the gap recovered, (quality - weak) / (strong - weak), over the strong share 0..1. */
export function averagePerformanceGapRecovered(curve: readonly CurvePoint[], weak: number, strong: number): number {
  if (strong <= weak) throw new Error('APGR needs a strong model that beats the weak one');
  let area = 0;
  for (let index = 1; index < curve.length; index += 1) {
    const [before, after] = [curve[index - 1]!, curve[index]!];
    area += ((after.strongShare - before.strongShare) * (before.quality + after.quality - 2 * weak)) / 2;
  }
  return area / (strong - weak);
}

/** CPT(fraction): the strong share needed to recover that fraction of the weak-to-strong gap. */
export function callPerformanceThreshold(
  curve: readonly CurvePoint[],
  weak: number,
  strong: number,
  fraction: number,
): number {
  return strongShareForQuality(curve, weak + fraction * (strong - weak)) ?? 1;
}

/** Cost saved against sending everything to the strong model, when a weak call costs priceRatio of a strong one. */
export function costSaving(strongShare: number, priceRatio = 0): number {
  return (1 - strongShare) * (1 - priceRatio);
}

/** The headline numbers for one curve. */
export function summariseCurve(curve: readonly CurvePoint[], outcomes: readonly ScoredOutcome[]): RouterSummary {
  const { weak, strong } = modelQualities(outcomes);
  const strongShareAt95 = strongShareForQuality(curve, 0.95 * strong) ?? 1;
  return {
    apgr: averagePerformanceGapRecovered(curve, weak, strong),
    cpt50: callPerformanceThreshold(curve, weak, strong, 0.5),
    cpt80: callPerformanceThreshold(curve, weak, strong, 0.8),
    strongShareAt95,
    savingAt95: costSaving(strongShareAt95),
  };
}
