import { routingPolicySchema, type RoutingPolicy, type UpdateRoutingPolicyRequest } from '@contracts';
import type { FormProblems } from './form-problems';
import {
  shadowChanges,
  shadowDraftOf,
  shadowProblemFields,
  shadowSettingsOf,
  type ShadowEvaluationDraft,
} from './shadow-evaluation-draft';

/** The Routing & Cache form as typed: the target in percent, '' for "the default" or "every model". */
export interface RoutingDraft extends ShadowEvaluationDraft {
  enabled: boolean;
  quality_target_percent: string;
  every_model: boolean;
  candidate_model_ids: string[];
  reference_model_id: string;
  cache_enabled: boolean;
  cache_threshold: string;
  /** The cache's δ in percent (docs/decisions/080). */
  cache_error_rate_percent: string;
}

/** The form's fields report their problems under 'routing.<field>', apart from the page's others. */
export const routingProblemKey = (field: keyof RoutingDraft) => `routing.${field}`;

const problemFieldOfPolicyPath: Record<string, keyof RoutingDraft> = {
  enabled: 'enabled',
  quality_target: 'quality_target_percent',
  candidate_model_ids: 'candidate_model_ids',
  reference_model_id: 'reference_model_id',
  'cache.enabled': 'cache_enabled',
  'cache.threshold': 'cache_threshold',
  'cache.error_rate': 'cache_error_rate_percent',
};

/** A policy path ('cache.threshold', 'candidate_model_ids.2') as the form field that shows it. */
function problemKeyOf(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  const field =
    first === 'shadow_evaluation'
      ? shadowProblemFields[second ?? '']
      : problemFieldOfPolicyPath[first === 'cache' ? `cache.${second}` : (first ?? '')];
  return field ? routingProblemKey(field) : `routing.${path.map(String).join('.')}`;
}

// Percent to a share without binary noise: 95 -> 0.95, not 0.9500000000000001.
const percentToShare = (percent: number) => Number((percent / 100).toFixed(10));
const shareToPercent = (share: number) => String(Number((share * 100).toFixed(8)));
const asNumber = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));
/** Blank: the product default. Not a number is out of range, so it gets the server's range message. */
function asThreshold(typed: string): number | null {
  if (typed.trim() === '') return null;
  const threshold = Number(typed);
  return Number.isNaN(threshold) ? -1 : threshold;
}

export function routingDraftOf(policy: RoutingPolicy): RoutingDraft {
  return {
    enabled: policy.enabled,
    quality_target_percent: shareToPercent(policy.quality_target),
    every_model: policy.candidate_model_ids === null,
    candidate_model_ids: policy.candidate_model_ids ?? [],
    reference_model_id: policy.reference_model_id ?? '',
    cache_enabled: policy.cache.enabled,
    cache_threshold: policy.cache.threshold === null ? '' : String(policy.cache.threshold),
    cache_error_rate_percent: shareToPercent(policy.cache.error_rate),
    ...shadowDraftOf(policy.shadow_evaluation),
  };
}

/** The whole policy the form asks for, checked by the server's own schema and messages. */
export function validateRoutingDraft(
  draft: RoutingDraft,
  saved: RoutingPolicy,
): { values?: RoutingPolicy; problems: FormProblems } {
  const parsed = routingPolicySchema.safeParse({
    enabled: draft.enabled,
    quality_target: percentToShare(asNumber(draft.quality_target_percent)),
    candidate_model_ids: draft.every_model ? null : draft.candidate_model_ids,
    reference_model_id: draft.reference_model_id === '' ? null : draft.reference_model_id,
    cache: {
      ...saved.cache,
      enabled: draft.cache_enabled,
      threshold: asThreshold(draft.cache_threshold),
      error_rate: percentToShare(asNumber(draft.cache_error_rate_percent)),
    },
    // Not on this form: kept as saved.
    deadlines: saved.deadlines,
    shadow_evaluation: shadowSettingsOf(draft),
  });
  if (parsed.success) return { values: parsed.data, problems: {} };
  return {
    problems: routingProblemsFrom(parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message }))),
  };
}

function routingProblemsFrom(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormProblems {
  const problems: FormProblems = {};
  for (const issue of issues) problems[problemKeyOf(issue.path)] ??= issue.message;
  return problems;
}

/** The server's `fields` for PUT routing-policy, under the form's names. */
export function routingProblemsFromServer(fields: Record<string, string>): FormProblems {
  return routingProblemsFrom(Object.entries(fields).map(([path, message]) => ({ path: path.split('.'), message })));
}

// Auto's ladder is ordered by cost on the server, so the same models in another order are no change.
const sameModels = (first: readonly string[] | null, second: readonly string[] | null) =>
  first === null || second === null
    ? first === second
    : first.length === second.length && first.every((id) => second.includes(id));

/** Only what changed (PUT takes any part), so two people editing different fields do not undo each other. */
export function routingChanges(saved: RoutingPolicy, wanted: RoutingPolicy): UpdateRoutingPolicyRequest | undefined {
  const changes: UpdateRoutingPolicyRequest = {};
  if (wanted.enabled !== saved.enabled) changes.enabled = wanted.enabled;
  if (Math.abs(wanted.quality_target - saved.quality_target) > 1e-9) changes.quality_target = wanted.quality_target;
  if (!sameModels(saved.candidate_model_ids, wanted.candidate_model_ids))
    changes.candidate_model_ids = wanted.candidate_model_ids;
  if (wanted.reference_model_id !== saved.reference_model_id) changes.reference_model_id = wanted.reference_model_id;
  const cache: NonNullable<UpdateRoutingPolicyRequest['cache']> = {};
  if (wanted.cache.enabled !== saved.cache.enabled) cache.enabled = wanted.cache.enabled;
  if (wanted.cache.threshold !== saved.cache.threshold) cache.threshold = wanted.cache.threshold;
  if (Math.abs(wanted.cache.error_rate - saved.cache.error_rate) > 1e-9) cache.error_rate = wanted.cache.error_rate;
  if (Object.keys(cache).length > 0) changes.cache = cache;
  const shadow = shadowChanges(saved.shadow_evaluation, wanted.shadow_evaluation);
  if (shadow) changes.shadow_evaluation = shadow;
  return Object.keys(changes).length > 0 ? changes : undefined;
}
