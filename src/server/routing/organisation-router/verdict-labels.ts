import type { RouterLabel } from '../../../gateway';
import type { ShadowVerdict } from '../../db/schema';

/**
 * A judge's verdict as the online router's label (docs/decisions/068). The learner reads only the
 * strong model's gain (strong - weak): "as good" is a gain of 0 ({weak: 1, strong: 1}: both
 * answers were good), "worse" a gain of 1 ({weak: 0, strong: 1}). Both put the strong model at 1
 * because the judge compares with it: the verdict says nothing about the strong answer on its own.
 */
export function labelOfVerdict(verdict: ShadowVerdict): RouterLabel {
  return verdict === 'as_good' ? { weak: 1, strong: 1 } : { weak: 0, strong: 1 };
}
