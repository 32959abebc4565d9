import type { RouterLabel } from '../../../gateway';
import type { ShadowVerdict } from '../../db/schema';
import type { CalibrationDirection } from '../calibration/calibration-rule';

const cheaperWasEnough: RouterLabel = { weak: 1, strong: 1 };
const neededStronger: RouterLabel = { weak: 0, strong: 1 };

/**
 * A judge's verdict as the online router's label (docs/decisions/068). The learner reads only the
 * strong model's gain (strong - weak): "as good" is a gain of 0 ({weak: 1, strong: 1}: both
 * answers were good), "worse" a gain of 1 ({weak: 0, strong: 1}). Both put the strong model at 1
 * because the judge compares with it: the verdict says nothing about the strong answer on its own.
 */
export function labelOfVerdict(verdict: ShadowVerdict): RouterLabel {
  return { ...(verdict === 'as_good' ? cheaperWasEnough : neededStronger) };
}

/**
 * A user's signal about a cheaper tier's reply as the same label (docs/decisions/072): a positive
 * rating says the cheaper answer served (gain 0); a negative rating or asking a stronger model
 * again says it did not (gain 1).
 */
export function labelOfDirection(direction: CalibrationDirection): RouterLabel {
  return { ...(direction === 'cheaper' ? cheaperWasEnough : neededStronger) };
}
