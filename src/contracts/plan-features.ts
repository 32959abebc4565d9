/**
 * What a plan includes beyond its price (docs/decisions/041): features, data on each plan row
 * (`plans.entitlements`), which the server enforces and the pricing page lists from the same
 * answer. Each key names one thing the server refuses without it.
 */
export const planFeatureKeys = ['custom_routing', 'require_2fa', 'audit_log', 'csv_exports'] as const;
export type PlanFeature = (typeof planFeatureKeys)[number];

/** How the pricing page and every refusal name a feature. */
export const planFeatureLabels: Record<PlanFeature, string> = {
  custom_routing: 'Custom routing policy and reference model',
  require_2fa: 'Two-factor enforcement',
  audit_log: 'Audit logging',
  csv_exports: 'CSV exports of cost savings and ratings',
};

/** Where people write to buy a plan that is not sold on the page (Enterprise). */
export const salesEmail = 'sales@tokenwise.ai';

export const planFeatureMessages = {
  /** The 403 for using a feature the organisation's plan does not include. */
  notInPlan: (feature: PlanFeature, currentPlan: string, includedIn: string | undefined) =>
    includedIn
      ? `${planFeatureLabels[feature]} is included in the ${includedIn} plan; your organization is on ${currentPlan}. Upgrade in Billing & Usage.`
      : `${planFeatureLabels[feature]} is not included in your organization's plan (${currentPlan}).`,
  /** A purchase or change to a plan arranged with sales (Enterprise). */
  contactSales: (plan: string) => `The ${plan} plan is arranged with our sales team: write to ${salesEmail}.`,
  /** A plan's allowance as the pricing page and the billing page say it. */
  tokensPerCycle: (tokens: number) => `${tokens.toLocaleString('en-US')} tokens per billing cycle`,
  /** What happens past a plan's tokens per cycle (docs/decisions/041), said on the pricing and billing pages. */
  pastAllowance:
    'Past the tokens a plan includes, messages to models are refused until the next billing cycle or an upgrade; the free local model keeps working.',
  /** The refusal (429) of a message once the organisation's plan allowance for the cycle is used. */
  allowanceUsed: (details: {
    plan: string;
    tokens: number;
    resetsOn: string;
    billingScope: boolean;
    upgrade?: { plan: string; tokens: number | null };
  }) =>
    `Your organization has used the ${details.tokens.toLocaleString('en-US')} tokens its ${details.plan} plan includes this billing cycle. Messages to models resume on ${details.resetsOn}${
      details.billingScope
        ? details.upgrade
          ? `, or upgrade to ${details.upgrade.plan}${details.upgrade.tokens === null ? '' : ` (${details.upgrade.tokens.toLocaleString('en-US')} tokens per cycle)`} in Billing & Usage`
          : ''
        : ', or ask an administrator to upgrade the plan'
    }. The free local model keeps working.`,
} as const;

/** The cheapest plan, among `plans` in the order offered, that includes `feature`. */
export function planIncluding<Plan extends { name: string; entitlements: readonly string[] }>(
  plans: readonly Plan[],
  feature: PlanFeature,
): Plan | undefined {
  return plans.find((plan) => plan.entitlements.includes(feature));
}
