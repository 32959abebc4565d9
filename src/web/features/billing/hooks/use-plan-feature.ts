import { planFeatureLabels, planIncluding, type PlanFeature } from '@contracts';
import { useCurrentPlan, usePlans } from './use-subscription';

/** Whether the organisation's plan includes a feature, and if not which plan does (docs/decisions/041). */
export interface PlanFeatureStanding {
  /** Undefined while the plan is not known (loading, or it failed: the server decides then). */
  included: boolean | undefined;
  /** Shown beside a control the plan lacks: what has it, and where to upgrade; null when included or unknown. */
  note: string | null;
}

function planFeatureNote(feature: PlanFeature, currentPlan: string, includedIn: string | undefined): string {
  const label = planFeatureLabels[feature];
  return includedIn
    ? `${label} is included in the ${includedIn} plan; your organization is on ${currentPlan}.`
    : `${label} is not included in your organization's plan (${currentPlan}).`;
}

/** For screens of people with the billing scope (administrators): the current plan and the plans on sale say it. */
export function usePlanFeature(feature: PlanFeature): PlanFeatureStanding {
  const current = useCurrentPlan();
  const plans = usePlans();
  if (!current.data) return { included: undefined, note: null };
  if (current.data.entitlements.includes(feature)) return { included: true, note: null };
  const includedIn = planIncluding(plans.data ?? [], feature)?.name;
  return { included: false, note: planFeatureNote(feature, current.data.name, includedIn) };
}
