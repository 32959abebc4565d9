import { describe, expect, it } from 'vitest';
import { planFeatureMessages, planIncluding } from './plan-features';

describe('plan features', () => {
  it('names the cheapest plan on offer that includes a feature', () => {
    const plans = [
      { name: 'Free Trial', entitlements: [] },
      { name: 'Team', entitlements: [] },
      { name: 'Business', entitlements: ['audit_log'] },
      { name: 'Enterprise', entitlements: ['audit_log', 'csv_exports'] },
    ];
    expect(planIncluding(plans, 'audit_log')?.name).toBe('Business');
    expect(planIncluding(plans, 'csv_exports')?.name).toBe('Enterprise');
    expect(planIncluding(plans, 'require_2fa')).toBeUndefined();
    expect(planFeatureMessages.notInPlan('require_2fa', 'Team', undefined)).toBe(
      "Two-factor enforcement is not included in your organization's plan (Team).",
    );
  });

  it('tells a member to ask an administrator, and the billing scope which plan to upgrade to', () => {
    const base = { plan: 'Team', tokens: 20_000_000, resetsOn: '2026-12-30' };
    expect(
      planFeatureMessages.allowanceUsed({ ...base, billingScope: false, upgrade: { plan: 'Business', tokens: 1 } }),
    ).toBe(
      'Your organization has used the 20,000,000 tokens its Team plan includes this billing cycle. Messages to models resume on 2026-12-30, or ask an administrator to upgrade the plan. The free local model keeps working.',
    );
    expect(planFeatureMessages.allowanceUsed({ ...base, billingScope: true })).toBe(
      'Your organization has used the 20,000,000 tokens its Team plan includes this billing cycle. Messages to models resume on 2026-12-30. The free local model keeps working.',
    );
    expect(
      planFeatureMessages.allowanceUsed({ ...base, billingScope: true, upgrade: { plan: 'Business', tokens: null } }),
    ).toContain('resume on 2026-12-30, or upgrade to Business in Billing & Usage.');
  });
});
