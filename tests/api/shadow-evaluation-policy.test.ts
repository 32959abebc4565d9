import { describe, expect, it } from 'vitest';
import { api, signUpOnBusiness } from './support/client';
import { activeMember, roleIdByName } from './support/invite';

// docs/decisions/067: the routing policy's shadow evaluation, changed by administrators only.
const policyPath = (orgId: string) => `/org/${orgId}/routing-policy`;
const put = (token: string, orgId: string, body: unknown) => api(policyPath(orgId), { method: 'PUT', token, body });

describe("the routing policy's shadow evaluation", () => {
  it('is off by default, validated with clear messages, audited, and changed by administrators only', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const orgId = admin.user.org_id;
    const fresh = await api(policyPath(orgId), { token: admin.token });
    expect(fresh.body.policy.shadow_evaluation).toEqual({
      sampling_rate: 0,
      monthly_budget_usd: 10,
      judge_model_id: null,
    });

    const tooHigh = await put(admin.token, orgId, { shadow_evaluation: { sampling_rate: 1.5 } });
    expect(tooHigh.status).toBe(400);
    expect(JSON.stringify(tooHigh.body)).toContain('Sampling rate must be between 0% and 100%');
    const negative = await put(admin.token, orgId, { shadow_evaluation: { monthly_budget_usd: -1 } });
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body)).toContain('Monthly sampling budget must be between $0 and $100,000');
    const fraction = await put(admin.token, orgId, { shadow_evaluation: { monthly_budget_usd: 1.001 } });
    expect(JSON.stringify(fraction.body)).toContain('Monthly sampling budget must be in whole cents');
    const unknown = await put(admin.token, orgId, { shadow_evaluation: { judge_model_id: 'acme/oracle' } });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('Unknown model: acme/oracle');

    const saved = await put(admin.token, orgId, {
      shadow_evaluation: { sampling_rate: 0.25, monthly_budget_usd: 12.34, judge_model_id: 'openai/gpt-4o' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.policy.shadow_evaluation).toEqual({
      sampling_rate: 0.25,
      monthly_budget_usd: 12.34,
      judge_model_id: 'openai/gpt-4o',
    });
    // A partial change keeps the other fields.
    const rateOnly = await put(admin.token, orgId, { shadow_evaluation: { sampling_rate: 0.5 } });
    expect(rateOnly.body.policy.shadow_evaluation).toEqual({
      sampling_rate: 0.5,
      monthly_budget_usd: 12.34,
      judge_model_id: 'openai/gpt-4o',
    });

    // A model manager may change the rest of the policy, not what sampling spends.
    const manager = await activeMember(admin.token, orgId);
    const managerRole = await roleIdByName(admin.token, orgId, 'Model Manager');
    const assigned = await api('/roles/assign', {
      token: admin.token,
      body: { user_id: manager.userId, role_id: managerRole, org_id: orgId },
    });
    expect(assigned.status).toBe(200);
    const refused = await put(manager.token, orgId, { shadow_evaluation: { sampling_rate: 1 } });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('Only administrators can change shadow evaluation');
    expect((await put(manager.token, orgId, { quality_target: 0.9 })).status).toBe(200);
    const stranger = (await signUpOnBusiness()).auth;
    expect((await put(stranger.token, orgId, { shadow_evaluation: { sampling_rate: 1 } })).status).toBe(403);
    expect((await api(policyPath(orgId), { token: admin.token })).body.policy.shadow_evaluation.sampling_rate).toBe(
      0.5,
    );

    const audit = await api(`/org/${orgId}/audit`, { token: admin.token });
    expect(audit.status).toBe(200);
    const changes = audit.body.entries.filter((entry: { action: string }) => entry.action === 'routing.policy_update');
    expect(
      changes.some(
        (entry: { before: { shadow_evaluation: { sampling_rate: number } }; after: typeof entry.before }) =>
          entry.before.shadow_evaluation.sampling_rate === 0.25 && entry.after.shadow_evaluation.sampling_rate === 0.5,
      ),
    ).toBe(true);
  });
});
