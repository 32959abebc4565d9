import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { activeMember, roleIdByName } from './support/invite';

/** Two organisations, each with an admin; the second also with an active member. */
async function twoOrganisations() {
  const alpha = await signUpOrganisation();
  const beta = await signUpOrganisation();
  return { alpha, beta };
}

describe('organisations never mix', () => {
  it('GET /roles/:roleId answers 404 for a role of another organisation', async () => {
    const { alpha, beta } = await twoOrganisations();
    const answer = await api(`/roles/${beta.auth.user.role_id}`, { token: alpha.auth.token });
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain(beta.auth.user.org_id);
    expect((await api(`/roles/${alpha.auth.user.role_id}`, { token: alpha.auth.token })).status).toBe(200);
    expect((await api('/roles/not-a-uuid', { token: alpha.auth.token })).status).toBe(400);
  });

  it('GET /roles/organization/:orgId refuses another organisation', async () => {
    const { alpha, beta } = await twoOrganisations();
    expect((await api(`/roles/organization/${beta.auth.user.org_id}`, { token: alpha.auth.token })).status).toBe(403);
    const own = await api(`/roles/organization/${alpha.auth.user.org_id}`, { token: alpha.auth.token });
    expect(own.body.roles.map((role: { name: string }) => role.name).sort()).toEqual([
      'Admin',
      'Billing Manager',
      'Member',
      'Model Manager',
      'User Manager',
    ]);
    expect(own.body.roles.every((role: { org_id: string }) => role.org_id === alpha.auth.user.org_id)).toBe(true);
  });

  it('the seeded Member role carries per-model limits; Admin is unlimited by rule', async () => {
    const { alpha } = await twoOrganisations();
    const memberRoleId = await roleIdByName(alpha.auth.token, alpha.auth.user.org_id, 'Member');
    const member = await api(`/roles/${memberRoleId}`, { token: alpha.auth.token });
    expect(member.body.permissions.length).toBeGreaterThan(0);
    expect(member.body.permissions[0]).toMatchObject({
      isEnabled: true,
      max_tokens_per_request: 2000,
      monthly_token_limit: 100000,
      cost_limit: 50,
    });
  });

  it('POST /org/:orgId/users/invite refuses another organisation and its roles', async () => {
    const { alpha, beta } = await twoOrganisations();
    const intoBeta = await api(`/org/${beta.auth.user.org_id}/users/invite`, {
      token: alpha.auth.token,
      body: { email: 'intruder@example.test', role_id: beta.auth.user.role_id },
    });
    expect(intoBeta.status).toBe(403);
    const betaRoleInAlpha = await api(`/org/${alpha.auth.user.org_id}/users/invite`, {
      token: alpha.auth.token,
      body: { email: 'intruder@example.test', role_id: beta.auth.user.role_id },
    });
    expect(betaRoleInAlpha.status).toBe(404);
  });

  it('a member without the user-management scope cannot invite or list roles', async () => {
    const { alpha } = await twoOrganisations();
    const member = await activeMember(alpha.auth.token, alpha.auth.user.org_id);
    const invite = await api(`/org/${alpha.auth.user.org_id}/users/invite`, {
      token: member.token,
      body: { email: 'friend@example.test', role_id: member.roleId },
    });
    expect(invite.status).toBe(403);
    expect((await api(`/roles/organization/${alpha.auth.user.org_id}`, { token: member.token })).status).toBe(403);
    // A member may still read their own role, which the web app's scope check needs.
    expect((await api(`/roles/${member.roleId}`, { token: member.token })).status).toBe(200);
  });

  it('invite validates with the spec messages', async () => {
    const { alpha } = await twoOrganisations();
    const path = `/org/${alpha.auth.user.org_id}/users/invite`;
    expect((await api(path, { token: alpha.auth.token, body: { role_id: 'x' } })).body.message).toBe(
      'Email is required',
    );
    expect((await api(path, { token: alpha.auth.token, body: { email: 'a@b.io' } })).body.message).toBe(
      'Role ID is required',
    );
    const taken = await api(path, {
      token: alpha.auth.token,
      body: { email: alpha.email, role_id: alpha.auth.user.role_id },
    });
    expect(taken.body.message).toBe('Email already in use');
  });

  it('change-password refuses another user id, in any organisation', async () => {
    const { alpha, beta } = await twoOrganisations();
    const answer = await api('/auth/change-password', {
      token: alpha.auth.token,
      body: { user_id: beta.auth.user.id, current_password: beta.password, new_password: 'Takeover-pass-1' },
    });
    expect(answer.status).toBe(403);
    expect((await api('/auth/login', { body: { username: beta.username, password: beta.password } })).status).toBe(200);
  });

  it('profile, two-factor and logout act only on the caller', async () => {
    const { alpha, beta } = await twoOrganisations();
    const profile = await api('/user/profile', { token: alpha.auth.token });
    expect(profile.body.user.id).toBe(alpha.auth.user.id);
    await api('/auth/2fa/setup', { token: alpha.auth.token });
    expect((await api('/user/profile', { token: beta.auth.token })).body.user.two_factor_enabled).toBe(false);
    await api('/auth/logout', { method: 'POST', token: alpha.auth.token });
    expect((await api('/user/profile', { token: beta.auth.token })).status).toBe(200);
  });
});
