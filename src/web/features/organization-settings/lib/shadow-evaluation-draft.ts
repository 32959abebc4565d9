import type { ShadowEvaluationSettings } from '@contracts';

/** The Shadow evaluation group as typed: the rate in percent, the budget in dollars as text, '' for the default judge. */
export interface ShadowEvaluationDraft {
  shadow_sampling_percent: string;
  shadow_monthly_budget: string;
  shadow_judge_model_id: string;
}

/** Where the server reports each setting (`shadow_evaluation.<name>`), as the draft field that shows it. */
export const shadowProblemFields: Readonly<Record<string, keyof ShadowEvaluationDraft>> = {
  sampling_rate: 'shadow_sampling_percent',
  monthly_budget_usd: 'shadow_monthly_budget',
  judge_model_id: 'shadow_judge_model_id',
};

// Percent to a share without binary noise: 12.5 -> 0.125, 7 -> 0.07 (not 0.07000000000000001).
const percentToShare = (percent: number) => Number((percent / 100).toFixed(10));
const shareToPercent = (share: number) => String(Number((share * 100).toFixed(8)));

/** Dollars and cents exactly as typed ('1,250.5', '$10'): a whole number of cents, or null when it is not that. */
function typedCents(typed: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{0,2}))?$/.exec(typed.trim());
  if (!match) return null;
  const dollars = Number(match[1]!.replaceAll(',', ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return dollars * 100 + cents;
}

/**
 * The budget as the contract carries it: US dollars of whole cents, built from the integer number
 * of cents typed so no float arithmetic touches it. Not whole cents ('10.005') keeps its value so
 * the contract's own "whole cents" message names the problem; not a number is NaN ("must be a number").
 */
export function budgetDollarsOf(typed: string): number {
  const cents = typedCents(typed);
  if (cents !== null) return cents / 100;
  const plain = typed.trim().replace(/^\$\s*/, '');
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : Number.NaN;
}

/** The saved budget as a person types it: '10.00', '1250.50'. */
function typedBudget(dollars: number): string {
  const cents = Math.round(dollars * 100);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function shadowDraftOf(settings: ShadowEvaluationSettings): ShadowEvaluationDraft {
  return {
    shadow_sampling_percent: shareToPercent(settings.sampling_rate),
    shadow_monthly_budget: typedBudget(settings.monthly_budget_usd),
    shadow_judge_model_id: settings.judge_model_id ?? '',
  };
}

/** What the contract's schema checks: blank or not a number reads as NaN, so it gets the "must be a number" message. */
export function shadowSettingsOf(draft: ShadowEvaluationDraft): Record<keyof ShadowEvaluationSettings, unknown> {
  const percent = draft.shadow_sampling_percent.trim();
  return {
    sampling_rate: percent === '' ? Number.NaN : percentToShare(Number(percent)),
    monthly_budget_usd: budgetDollarsOf(draft.shadow_monthly_budget),
    judge_model_id: draft.shadow_judge_model_id === '' ? null : draft.shadow_judge_model_id,
  };
}

/** Only the settings that changed: a change here needs an administrator, so an untouched group is never sent. */
export function shadowChanges(
  saved: ShadowEvaluationSettings,
  wanted: ShadowEvaluationSettings,
): Partial<ShadowEvaluationSettings> | undefined {
  const changes: Partial<ShadowEvaluationSettings> = {};
  if (Math.abs(wanted.sampling_rate - saved.sampling_rate) > 1e-12) changes.sampling_rate = wanted.sampling_rate;
  if (Math.round(wanted.monthly_budget_usd * 100) !== Math.round(saved.monthly_budget_usd * 100))
    changes.monthly_budget_usd = wanted.monthly_budget_usd;
  if (wanted.judge_model_id !== saved.judge_model_id) changes.judge_model_id = wanted.judge_model_id;
  return Object.keys(changes).length > 0 ? changes : undefined;
}
