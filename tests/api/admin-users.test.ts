import { describe, expect, it } from 'vitest';
import { api, strongPassword, uniqueName } from './support/client';
import {
  auditEntries,
  createPerson,
  createRole,
  enableAudit,
  newAdministrator,
  subscribeToBusiness,
} from './support/administration';
import { roleIdByName } from './support/invite';

describe('POST /user (scope user-management)', () => {
  it('creates an active person with the role who signs in at once with the password the admin set', async () => {
    const admin = await newAdministrator();
    const roleId = await roleIdByName(admin.token, admin.orgId, 'Member');
    const username = uniqueName('created');
    const created = await api('/user', {
      token: admin.token,
      body: {
        username,
        email: `${username}@example.test`,
        password: 'Admin-chosen-1',
        org_id: admin.orgId,
        role_id: roleId,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({
      name: username,
      email: `${username}@example.test`,
      role_name: 'Member',
      role_id: roleId,
      status: 'active',
      last_login_at: null,
    });
    expect(JSON.stringify(created.body)).not.toMatch(/password|hash/i);
    const login = await api('/auth/login', { body: { username, password: 'Admin-chosen-1' } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({
      id: created.body.user.id,
      org_id: admin.orgId,
      role: 'member',
      role_id: roleId,
    });
    expect((await api('/auth/login', { body: { username, password: strongPassword } })).status).toBe(401);
  });

  it('refuses a taken username or e-mail with the sign-up texts, in any case', async () => {
    const admin = await newAdministrator();
    const roleId = await roleIdByName(admin.token, admin.orgId, 'Member');
    const create = (username: string, email: string) =>
      api('/user', {
        token: admin.token,
        body: { username, email, password: strongPassword, org_id: admin.orgId, role_id: roleId },
      });
    const takenName = await create(admin.username.toUpperCase(), `${uniqueName()}@example.test`);
    expect(takenName.status).toBe(400);
    expect(takenName.body.message).toBe('Username already exists');
    const takenEmail = await create(uniqueName(), admin.signedUp.email.toUpperCase());
    expect(takenEmail.status).toBe(400);
    expect(takenEmail.body.message).toBe('Email already in use');
  });

  it('validates with the spec texts', async () => {
    const admin = await newAdministrator();
    const roleId = await roleIdByName(admin.token, admin.orgId, 'Member');
    const full = {
      username: uniqueName(),
      email: `${uniqueName()}@example.test`,
      password: strongPassword,
      org_id: admin.orgId,
      role_id: roleId,
    };
    const without = (field: keyof typeof full, value?: string) =>
      api('/user', { token: admin.token, body: { ...full, [field]: value } });
    expect((await without('username')).body.message).toBe('Username is required');
    expect((await without('username', '  ')).body.message).toBe('Username is required');
    expect((await without('email')).body.message).toBe('Email is required');
    expect((await without('email', 'not-an-address')).body.message).toBe('Email is invalid');
    expect((await without('password')).body.message).toBe('Password is required');
    expect((await without('password', 'Short-1')).body.message).toBe('Password must be at least 8 characters');
    expect((await without('org_id')).body.message).toBe('Organization ID is required');
    expect((await without('role_id')).body.message).toBe('Role ID is required');
    expect((await api(`/org/${admin.orgId}/users`, { token: admin.token })).body.total).toBe(1);
  });

  it('answers 403 to a member, for another organisation and for a role only an admin may give', async () => {
    const admin = await newAdministrator();
    const other = await newAdministrator();
    const member = await createPerson(admin);
    const userManager = await createPerson(admin, { name: 'User Manager' });
    const body = (orgId: string, roleId: string) => ({
      username: uniqueName(),
      email: `${uniqueName()}@example.test`,
      password: strongPassword,
      org_id: orgId,
      role_id: roleId,
    });
    const memberRoleId = member.roleId;
    expect((await api('/user', { token: member.token, body: body(admin.orgId, memberRoleId) })).status).toBe(403);
    expect(
      (await api('/user', { token: admin.token, body: body(other.orgId, other.signedUp.auth.user.role_id) })).status,
    ).toBe(403);
    expect(
      (await api('/user', { token: admin.token, body: body(admin.orgId, other.signedUp.auth.user.role_id) })).status,
    ).toBe(404);
    const adminByManager = await api('/user', {
      token: userManager.token,
      body: body(admin.orgId, admin.signedUp.auth.user.role_id),
    });
    expect(adminByManager.status).toBe(403);
    expect(adminByManager.body.message).toBe('Only an administrator can give or take away this role.');
    expect((await api('/user', { token: userManager.token, body: body(admin.orgId, memberRoleId) })).status).toBe(201);
    expect((await api(`/org/${other.orgId}/users`, { token: other.token })).body.total).toBe(1);
  });
});

describe('GET /org/{orgId}/users (scope user-management)', () => {
  it('pages the people, defaults 1 and 20, with their role, status and last sign-in', async () => {
    const admin = await newAdministrator();
    const people = [];
    for (let index = 0; index < 22; index += 1) people.push(await createPerson(admin));
    const first = await api(`/org/${admin.orgId}/users`, { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 23, page: 1, limit: 20 });
    expect(first.body.users).toHaveLength(20);
    expect(first.body.users[0]).toEqual({
      id: admin.userId,
      name: admin.username,
      email: admin.signedUp.email,
      role_name: 'Admin',
      role_id: admin.signedUp.auth.user.role_id,
      status: 'active',
      created_at: expect.any(String),
      last_login_at: null,
    });
    expect(first.body.users[1]).toMatchObject({
      id: people[0]!.userId,
      role_name: 'Member',
      last_login_at: expect.any(String),
    });
    const second = await api(`/org/${admin.orgId}/users?page=2&limit=20`, { token: admin.token });
    expect(second.body.users.map((user: { id: string }) => user.id)).toEqual(
      people.slice(19).map((person) => person.userId),
    );
    const fifty = await api(`/org/${admin.orgId}/users?page=1&limit=50`, { token: admin.token });
    expect(fifty.body.users).toHaveLength(23);
    expect((await api(`/org/${admin.orgId}/users?page=9`, { token: admin.token })).body).toMatchObject({
      users: [],
      total: 23,
      page: 9,
    });
  });

  it('refuses pages and limits out of range with a clear message', async () => {
    const admin = await newAdministrator();
    const page = (query: string) => api(`/org/${admin.orgId}/users?${query}`, { token: admin.token });
    expect((await page('limit=101')).body.message).toBe('Limit must be a whole number from 1 to 100');
    expect((await page('limit=0')).body.message).toBe('Limit must be a whole number from 1 to 100');
    expect((await page('page=0')).body.message).toBe('Page must be a whole number from 1 to 999999');
    expect((await page('page=two')).status).toBe(400);
    expect((await page('limit=100')).status).toBe(200);
  });

  it('answers 403 to a member and for another organisation', async () => {
    const admin = await newAdministrator();
    const other = await newAdministrator();
    const member = await createPerson(admin);
    expect((await api(`/org/${admin.orgId}/users`, { token: member.token })).status).toBe(403);
    expect((await api(`/org/${other.orgId}/users`, { token: admin.token })).status).toBe(403);
  });
});

describe('PUT /org/{orgId}/users/{userId}/role', () => {
  it("changes someone's role, seen by their next request", async () => {
    const admin = await newAdministrator();
    const person = await createPerson(admin);
    const userManagerId = await roleIdByName(admin.token, admin.orgId, 'User Manager');
    expect((await api(`/org/${admin.orgId}/users`, { token: person.token })).status).toBe(403);
    const changed = await api(`/org/${admin.orgId}/users/${person.userId}/role`, {
      method: 'PUT',
      token: admin.token,
      body: { role_id: userManagerId },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user).toMatchObject({ id: person.userId, role_id: userManagerId, role_name: 'User Manager' });
    expect((await api(`/org/${admin.orgId}/users`, { token: person.token })).status).toBe(200);
  });

  it('never leaves the organisation without an active administrator', async () => {
    const admin = await newAdministrator();
    const memberRoleId = await roleIdByName(admin.token, admin.orgId, 'Member');
    const demoteSelf = await api(`/org/${admin.orgId}/users/${admin.userId}/role`, {
      method: 'PUT',
      token: admin.token,
      body: { role_id: memberRoleId },
    });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body.message).toBe(
      'An organization must keep at least one active administrator. Make someone else an administrator first.',
    );
    expect((await api('/user/profile', { token: admin.token })).body.user.role).toBe('admin');
    // With a second administrator, either may step down; then the other is the last one.
    const colleague = await createPerson(admin, { name: 'Admin' });
    expect(
      (
        await api(`/org/${admin.orgId}/users/${admin.userId}/role`, {
          method: 'PUT',
          token: admin.token,
          body: { role_id: memberRoleId },
        })
      ).status,
    ).toBe(200);
    const last = await api(`/org/${admin.orgId}/users/${colleague.userId}/role`, {
      method: 'PUT',
      token: colleague.token,
      body: { role_id: memberRoleId },
    });
    expect(last.status).toBe(409);
    const remove = await api(`/org/${admin.orgId}/users/${colleague.userId}`, {
      method: 'DELETE',
      token: colleague.token,
    });
    expect(remove.status).toBe(409);
  });

  it('validates, and answers 403 to a member and 403 or 404 for another organisation', async () => {
    const admin = await newAdministrator();
    const other = await newAdministrator();
    const member = await createPerson(admin);
    const path = (orgId: string, userId: string) => `/org/${orgId}/users/${userId}/role`;
    expect(
      (await api(path(admin.orgId, member.userId), { method: 'PUT', token: admin.token, body: {} })).body.message,
    ).toBe('Role ID is required');
    expect(
      (await api(path(admin.orgId, 'me'), { method: 'PUT', token: admin.token, body: { role_id: member.roleId } })).body
        .message,
    ).toBe('User ID must be a UUID.');
    expect(
      (
        await api(path(admin.orgId, member.userId), {
          method: 'PUT',
          token: member.token,
          body: { role_id: admin.signedUp.auth.user.role_id },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api(path(other.orgId, other.userId), {
          method: 'PUT',
          token: admin.token,
          body: { role_id: member.roleId },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api(path(admin.orgId, other.userId), {
          method: 'PUT',
          token: admin.token,
          body: { role_id: member.roleId },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api(path(admin.orgId, member.userId), {
          method: 'PUT',
          token: admin.token,
          body: { role_id: other.signedUp.auth.user.role_id },
        })
      ).status,
    ).toBe(404);
    expect((await api('/user/profile', { token: other.token })).body.user.role).toBe('admin');
  });
});

describe('DELETE /org/{orgId}/users/{userId}', () => {
  it('ends every sign-in at once: the access token, the refresh token and signing in again', async () => {
    const admin = await newAdministrator();
    const person = await createPerson(admin);
    const secondLogin = await api('/auth/login', { body: { username: person.username, password: strongPassword } });
    expect((await api('/user/profile', { token: person.token })).status).toBe(200);
    const removed = await api(`/org/${admin.orgId}/users/${person.userId}`, { method: 'DELETE', token: admin.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, message: 'User removed' });
    expect((await api('/user/profile', { token: person.token })).status).toBe(401);
    expect((await api('/user/profile', { token: secondLogin.body.token })).status).toBe(401);
    expect((await api('/auth/refresh', { body: { refresh_token: person.refreshToken } })).status).toBe(401);
    expect((await api('/auth/refresh', { body: { refresh_token: secondLogin.body.refresh_token } })).status).toBe(401);
    const login = await api('/auth/login', { body: { username: person.username, password: strongPassword } });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe('Invalid username or password');
    // Gone from the lists, and from a second removal.
    const listed = (await api(`/org/${admin.orgId}/users`, { token: admin.token })).body;
    expect(listed.total).toBe(1);
    expect(
      (await api(`/org/${admin.orgId}/users/${person.userId}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(404);
    expect(
      (
        await api(`/org/${admin.orgId}/users/${person.userId}/role`, {
          method: 'PUT',
          token: admin.token,
          body: { role_id: person.roleId },
        })
      ).status,
    ).toBe(404);
  });

  it("keeps a removed person's conversations and usage attributed to them", async () => {
    const admin = await newAdministrator();
    const person = await createPerson(admin);
    const sent = await api('/conversation/message', {
      token: person.token,
      body: {
        org_id: admin.orgId,
        user_id: person.userId,
        prompt: 'Keep my history',
        forced_model_id: 'openai/gpt-4o-mini',
        stream: false,
      },
    });
    expect(sent.status).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    const before = await api(`/tokens/usage/${person.userId}/${month}/monthly`, { token: admin.token });
    expect(before.status).toBe(200);
    expect(before.body.total_tokens).toBeGreaterThan(0);
    expect(
      (await api(`/org/${admin.orgId}/users/${person.userId}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(200);
    const after = await api(`/tokens/usage/${person.userId}/${month}/monthly`, { token: admin.token });
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
  });

  it('refuses removing oneself, and the last administrator', async () => {
    const admin = await newAdministrator();
    const self = await api(`/org/${admin.orgId}/users/${admin.userId}`, { method: 'DELETE', token: admin.token });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('You cannot remove yourself from the organization.');
    const colleague = await createPerson(admin, { name: 'Admin' });
    expect(
      (await api(`/org/${admin.orgId}/users/${colleague.userId}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(200);
    expect((await api('/user/profile', { token: admin.token })).status).toBe(200);
  });

  it('answers 403 to a member, to a user manager removing an admin, and 403 or 404 for another organisation', async () => {
    const admin = await newAdministrator();
    const other = await newAdministrator();
    const member = await createPerson(admin);
    const userManager = await createPerson(admin, { name: 'User Manager' });
    expect(
      (await api(`/org/${admin.orgId}/users/${userManager.userId}`, { method: 'DELETE', token: member.token })).status,
    ).toBe(403);
    const adminByManager = await api(`/org/${admin.orgId}/users/${admin.userId}`, {
      method: 'DELETE',
      token: userManager.token,
    });
    expect(adminByManager.status).toBe(403);
    expect(
      (await api(`/org/${other.orgId}/users/${other.userId}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(403);
    expect(
      (await api(`/org/${admin.orgId}/users/${other.userId}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(404);
    expect((await api('/user/profile', { token: other.token })).status).toBe(200);
    expect(
      (await api(`/org/${admin.orgId}/users/${member.userId}`, { method: 'DELETE', token: userManager.token })).status,
    ).toBe(200);
  });

  it('audits creation, role changes and removal with the values before and after, no secrets', async () => {
    const admin = await newAdministrator();
    await enableAudit(admin);
    const person = await createPerson(admin);
    const userManagerId = await roleIdByName(admin.token, admin.orgId, 'User Manager');
    await api(`/org/${admin.orgId}/users/${person.userId}/role`, {
      method: 'PUT',
      token: admin.token,
      body: { role_id: userManagerId },
    });
    await api('/roles/assign', {
      token: admin.token,
      body: { user_id: person.userId, role_id: person.roleId, org_id: admin.orgId },
    });
    await api(`/org/${admin.orgId}/users/${person.userId}`, { method: 'DELETE', token: admin.token });
    const entries = (await auditEntries(admin)).filter((entry) => entry.target_type === 'user');
    expect(entries.map((entry) => entry.action)).toEqual([
      'user.remove',
      'role.assign',
      'user.role_change',
      'user.create',
    ]);
    const [removal, assignment, change, creation] = entries;
    expect(creation).toMatchObject({
      target_id: person.userId,
      actor_user_id: admin.userId,
      actor_username: admin.username,
      before: null,
    });
    expect(creation!.after).toEqual({
      username: person.username,
      email: person.email,
      role_id: person.roleId,
      role_name: 'Member',
      status: 'active',
    });
    expect(change!.before).toMatchObject({ role_name: 'Member' });
    expect(change!.after).toMatchObject({ role_id: userManagerId, role_name: 'User Manager' });
    expect(assignment!.after).toMatchObject({ role_name: 'Member' });
    expect(removal!.before.status).toBe('active');
    expect(removal!.after.status).toBe('disabled');
    expect(JSON.stringify(entries)).not.toMatch(/password|hash|argon|Correct-Horse/i);
  });

  it('names the roles of a role change as they were then: renaming a role later does not rewrite the log', async () => {
    const admin = await newAdministrator();
    // Reading the audit log is the Business plan's (docs/decisions/041).
    await subscribeToBusiness(admin);
    const analystId = await createRole(admin, { name: 'Analyst', description: 'Reads reports' });
    const person = await createPerson(admin);
    await api('/roles/assign', {
      token: admin.token,
      body: { user_id: person.userId, role_id: analystId, org_id: admin.orgId },
    });
    const memberId = person.roleId;
    await api(`/org/${admin.orgId}/users/${person.userId}/role`, {
      method: 'PUT',
      token: admin.token,
      body: { role_id: memberId },
    });
    await api(`/roles/${analystId}`, { method: 'PUT', token: admin.token, body: { name: 'Data Analyst' } });
    await api(`/roles/${memberId}`, { method: 'PUT', token: admin.token, body: { name: 'Staff' } });
    const entries = await auditEntries(admin);
    const assignment = entries.find((entry) => entry.action === 'role.assign')!;
    const change = entries.find((entry) => entry.action === 'user.role_change')!;
    expect([assignment.before.role_name, assignment.after.role_name]).toEqual(['Member', 'Analyst']);
    expect([change.before.role_name, change.after.role_name]).toEqual(['Analyst', 'Member']);
  });

  it('names the role that removed holders of a deleted role move to', async () => {
    const admin = await newAdministrator();
    // Reading the audit log is the Business plan's (docs/decisions/041).
    await subscribeToBusiness(admin);
    const analystId = await createRole(admin, { name: 'Analyst', description: 'Reads reports' });
    const person = await createPerson(admin, { id: analystId });
    await api(`/org/${admin.orgId}/users/${person.userId}`, { method: 'DELETE', token: admin.token });
    expect((await api(`/roles/${analystId}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    const deletion = (await auditEntries(admin)).find((entry) => entry.action === 'role.delete')!;
    expect(deletion.before.name).toBe('Analyst');
    expect(deletion.after).toMatchObject({ removed_users_moved_to_role_name: 'Member', removed_users_moved: 1 });
  });
});
