import type { QualityCalibration } from '../quality-calibration';
import { qualityCostCurve, type ScoredOutcome } from '../routing-metrics';

/** Quality targets the calibration is measured at: 0.80 to 1.00 in steps of 0.005. */
const calibrationTargets = Array.from({ length: 41 }, (_, step) => Math.round((0.8 + step * 0.005) * 1000) / 1000);

/**
 * Measures, on out-of-fold scores, which threshold keeps each target share of the strong
 * model's quality. Benchmarks count equally whatever their size: each prompt weighs 1 / (its
 * benchmark's size) and its qualities are divided by its benchmark's strong-model quality, so the
 * pooled quality is the mean over benchmarks of (routed quality / strong quality).
 */
export function buildQualityCalibration(
  benchmarks: readonly (readonly ScoredOutcome[])[],
  targets = calibrationTargets,
): QualityCalibration {
  const pooled = benchmarks.flatMap((outcomes) => {
    const strong = outcomes.reduce((sum, outcome) => sum + outcome.strongQuality, 0) / outcomes.length;
    if (!(strong > 0)) throw new Error('Calibration needs a strong model with positive quality');
    return outcomes.map((outcome) => ({
      score: outcome.score,
      strongQuality: outcome.strongQuality / strong,
      weakQuality: outcome.weakQuality / strong,
      weight: 1 / outcomes.length,
    }));
  });
  const curve = qualityCostCurve(pooled);
  const last = curve.length - 1;
  return {
    description: `Out-of-fold, ${benchmarks.length} benchmarks weighted equally: the threshold whose routing first kept qualityTarget of the strong model's quality.`,
    points: targets.map((qualityTarget) => {
      const index = curve.findIndex((point) => point.quality >= qualityTarget - 1e-12);
      const reached = index === -1 ? last : index;
      const point = curve[reached]!;
      const threshold = reached === 0 ? null : reached === last ? 0 : point.threshold;
      return { qualityTarget, threshold, strongShare: point.strongShare };
    }),
  };
}
