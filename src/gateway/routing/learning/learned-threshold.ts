import { qualityCostCurve, strongShareForQuality } from '../routing-metrics';
import type { OnlineRouterState } from './online-router-state';

export interface LearnedThreshold {
  /** Send a prompt to the strong model when its online score is at or above this; null: no prompt needs it. */
  threshold: number | null;
  /** Share of the remembered labels that would have gone to the strong model. */
  strongShare: number;
  /** Their quality at that threshold, as a share of the strong model's (what the savings cost). */
  qualityShare: number;
  /** How many labels it was measured on. */
  labels: number;
}

/**
 * The threshold on the online router's score that keeps `qualityTarget` of the strong model's
 * quality (0.95: 95%) on the organisation's own latest labels, each scored before it was learned;
 * undefined with fewer than `minimumLabels` (then route with the global router and its thresholds).
 * Its own labels are the only place the learned score's scale can be read from: it is an estimated
 * gain, not the global router's calibrated probability.
 */
export function learnedThresholdForQuality(
  state: OnlineRouterState,
  qualityTarget: number,
  minimumLabels = 200,
): LearnedThreshold | undefined {
  const { outcomes } = state;
  if (outcomes.length < minimumLabels) return undefined;
  const strongQuality = outcomes.reduce((sum, outcome) => sum + outcome.strong, 0) / outcomes.length;
  const curve = qualityCostCurve(
    outcomes.map((outcome) => ({ score: outcome.score, weakQuality: outcome.weak, strongQuality: outcome.strong })),
  );
  const target = qualityTarget * strongQuality;
  const share = strongShareForQuality(curve, target) ?? 1;
  // The first point of the curve at or past that share: its threshold sends at least that share to the strong model.
  const point =
    curve.find((candidate) => candidate.strongShare >= share - 1e-12 && candidate.quality >= target - 1e-12) ??
    curve.at(-1)!;
  return {
    threshold: Number.isFinite(point.threshold) ? point.threshold : null,
    strongShare: point.strongShare,
    qualityShare: strongQuality > 0 ? point.quality / strongQuality : 1,
    labels: outcomes.length,
  };
}
