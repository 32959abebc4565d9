import type { SubscriptionAnalytics } from '@contracts';
import { subtractAmounts, sumAmounts } from './decimal-amounts';

export type ModelCostSavings = SubscriptionAnalytics['cost_savings'][number];

/** One day of a model's cost against "without the router" (the reference model's prices). */
export interface SavingsDay {
  date: string;
  tokens_used: number;
  actual_cost: number;
  potential_cost: number;
  savings: number;
}

export interface SavingsSummary {
  days: SavingsDay[];
  tokensProcessed: number;
  actualCost: number;
  potentialCost: number;
  /** Potential less actual over the period, exactly. */
  periodSavings: number;
}

export function summariseSavings(model: ModelCostSavings): SavingsSummary {
  const days = [...model.daily_savings]
    .sort((first, second) => first.date.localeCompare(second.date))
    .map((day) => ({ ...day, savings: subtractAmounts(day.potential_cost, day.actual_cost) }));
  const actualCost = sumAmounts(days.map((day) => day.actual_cost));
  const potentialCost = sumAmounts(days.map((day) => day.potential_cost));
  return {
    days,
    tokensProcessed: days.reduce((total, day) => total + day.tokens_used, 0),
    actualCost,
    potentialCost,
    periodSavings: subtractAmounts(potentialCost, actualCost),
  };
}

/** The models the picker offers: those with savings in the range, then those used this cycle. */
export function savingsModelChoices(analytics: SubscriptionAnalytics): { model_id: string; model_name: string }[] {
  const choices = new Map<string, string>();
  for (const model of analytics.cost_savings) choices.set(model.model_id, model.model_name);
  for (const model of analytics.usage_by_model)
    if (!choices.has(model.model_id)) choices.set(model.model_id, model.model_name);
  return [...choices].map(([model_id, model_name]) => ({ model_id, model_name }));
}
