import {
  decideCacheLookup,
  type CacheLearnerState,
  type CacheLookupDecision,
  type PairFeatures,
} from '../../../gateway';
import { cacheLearnerDecides } from './cache-learner-repository';

/** What the organisation's learned cache says of a lookup's nearest entry. */
export interface LearnedLookup {
  /** True: the learner decides this lookup; false: the static rules do and the learner only learns. */
  decides: boolean;
  /** The learner's decision, taken from its state before any label of this lookup. */
  decision: CacheLookupDecision;
  /** Labels the learner had learned. */
  labels: number;
  /** The policy's error rate the decision was taken against. */
  delta: number;
}

interface LearnedLookupOptions {
  /** The routing policy's `cache.error_rate`. */
  delta: number;
  /** Whether a borderline pair may be put to the same-question judge. */
  judgeAllowed: boolean;
  /** Only Auto's lookups are decided by the learner; a chosen model's keep the static rules. */
  auto: boolean;
}

/**
 * The learner's decision on one pair (docs/decisions/048), against the policy's δ rather than the
 * δ the state was created with; it decides only an Auto lookup, and only once the organisation's
 * learner has `cacheDecidingLabels` labels (docs/decisions/080). Pure: the state is not changed.
 */
export function learnedLookupOf(
  state: CacheLearnerState,
  entryId: string,
  features: PairFeatures,
  options: LearnedLookupOptions,
): LearnedLookup {
  const decision = decideCacheLookup(
    { ...state, settings: { ...state.settings, delta: options.delta } },
    { entryKey: entryId, features },
    options.judgeAllowed,
  );
  return { decides: options.auto && cacheLearnerDecides(state), decision, labels: state.labels, delta: options.delta };
}

/** A share as a percentage with at most one decimal: 0.02 -> '2%', 0.0123 -> '1.2%'. */
const percent = (share: number) => `${Number((share * 100).toFixed(1))}%`;

/** The reason of a hit the learned threshold served: "(your organization's learned cache threshold: …)". */
export function learnedHitText(learned: LearnedLookup): string {
  const labels = `${learned.labels} ${learned.labels === 1 ? 'label' : 'labels'}`;
  return `your organization's learned cache threshold (learned from ${labels}): at most ${percent(learned.decision.wrongBound)} chance of a wrong answer, within its ${percent(learned.delta)} error rate`;
}

/** Why the learned threshold refused a lookup (logged, not stored). */
export function learnedMissText(learned: LearnedLookup): string {
  return `outside your organization's learned cache bound (up to ${percent(learned.decision.wrongBound)} chance of a wrong answer, above its ${percent(learned.delta)} error rate)`;
}
