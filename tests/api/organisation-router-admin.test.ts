import { describe, expect, it } from 'vitest';
import { api, signUpOnBusiness } from './support/client';
import { activeMember, roleIdByName } from './support/invite';

// docs/decisions/068: the organisation's own router, shown beside the shadow-evaluation figures and reset by administrators.

const qualityPath = (orgId: string) => `/org/${orgId}/routing-quality`;
const resetPath = (orgId: string) => `/org/${orgId}/routing-quality/router/reset`;

describe("the organisation's own router, for administrators", () => {
  it('shows how many labels it has learned and whether it decides', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const answer = await api(qualityPath(admin.user.org_id), { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.router).toEqual({
      labels: 0,
      labels_needed: 200,
      decides: false,
      deciding_since: null,
      updated_at: null,
    });
  });

  it('is reset by an administrator of the organisation only, and the reset is audited', async () => {
    const admin = (await signUpOnBusiness()).auth;
    const orgId = admin.user.org_id;
    const member = await activeMember(admin.token, orgId);
    expect((await api(resetPath(orgId), { method: 'POST', token: member.token })).status).toBe(403);
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
    expect(reset.body.router).toMatchObject({ labels: 0, decides: false, deciding_since: null });
    expect(typeof reset.body.router.updated_at).toBe('string');

    const enabled = await api(`/org/${orgId}/settings`, {
      method: 'PUT',
      token: admin.token,
      body: { enable_audit: true },
    });
    expect(enabled.status).toBe(200);
    const audit = await api(`/org/${orgId}/audit`, { token: admin.token });
    expect(audit.status).toBe(200);
    const entries = audit.body.entries.filter((entry: { action: string }) => entry.action === 'routing.router_reset');
    // Only the administrator's reset: the refused ones left nothing.
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      target_type: 'routing',
      target_id: orgId,
      before: { labels: 0 },
      after: { labels: 0 },
    });
    // Nobody else's router moved: the stranger's organisation has none stored.
    expect((await api(qualityPath(stranger.user.org_id), { token: stranger.token })).body.router.updated_at).toBeNull();
  });
});
