import { describe, expect, it } from 'vitest';
import {
  averagePerformanceGapRecovered,
  callPerformanceThreshold,
  costSaving,
  modelQualities,
  oracleCurve,
  qualityCostCurve,
  randomCurve,
  strongShareForQuality,
  summariseCurve,
  type ScoredOutcome,
} from './routing-metrics';

// Weak right on b and c, strong right on a, b and d: weak quality 0.5, strong 0.75.
const fourPrompts: ScoredOutcome[] = [
  { score: 0.9, strongQuality: 1, weakQuality: 0 },
  { score: 0.7, strongQuality: 1, weakQuality: 1 },
  { score: 0.5, strongQuality: 0, weakQuality: 1 },
  { score: 0.3, strongQuality: 1, weakQuality: 0 },
];

describe('the quality-cost curve', () => {
  it('steps through the prompts from the highest score down', () => {
    const curve = qualityCostCurve(fourPrompts);
    expect(curve.map((point) => [point.strongShare, point.quality])).toEqual([
      [0, 0.5],
      [0.25, 0.75],
      [0.5, 0.75],
      [0.75, 0.5],
      [1, 0.75],
    ]);
    expect(curve.map((point) => point.threshold)).toEqual([Infinity, 0.9, 0.7, 0.5, 0.3]);
  });

  it('moves tied prompts together, so ties cost what a random split of them costs on average', () => {
    const tied: ScoredOutcome[] = [
      { score: 0.5, strongQuality: 1, weakQuality: 0 },
      { score: 0.5, strongQuality: 0, weakQuality: 0 },
      { score: 0.2, strongQuality: 1, weakQuality: 0 },
    ];
    const curve = qualityCostCurve(tied);
    expect(curve).toHaveLength(3);
    // Gap recovered 0, 1/2, 1 at shares 0, 2/3, 1: area 1/6 + 1/4. Either tie order alone would give 1/2 or 1/3.
    expect(averagePerformanceGapRecovered(curve, 0, 2 / 3)).toBeCloseTo(5 / 12, 12);
    expect(callPerformanceThreshold(curve, 0, 2 / 3, 0.5)).toBeCloseTo(2 / 3, 12);
  });

  it('weighs prompts by their weight', () => {
    const weighted: ScoredOutcome[] = [
      { score: 1, strongQuality: 1, weakQuality: 0, weight: 3 },
      { score: 0, strongQuality: 1, weakQuality: 1, weight: 1 },
    ];
    expect(modelQualities(weighted)).toEqual({ weak: 0.25, strong: 1 });
    expect(qualityCostCurve(weighted).map((point) => [point.strongShare, point.quality])).toEqual([
      [0, 0.25],
      [0.75, 1],
      [1, 1],
    ]);
  });
});

describe('the router metrics', () => {
  const curve = qualityCostCurve(fourPrompts);

  it('computes APGR as the area under the gap-recovered curve', () => {
    // Gap recovered at shares 0, 1/4, 1/2, 3/4, 1: 0, 1, 1, 0, 1. Trapezoids: (0.5 + 1 + 0.5 + 0.5) / 4.
    expect(averagePerformanceGapRecovered(curve, 0.5, 0.75)).toBeCloseTo(0.625, 12);
  });

  it('finds the smallest strong share reaching a quality, interpolating along the curve', () => {
    expect(callPerformanceThreshold(curve, 0.5, 0.75, 0.5)).toBeCloseTo(0.125, 12);
    expect(callPerformanceThreshold(curve, 0.5, 0.75, 0.8)).toBeCloseTo(0.2, 12);
    expect(strongShareForQuality(curve, 0.5)).toBe(0);
    expect(strongShareForQuality(curve, 0.8)).toBeUndefined();
  });

  it('summarises the strong share and saving at 95% of strong quality', () => {
    // Target 0.95 * 0.75 = 0.7125 lies 85% of the way up the first segment (0.5 to 0.75 over shares 0 to 0.25).
    const summary = summariseCurve(curve, fourPrompts);
    expect(summary.strongShareAt95).toBeCloseTo(0.2125, 12);
    expect(summary.savingAt95).toBeCloseTo(0.7875, 12);
    expect(summary.apgr).toBeCloseTo(0.625, 12);
  });

  it('gives the random router a straight line: APGR 1/2, CPT(x) = x', () => {
    const summary = summariseCurve(randomCurve(fourPrompts), fourPrompts);
    expect(summary.apgr).toBeCloseTo(0.5, 12);
    expect(summary.cpt50).toBeCloseTo(0.5, 12);
    expect(summary.cpt80).toBeCloseTo(0.8, 12);
    expect(summary.strongShareAt95).toBeCloseTo(0.85, 12);
  });

  it('orders the oracle by the strong model gain, above the strong model in the middle', () => {
    const oracle = oracleCurve(fourPrompts);
    expect(oracle.map((point) => [point.strongShare, point.quality])).toEqual([
      [0, 0.5],
      [0.5, 1],
      [0.75, 1],
      [1, 0.75],
    ]);
    // Gap recovered 0, 2, 2, 1: 0.5 + 0.5 + 0.375.
    expect(averagePerformanceGapRecovered(oracle, 0.5, 0.75)).toBeCloseTo(1.375, 12);
  });

  it('counts cheaper weak calls in the saving', () => {
    expect(costSaving(0.25)).toBe(0.75);
    expect(costSaving(0.25, 0.1)).toBeCloseTo(0.675, 12);
  });
});
