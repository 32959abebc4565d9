import { describe, expect, it } from 'vitest';
import { api, signUpOnBusiness } from './support/client';
import { activeMember, roleIdByName } from './support/invite';

// docs/decisions/080: the cache's figures and its learned threshold beside the router's, for administrators.

const qualityPath = (orgId: string) => `/org/${orgId}/routing-quality`;
const resetPath = (orgId: string) => `/org/${orgId}/routing-quality/cache/reset`;

describe("the cache's quality and learned threshold, for administrators", () => {
  it('shows an organisation with no lookups yet, and the policy error rate its threshold keeps to', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const orgId = admin.user.org_id;
    const answer = await api(qualityPath(orgId), { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.cache).toEqual({
      lookups: 0,
      learned_lookups: 0,
      hits: 0,
      exact_hits: 0,
      semantic_hits: 0,
      learned_hits: 0,
      judged_hits: 0,
      judge_calls: 0,
      judge_cost_usd: 0,
      checked_hits: 0,
      wrong_hits: 0,
      wrong_hit_rate: null,
      wrong_hit_interval: null,
      checking_cost_usd: 0,
      flagged_hits: 0,
      savings_usd: 0,
      learner: {
        labels: 0,
        labels_needed: 100,
        decides: false,
        deciding_since: null,
        updated_at: null,
        error_rate: 0.02,
      },
    });
    const changed = await api(`/org/${orgId}/routing-policy`, {
      method: 'PUT',
      token: admin.token,
      body: { cache: { error_rate: 0.1 } },
    });
    expect(changed.status).toBe(200);
    expect((await api(qualityPath(orgId), { token: admin.token })).body.cache.learner.error_rate).toBe(0.1);
  });

  it.each([
    [{ error_rate: 0 }, 'Cache error rate must be between 0.1% and 50%'],
    [{ error_rate: 0.6 }, 'Cache error rate must be between 0.1% and 50%'],
    [{ error_rate: 'low' }, 'Cache error rate must be a number'],
  ])('refuses the error rate %j with its message', async (cache, message) => {
    const admin = (await signUpOnBusiness()).auth;
    const refused = await api(`/org/${admin.user.org_id}/routing-policy`, {
      method: 'PUT',
      token: admin.token,
      body: { cache },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields['cache.error_rate']).toBe(message);
  });

  it('is reset by an administrator of the organisation only, and the reset is audited', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const orgId = admin.user.org_id;
    const member = await activeMember(admin.token, orgId);
    expect((await api(resetPath(orgId), { method: 'POST', token: member.token })).status).toBe(403);
    expect((await api(qualityPath(orgId), { token: member.token })).status).toBe(403);
    const manager = await activeMember(admin.token, orgId);
    const managerRole = await roleIdByName(admin.token, orgId, 'Model Manager');
    const assigned = await api('/roles/assign', {
      token: admin.token,
      body: { user_id: manager.userId, role_id: managerRole, org_id: orgId },
    });
    expect(assigned.status).toBe(200);
    expect((await api(resetPath(orgId), { method: 'POST', token: manager.token })).status).toBe(403);
    expect((await api(qualityPath(orgId), { token: manager.token })).status).toBe(403);

    const stranger = (await signUpOnBusiness()).auth;
    expect([403, 404]).toContain((await api(resetPath(orgId), { method: 'POST', token: stranger.token })).status);
    expect([403, 404]).toContain((await api(qualityPath(orgId), { token: stranger.token })).status);

    const reset = await api(resetPath(orgId), { method: 'POST', token: admin.token });
    expect(reset.status).toBe(200);
    expect(reset.body.cache.learner).toMatchObject({ labels: 0, decides: false, deciding_since: null });
    expect(typeof reset.body.cache.learner.updated_at).toBe('string');

    const enabled = await api(`/org/${orgId}/settings`, {
      method: 'PUT',
      token: admin.token,
      body: { enable_audit: true },
    });
    expect(enabled.status).toBe(200);
    const audit = await api(`/org/${orgId}/audit`, { token: admin.token });
    const entries = audit.body.entries.filter(
      (entry: { action: string }) => entry.action === 'routing.cache_learner_reset',
    );
    // Only the administrator's reset: the refused ones left nothing.
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      target_type: 'routing',
      target_id: orgId,
      before: { labels: 0 },
      after: { labels: 0 },
    });
    // Nobody else's learner moved: the stranger's organisation has none stored.
    expect(
      (await api(qualityPath(stranger.user.org_id), { token: stranger.token })).body.cache.learner.updated_at,
    ).toBeNull();
  });
});
