import { z } from 'zod';

/**
 * From an organisation's quality target ("keep 95% of the strong model's quality") to a score
 * threshold, measured out-of-fold when the router was trained: each point says which threshold
 * reached that share of the strong model's quality on the training benchmarks (weighted equally).
 * A null threshold means no prompt needs the strong model; 0 means every prompt does.
 */
export const qualityCalibrationSchema = z.object({
  description: z.string(),
  points: z
    .array(
      z.object({
        qualityTarget: z.number().min(0).max(1),
        threshold: z.number().min(0).max(1).nullable(),
        /** Share of prompts the threshold sent to the strong model where it was measured. */
        strongShare: z.number().min(0).max(1),
      }),
    )
    .min(1),
  /**
   * How far a score can move with the data the router was trained on, in logits: a score this close
   * below a threshold is unsure (docs/decisions/027). Absent: no margin.
   */
  uncertainty: z.object({ logitMargin: z.number().min(0), description: z.string() }).optional(),
});

export type QualityCalibration = z.infer<typeof qualityCalibrationSchema>;

/**
 * The score at or above which a prompt goes to the strong model, for a quality target in 0..1:
 * the calibration point at the target or the next one above it (never a looser threshold than
 * asked for). Infinity: nothing goes to the strong model; 0: everything does.
 */
export function thresholdForQualityTarget(calibration: QualityCalibration, qualityTarget: number): number {
  if (!Number.isFinite(qualityTarget)) throw new Error(`Quality target must be a number in 0..1, got ${qualityTarget}`);
  const points = [...calibration.points].sort((first, second) => first.qualityTarget - second.qualityTarget);
  const point = points.find((candidate) => candidate.qualityTarget >= qualityTarget - 1e-9);
  if (!point) return 0;
  return point.threshold ?? Infinity;
}

const logit = (probability: number): number => Math.log(probability / (1 - probability));
const sigmoid = (value: number): number => 1 / (1 + Math.exp(-value));

/**
 * The lowest score that is still unsure for a threshold: the threshold moved down by the
 * calibration's margin of error (in logits). Equal to the threshold when there is no margin or
 * the threshold is 0 or Infinity (everything or nothing goes to the strong model anyway).
 */
export function unsureFloor(calibration: QualityCalibration, threshold: number): number {
  const margin = calibration.uncertainty?.logitMargin ?? 0;
  if (margin === 0 || !(threshold > 0 && threshold < 1)) return threshold;
  return sigmoid(logit(threshold) - margin);
}
