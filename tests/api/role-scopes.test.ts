import { describe, expect, it } from 'vitest';
import { api, strongPassword } from './support/client';
import { auditEntries, createPerson, createRole, enableAudit, newAdministrator } from './support/administration';
import { roleIdByName } from './support/invite';

const everyScope = ['admin', 'user-management', 'model-management', 'billing'];

const roleOf = async (token: string, roleId: string) => {
  const answer = await api(`/roles/${roleId}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

describe('scopes stored with the role (issue 22, docs/decisions/059)', () => {
  it('seeds the five roles with the scopes their names gave them, listed with every role', async () => {
    const admin = await newAdministrator();
    const listed = await api(`/roles/organization/${admin.orgId}`, { token: admin.token });
    expect(listed.status).toBe(200);
    const byName = Object.fromEntries(
      listed.body.roles.map((role: { name: string; scopes: string[]; unlimited: boolean }) => [
        role.name,
        { scopes: role.scopes, unlimited: role.unlimited },
      ]),
    );
    expect(byName).toEqual({
      Admin: { scopes: everyScope, unlimited: true },
      Member: { scopes: [], unlimited: false },
      'User Manager': { scopes: ['user-management'], unlimited: false },
      'Model Manager': { scopes: ['model-management'], unlimited: false },
      'Billing Manager': { scopes: ['billing'], unlimited: false },
    });
  });

  it("gives a role renamed to 'Admin' nothing: no admin area, no unlimited use", async () => {
    const admin = await newAdministrator();
    // The seeded Admin role takes another name first, so 'Admin' is free.
    const adminRoleId = admin.signedUp.auth.user.role_id;
    const renamedAdmin = await api(`/roles/${adminRoleId}`, {
      method: 'PUT',
      token: admin.token,
      body: { name: 'Owners' },
    });
    expect(renamedAdmin.status, JSON.stringify(renamedAdmin.body)).toBe(200);
    expect(renamedAdmin.body.scopes).toEqual(everyScope);
    // The administrator, now holding 'Owners', keeps every scope.
    expect((await api(`/org/${admin.orgId}/users`, { token: admin.token })).status).toBe(200);

    const memberRoleId = await roleIdByName(admin.token, admin.orgId, 'Member');
    const person = await createPerson(admin, { id: memberRoleId });
    const renamed = await api(`/roles/${memberRoleId}`, { method: 'PUT', token: admin.token, body: { name: 'Admin' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Admin', scopes: [], unlimited: false });
    expect(renamed.body.permissions.every((permission: { cost_limit: number }) => permission.cost_limit === 50)).toBe(
      true,
    );
    for (const path of [
      `/org/${admin.orgId}/users`,
      `/wallet/${admin.orgId}/balance`,
      `/org/${admin.orgId}/settings`,
      `/roles/organization/${admin.orgId}`,
    ])
      expect((await api(path, { token: person.token })).status, path).toBe(403);
    const super_ = await api(`/roles/${memberRoleId}`, {
      method: 'PUT',
      token: admin.token,
      body: { name: 'Super Admin' },
    });
    expect(super_.body).toMatchObject({ scopes: [], unlimited: false });
    expect((await api(`/org/${admin.orgId}/users`, { token: person.token })).status).toBe(403);
  });

  it("sends the stored scopes with the profile, whatever the role's name, and a change from the next request", async () => {
    const admin = await newAdministrator();
    expect(admin.signedUp.auth.user.scopes).toEqual(everyScope);
    const ownersRoleId = admin.signedUp.auth.user.role_id;
    await api(`/roles/${ownersRoleId}`, { method: 'PUT', token: admin.token, body: { name: 'Owners' } });
    const owner = await api('/user/profile', { token: admin.token });
    expect(owner.body.user).toMatchObject({ role: 'owners', scopes: everyScope });

    const memberRoleId = await roleIdByName(admin.token, admin.orgId, 'Member');
    await api(`/roles/${memberRoleId}`, { method: 'PUT', token: admin.token, body: { name: 'Admin' } });
    const person = await createPerson(admin, { id: memberRoleId });
    const signedIn = await api('/auth/login', { body: { username: person.username, password: strongPassword } });
    expect(signedIn.body.user).toMatchObject({ role: 'admin', scopes: [] });

    const granted = await api(`/roles/${memberRoleId}`, {
      method: 'PUT',
      token: admin.token,
      body: { scopes: ['billing', 'user-management'] },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    // In the spec's order, the way every role answer lists them.
    expect((await api('/user/profile', { token: person.token })).body.user.scopes).toEqual([
      'user-management',
      'billing',
    ]);
  });

  it("lets a 'Finance' role with the billing scope reach billing, and nothing else", async () => {
    const admin = await newAdministrator();
    const financeRoleId = await createRole(admin, { name: 'Finance', scopes: ['billing'] });
    const finance = await roleOf(admin.token, financeRoleId);
    expect(finance).toMatchObject({ name: 'Finance', scopes: ['billing'], unlimited: false });
    const person = await createPerson(admin, { id: financeRoleId });
    expect((await api(`/wallet/${admin.orgId}/balance`, { token: person.token })).status).toBe(200);
    expect((await api(`/subscription/plan/${admin.orgId}`, { token: person.token })).status).toBe(200);
    expect((await api(`/org/${admin.orgId}/users`, { token: person.token })).status).toBe(403);
    // Taking the scope away holds from the next request.
    const taken = await api(`/roles/${financeRoleId}`, { method: 'PUT', token: admin.token, body: { scopes: [] } });
    expect(taken.status).toBe(200);
    expect((await api(`/wallet/${admin.orgId}/balance`, { token: person.token })).status).toBe(403);
  });

  it('makes an unlimited role unlimited whatever its name, and an administrator role unlimited always', async () => {
    const admin = await newAdministrator();
    const unlimitedRoleId = await createRole(admin, { name: 'Researchers', unlimited: true });
    const unlimitedRole = await roleOf(admin.token, unlimitedRoleId);
    expect(unlimitedRole.unlimited).toBe(true);
    expect(unlimitedRole.permissions.length).toBeGreaterThan(0);
    for (const permission of unlimitedRole.permissions)
      expect(permission.monthly_token_limit).toBe(Number.MAX_SAFE_INTEGER);
    const named = await roleOf(admin.token, await createRole(admin, { name: 'Team Admins' }));
    expect(named).toMatchObject({ scopes: [], unlimited: false });
    expect(named.permissions[0].monthly_token_limit).toBe(100_000);
    const owners = await roleOf(admin.token, await createRole(admin, { name: 'Owners', scopes: ['admin'] }));
    expect(owners).toMatchObject({ scopes: everyScope, unlimited: true });
  });

  it('refuses an unknown scope with 400 naming the choices, changing nothing', async () => {
    const admin = await newAdministrator();
    const refused = await api('/roles', {
      token: admin.token,
      body: { name: 'Finance', org_id: admin.orgId, scopes: ['finance'] },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(
      "Unknown scope: choose from 'admin', 'user-management', 'model-management', 'billing'",
    );
    const roleId = await createRole(admin, { name: 'Finance', scopes: ['billing'] });
    const badUpdate = await api(`/roles/${roleId}`, {
      method: 'PUT',
      token: admin.token,
      body: { scopes: ['billing', 'everything'], unlimited: 'yes' },
    });
    expect(badUpdate.status).toBe(400);
    expect(await roleOf(admin.token, roleId)).toMatchObject({ scopes: ['billing'], unlimited: false });
  });

  it('keeps the seeded Admin role an administrator and the last administrator in place', async () => {
    const admin = await newAdministrator();
    const adminRoleId = admin.signedUp.auth.user.role_id;
    const refused = await api(`/roles/${adminRoleId}`, {
      method: 'PUT',
      token: admin.token,
      body: { scopes: ['billing'] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'The Admin role must keep the admin scope: it is what gives administrators their access.',
    );
    const ownersId = await createRole(admin, { name: 'Owners', scopes: ['admin'] });
    const colleague = await createPerson(admin, { id: ownersId });
    expect((await api(`/org/${admin.orgId}/users`, { token: colleague.token })).status).toBe(200);
    const demoted = await api(`/roles/${ownersId}`, { method: 'PUT', token: admin.token, body: { scopes: [] } });
    expect(demoted.status).toBe(200);
    expect((await api(`/org/${admin.orgId}/users`, { token: colleague.token })).status).toBe(403);
  });

  it('lets only administrators set scopes: a user manager cannot grant admin or billing they lack', async () => {
    const admin = await newAdministrator();
    const userManager = await createPerson(admin, { name: 'User Manager' });
    const person = await createPerson(admin);
    const financeRoleId = await createRole(admin, { name: 'Finance', scopes: ['billing'] });
    const plainRoleId = await createRole(admin, { name: 'Readers' });
    const createRefused = await api('/roles', {
      token: userManager.token,
      body: { name: 'Mine', org_id: admin.orgId, scopes: ['admin'] },
    });
    expect(createRefused.status).toBe(403);
    for (const scopes of [['admin'], ['billing'], ['user-management']]) {
      const refused = await api(`/roles/${plainRoleId}`, { method: 'PUT', token: userManager.token, body: { scopes } });
      expect(refused.status).toBe(403);
    }
    expect(await roleOf(admin.token, plainRoleId)).toMatchObject({ scopes: [], unlimited: false });
    const assign = (roleId: string) =>
      api('/roles/assign', {
        token: userManager.token,
        body: { user_id: person.userId, role_id: roleId, org_id: admin.orgId },
      });
    for (const roleId of [financeRoleId, admin.signedUp.auth.user.role_id]) {
      const refused = await assign(roleId);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Only an administrator can give or take away this role.');
    }
    expect((await assign(plainRoleId)).status).toBe(200);
    // A role that grants only what the user manager holds, they may give.
    const helpersId = await createRole(admin, { name: 'Helpers', scopes: ['user-management'] });
    expect((await assign(helpersId)).status).toBe(200);
    // Once the user manager's own role also grants billing, Finance is theirs to give.
    const userManagerRoleId = await roleIdByName(admin.token, admin.orgId, 'User Manager');
    await api(`/roles/${userManagerRoleId}`, {
      method: 'PUT',
      token: admin.token,
      body: { scopes: ['user-management', 'billing'] },
    });
    expect((await assign(financeRoleId)).status).toBe(200);
  });

  it("answers 404 for another organisation's role and 403 for its list", async () => {
    const admin = await newAdministrator();
    const other = await newAdministrator();
    const theirs = await createRole(other, { name: 'Finance', scopes: ['billing'] });
    const update = await api(`/roles/${theirs}`, { method: 'PUT', token: admin.token, body: { scopes: ['admin'] } });
    expect(update.status).toBe(404);
    expect((await api(`/roles/${theirs}`, { token: admin.token })).status).toBe(404);
    expect((await api(`/roles/organization/${other.orgId}`, { token: admin.token })).status).toBe(403);
    expect(await roleOf(other.token, theirs)).toMatchObject({ scopes: ['billing'], unlimited: false });
  });

  it('audits a change of scopes with the role as it was and became', async () => {
    const admin = await newAdministrator();
    await enableAudit(admin);
    const roleId = await createRole(admin, { name: 'Finance' });
    await api(`/roles/${roleId}`, {
      method: 'PUT',
      token: admin.token,
      body: { scopes: ['billing'], unlimited: true },
    });
    const entry = (await auditEntries(admin)).find(
      (candidate) => candidate.action === 'role.update' && candidate.target_id === roleId,
    );
    expect(entry?.before).toMatchObject({ name: 'Finance', scopes: [], unlimited: false });
    expect(entry?.after).toMatchObject({ name: 'Finance', scopes: ['billing'], unlimited: true });
  });
});
