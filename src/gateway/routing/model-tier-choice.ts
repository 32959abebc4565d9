import type { CapabilityTier } from '../catalog/catalog-schema';
import { thresholdForQualityTarget, unsureFloor, type QualityCalibration } from './quality-calibration';

export interface TierChoiceInput {
  /** The router's score for the prompt: higher means it needs a strong model more. */
  score: number;
  /** The organisation's cost-quality setting: the share of the strongest model's quality to keep, e.g. 0.95. */
  qualityTarget: number;
  /** Tiers the organisation can use (1 small, 2 general, 3 frontier). */
  availableTiers: readonly CapabilityTier[];
  calibration: QualityCalibration;
  /**
   * Moves every threshold by this much, in score units, kept within 0..1: the organisation's own
   * calibration from its users' feedback (negative: stronger). Absent or 0: the calibrated thresholds.
   */
  thresholdOffset?: number;
}

export interface TierChoice {
  tier: CapabilityTier;
  reason: string;
  /** The score fell just below the threshold, within the router's margin of error: the stronger tier answers. */
  unsure: boolean;
}

const format = (value: number): string => (Number.isFinite(value) ? value.toFixed(3) : 'none');

/**
 * Maps a score to a tier. The router was trained on a strong/weak pair, so the top tier gets the
 * prompts whose score reaches the calibrated threshold for the target. Quality first: a score
 * below the threshold by less than the router's margin of error (the calibration's uncertainty)
 * is unsure, and an unsure prompt gets the top tier too, the reason saying so. With three tiers,
 * the middle tier gets the borderline prompts that a target twice as strict (0.95 -> 0.975)
 * would also escalate, and the rest go to the lowest tier. Each rule only adds quality to the
 * calibrated two-way split.
 */
export function chooseModelTier(input: TierChoiceInput): TierChoice {
  const tiers = [...new Set(input.availableTiers)].sort((first, second) => first - second);
  if (tiers.length === 0) throw new Error('No model tier available');
  const [lowest, highest] = [tiers[0]!, tiers[tiers.length - 1]!];
  if (tiers.length === 1) return { tier: lowest, reason: `tier ${lowest} is the only one available`, unsure: false };

  const offset = input.thresholdOffset ?? 0;
  const shifted = (threshold: number) =>
    offset === 0 || !Number.isFinite(threshold) ? threshold : Math.min(1, Math.max(0, threshold + offset));
  const strongThreshold = shifted(thresholdForQualityTarget(input.calibration, input.qualityTarget));
  const targetText = `${(input.qualityTarget * 100).toFixed(0)}%`;
  if (input.score >= strongThreshold)
    return {
      tier: highest,
      reason: `score ${format(input.score)} >= ${format(strongThreshold)}, the threshold for ${targetText} of the strong model's quality`,
      unsure: false,
    };

  const floor = unsureFloor(input.calibration, strongThreshold);
  if (input.score >= floor)
    return {
      tier: highest,
      reason: `unsure: score ${format(input.score)} is just below ${format(strongThreshold)}, the threshold for ${targetText} of the strong model's quality, within the router's margin of error (down to ${format(floor)}), so the stronger model answers (quality first)`,
      unsure: true,
    };

  const middle = tiers.length > 2 ? tiers[Math.floor(tiers.length / 2)]! : undefined;
  if (middle !== undefined) {
    const stricterTarget = 1 - (1 - input.qualityTarget) / 2;
    const middleThreshold = shifted(thresholdForQualityTarget(input.calibration, stricterTarget));
    if (input.score >= middleThreshold)
      return {
        tier: middle,
        reason: `score ${format(input.score)} is below ${format(strongThreshold)} but reaches ${format(middleThreshold)}, the threshold for ${(stricterTarget * 100).toFixed(1)}%`,
        unsure: false,
      };
  }
  return {
    tier: lowest,
    reason: `score ${format(input.score)} < ${format(strongThreshold)}, the threshold for ${targetText} of the strong model's quality`,
    unsure: false,
  };
}
