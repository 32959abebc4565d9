import { describe, expect, it } from 'vitest';
import { embeddingModelCatalog, modelCatalog } from '../../src/gateway';
import { api } from './support/client';
import { auditEntries, createPerson, createRole, enableAudit, newAdministrator } from './support/administration';
import { roleIdByName } from './support/invite';

const unlimited = Number.MAX_SAFE_INTEGER;
const catalogIds = modelCatalog.map((model) => model.id).sort();
// Administrators use every model, the embedding models too (docs/decisions/060).
const everyModelId = [...modelCatalog, ...embeddingModelCatalog].map((model) => model.id).sort();

describe('roles: create, change, delete (scope admin)', () => {
  it('creates a role with the permissions sent, omitted limits at 2000 / 100000 / 50', async () => {
    const admin = await newAdministrator();
    const answer = await api('/roles', {
      token: admin.token,
      body: {
        name: 'Analysts',
        org_id: admin.orgId,
        description: 'Numbers people',
        permissions: [
          {
            model_id: 'openai/gpt-4o-mini',
            isEnabled: true,
            max_tokens_per_request: 800,
            monthly_token_limit: 5000,
            cost_limit: 1.25,
          },
          { model_id: 'anthropic/claude-3-5-haiku-latest' },
        ],
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      name: 'Analysts',
      description: 'Numbers people',
      org_id: admin.orgId,
      role_id: answer.body.id,
    });
    expect(answer.body.permissions).toEqual([
      {
        model_id: 'anthropic/claude-3-5-haiku-latest',
        isEnabled: true,
        max_tokens_per_request: 2000,
        monthly_token_limit: 100000,
        cost_limit: 50,
      },
      {
        model_id: 'openai/gpt-4o-mini',
        isEnabled: true,
        max_tokens_per_request: 800,
        monthly_token_limit: 5000,
        cost_limit: 1.25,
      },
    ]);
    expect((await api(`/roles/${answer.body.id}`, { token: admin.token })).body).toEqual(answer.body);
    const listed = (await api(`/roles/organization/${admin.orgId}`, { token: admin.token })).body.roles;
    expect(listed.find((role: { id: string }) => role.id === answer.body.id)).toEqual({
      ...answer.body,
      user_count: 0,
    });
  });

  it('gives a new role without permissions every catalog model, enabled, at the new-role defaults', async () => {
    const admin = await newAdministrator();
    const answer = await api('/roles', { token: admin.token, body: { name: 'Everyone', org_id: admin.orgId } });
    expect(answer.status).toBe(201);
    expect(answer.body.permissions.map((permission: { model_id: string }) => permission.model_id)).toEqual(catalogIds);
    expect(
      new Set(
        answer.body.permissions.map((permission: object) => JSON.stringify({ ...permission, model_id: undefined })),
      ),
    ).toEqual(
      new Set([
        JSON.stringify({ isEnabled: true, max_tokens_per_request: 2000, monthly_token_limit: 100000, cost_limit: 50 }),
      ]),
    );
  });

  it('makes every limit of an unlimited role the largest safe integer (docs/decisions/059)', async () => {
    const admin = await newAdministrator();
    const roleId = await createRole(admin, {
      name: 'Sales',
      unlimited: true,
      permissions: [
        { model_id: 'openai/gpt-4o-mini', monthly_token_limit: 10 },
        { model_id: 'openai/gpt-4o', isEnabled: false },
      ],
    });
    const role = (await api(`/roles/${roleId}`, { token: admin.token })).body;
    expect(role.permissions).toEqual([
      {
        model_id: 'openai/gpt-4o',
        isEnabled: false,
        max_tokens_per_request: unlimited,
        monthly_token_limit: unlimited,
        cost_limit: unlimited,
      },
      {
        model_id: 'openai/gpt-4o-mini',
        isEnabled: true,
        max_tokens_per_request: unlimited,
        monthly_token_limit: unlimited,
        cost_limit: unlimited,
      },
    ]);
    // Made limited without new limits, it goes back to the defaults rather than stay unlimited.
    const renamed = await api(`/roles/${roleId}`, { method: 'PUT', token: admin.token, body: { unlimited: false } });
    expect(renamed.body.permissions[1]).toEqual({
      model_id: 'openai/gpt-4o-mini',
      isEnabled: true,
      max_tokens_per_request: 2000,
      monthly_token_limit: 100000,
      cost_limit: 50,
    });
    // The seeded Admin role reports every catalog and embedding model, unlimited.
    const adminRole = (
      await api(`/roles/${await roleIdByName(admin.token, admin.orgId, 'Admin')}`, { token: admin.token })
    ).body;
    expect(adminRole.permissions.map((permission: { model_id: string }) => permission.model_id)).toEqual(everyModelId);
    expect(
      adminRole.permissions.every(
        (permission: { isEnabled: boolean; cost_limit: number; monthly_token_limit: number }) =>
          permission.isEnabled && permission.cost_limit === unlimited && permission.monthly_token_limit === unlimited,
      ),
    ).toBe(true);
  });

  it('changes the remaining fields, and permissions sent replace the list', async () => {
    const admin = await newAdministrator();
    const roleId = await createRole(admin, {
      name: 'Writers',
      description: 'Old',
      permissions: [{ model_id: 'openai/gpt-4o-mini' }, { model_id: 'openai/gpt-4o' }],
    });
    const described = await api(`/roles/${roleId}`, {
      method: 'PUT',
      token: admin.token,
      body: { description: 'New words' },
    });
    expect(described.status).toBe(200);
    expect(described.body).toMatchObject({ name: 'Writers', description: 'New words' });
    expect(described.body.permissions).toHaveLength(2);
    const narrowed = await api(`/roles/${roleId}`, {
      method: 'PUT',
      token: admin.token,
      body: {
        name: 'Editors',
        permissions: [
          {
            model_id: 'openai/gpt-4o',
            isEnabled: true,
            max_tokens_per_request: 10,
            monthly_token_limit: 20,
            cost_limit: 0,
          },
        ],
      },
    });
    expect(narrowed.body).toMatchObject({ name: 'Editors', description: 'New words' });
    expect(narrowed.body.permissions).toEqual([
      {
        model_id: 'openai/gpt-4o',
        isEnabled: true,
        max_tokens_per_request: 10,
        monthly_token_limit: 20,
        cost_limit: 0,
      },
    ]);
  });

  it('refuses names taken in any case, with a clear message, in its own organisation only', async () => {
    const admin = await newAdministrator();
    const other = await newAdministrator();
    await createRole(admin, { name: 'Reviewers' });
    const again = await api('/roles', { token: admin.token, body: { name: 'reviewers', org_id: admin.orgId } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("A role named 'reviewers' already exists in this organization.");
    const memberName = await api('/roles', { token: admin.token, body: { name: 'MEMBER', org_id: admin.orgId } });
    expect(memberName.status).toBe(409);
    const renamed = await api(`/roles/${await createRole(admin, { name: 'Spare' })}`, {
      method: 'PUT',
      token: admin.token,
      body: { name: 'REVIEWERS' },
    });
    expect(renamed.status).toBe(409);
    // Another organisation may use the name.
    expect((await api('/roles', { token: other.token, body: { name: 'Reviewers', org_id: other.orgId } })).status).toBe(
      201,
    );
  });

  it('validates with the spec texts and names unknown models', async () => {
    const admin = await newAdministrator();
    const create = (body: Record<string, unknown>) => api('/roles', { token: admin.token, body });
    expect((await create({ org_id: admin.orgId })).body.message).toBe('Role name is required');
    expect((await create({ name: '   ', org_id: admin.orgId })).body.message).toBe('Role name is required');
    expect((await create({ name: 'X' })).body.message).toBe('Organization ID is required');
    const unknown = await create({ name: 'X', org_id: admin.orgId, permissions: [{ model_id: 'openai/gpt-2' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      "Unknown model 'openai/gpt-2'. Use a model ID from the catalog, such as openai/gpt-4o-mini.",
    );
    const bad = (permission: Record<string, unknown>) =>
      create({ name: 'X', org_id: admin.orgId, permissions: [{ model_id: 'openai/gpt-4o', ...permission }] });
    expect((await bad({ max_tokens_per_request: 0 })).body.message).toBe('Max tokens per request must be at least 1');
    expect((await bad({ monthly_token_limit: 0 })).body.message).toBe('Monthly token limit must be at least 1');
    expect((await bad({ monthly_token_limit: 1.5 })).body.message).toBe('Monthly token limit must be a whole number');
    expect((await bad({ cost_limit: -0.01 })).body.message).toBe('Cost limit must be at least 0');
    expect((await bad({ cost_limit: 1.234 })).body.message).toBe('Cost limit must have at most 2 decimal places');
    const twice = await create({
      name: 'X',
      org_id: admin.orgId,
      permissions: [{ model_id: 'openai/gpt-4o' }, { model_id: 'openai/gpt-4o' }],
    });
    expect(twice.body.message).toBe("Model 'openai/gpt-4o' is listed more than once");
    const roleId = await roleIdByName(admin.token, admin.orgId, 'Member');
    expect(
      (await api(`/roles/${roleId}`, { method: 'PUT', token: admin.token, body: { name: '' } })).body.message,
    ).toBe('Role name is required');
    expect((await api('/roles/not-a-uuid', { method: 'DELETE', token: admin.token })).body.message).toBe(
      'Role ID must be a UUID.',
    );
    // Nothing was made by any refused request.
    expect((await api(`/roles/organization/${admin.orgId}`, { token: admin.token })).body.roles).toHaveLength(5);
  });

  it('counts the people holding each role in the list, removed ones left out', async () => {
    const admin = await newAdministrator();
    const roleId = await createRole(admin, { name: 'Counted' });
    await createPerson(admin, { id: roleId });
    const leaving = await createPerson(admin, { id: roleId });
    await createPerson(admin);
    const counts = async () =>
      Object.fromEntries(
        (
          (await api(`/roles/organization/${admin.orgId}`, { token: admin.token })).body.roles as {
            name: string;
            user_count: number;
          }[]
        ).map((role) => [role.name, role.user_count]),
      );
    expect(await counts()).toMatchObject({ Counted: 2, Member: 1, Admin: 1, 'User Manager': 0 });
    expect(
      (await api(`/org/${admin.orgId}/users/${leaving.userId}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(200);
    expect(await counts()).toMatchObject({ Counted: 1, Member: 1, Admin: 1 });
  });

  it('refuses to delete a role people hold, naming how many, and deletes it once nobody does', async () => {
    const admin = await newAdministrator();
    const roleId = await createRole(admin, { name: 'Temporary' });
    const first = await createPerson(admin, { id: roleId });
    const second = await createPerson(admin, { id: roleId });
    const refused = await api(`/roles/${roleId}`, { method: 'DELETE', token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This role is held by 2 users. Give each of them another role before deleting it.',
    );
    const memberRoleId = await roleIdByName(admin.token, admin.orgId, 'Member');
    expect(
      (
        await api(`/org/${admin.orgId}/users/${first.userId}/role`, {
          method: 'PUT',
          token: admin.token,
          body: { role_id: memberRoleId },
        })
      ).status,
    ).toBe(200);
    expect((await api(`/roles/${roleId}`, { method: 'DELETE', token: admin.token })).body.message).toBe(
      'This role is held by 1 user. Give them another role before deleting it.',
    );
    // Someone removed keeps the role only for the record: it no longer stands in the way.
    expect(
      (await api(`/org/${admin.orgId}/users/${second.userId}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(200);
    const deleted = await api(`/roles/${roleId}`, { method: 'DELETE', token: admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Role deleted' });
    expect((await api(`/roles/${roleId}`, { token: admin.token })).status).toBe(404);
    expect((await api(`/roles/${roleId}`, { method: 'DELETE', token: admin.token })).status).toBe(404);
  });

  it('keeps the seeded Admin role: not deletable, kept an administrator whatever its name', async () => {
    const admin = await newAdministrator();
    const adminRoleId = admin.signedUp.auth.user.role_id;
    const deleted = await api(`/roles/${adminRoleId}`, { method: 'DELETE', token: admin.token });
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe(
      'The Admin role cannot be deleted: it is what gives administrators their access.',
    );
    // A name gives nothing and takes nothing (docs/decisions/059): renamed, it is still the administrators' role.
    const renamed = await api(`/roles/${adminRoleId}`, {
      method: 'PUT',
      token: admin.token,
      body: { name: 'Administrators', description: 'Runs the place' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.scopes).toEqual(['admin', 'user-management', 'model-management', 'billing']);
    expect((await api('/user/profile', { token: admin.token })).body.user.role).toBe('administrators');
    expect((await api(`/org/${admin.orgId}/users`, { token: admin.token })).status).toBe(200);
    const demoted = await api(`/roles/${adminRoleId}`, { method: 'PUT', token: admin.token, body: { scopes: [] } });
    expect(demoted.status).toBe(409);
    expect(demoted.body.message).toBe(
      'The Admin role must keep the admin scope: it is what gives administrators their access.',
    );
    // A second administrator role may lose the admin scope.
    const otherAdminRoleId = await createRole(admin, { name: 'Admin Two', scopes: ['admin'] });
    const colleague = await createPerson(admin, { id: otherAdminRoleId });
    expect((await api(`/org/${admin.orgId}/users`, { token: colleague.token })).status).toBe(200);
    expect(
      (await api(`/roles/${otherAdminRoleId}`, { method: 'PUT', token: admin.token, body: { scopes: [] } })).status,
    ).toBe(200);
    expect((await api(`/org/${admin.orgId}/users`, { token: colleague.token })).status).toBe(403);
  });

  it('answers 403 to a member and to a user manager, and 403 or 404 for another organisation', async () => {
    const admin = await newAdministrator();
    const other = await newAdministrator();
    const member = await createPerson(admin);
    const userManager = await createPerson(admin, { name: 'User Manager' });
    const roleId = await createRole(admin, { name: 'Target' });
    const otherRoleId = await createRole(other, { name: 'Theirs' });
    for (const caller of [member, userManager]) {
      expect((await api('/roles', { token: caller.token, body: { name: 'Mine', org_id: admin.orgId } })).status).toBe(
        403,
      );
      expect(
        (await api(`/roles/${roleId}`, { method: 'PUT', token: caller.token, body: { name: 'Hijacked' } })).status,
      ).toBe(403);
      expect((await api(`/roles/${roleId}`, { method: 'DELETE', token: caller.token })).status).toBe(403);
    }
    expect((await api(`/roles/${roleId}`, { token: member.token })).status).toBe(403);
    expect((await api(`/roles/${member.roleId}`, { token: member.token })).status).toBe(200);
    expect((await api(`/roles/${roleId}`, { token: userManager.token })).status).toBe(200);
    // Another organisation's role is not found; naming another organisation is forbidden.
    expect((await api(`/roles/${otherRoleId}`, { token: admin.token })).status).toBe(404);
    expect(
      (await api(`/roles/${otherRoleId}`, { method: 'PUT', token: admin.token, body: { name: 'Hijacked' } })).status,
    ).toBe(404);
    expect((await api(`/roles/${otherRoleId}`, { method: 'DELETE', token: admin.token })).status).toBe(404);
    expect((await api('/roles', { token: admin.token, body: { name: 'Planted', org_id: other.orgId } })).status).toBe(
      403,
    );
    expect(
      (
        await api(`/roles/${roleId}`, {
          method: 'PUT',
          token: admin.token,
          body: { org_id: other.orgId, name: 'Moved' },
        })
      ).status,
    ).toBe(403);
    expect((await api(`/roles/${otherRoleId}`, { token: other.token })).body.name).toBe('Theirs');
    expect(
      (await api(`/roles/organization/${other.orgId}`, { token: other.token })).body.roles.some(
        (role: { name: string }) => role.name === 'Planted',
      ),
    ).toBe(false);
  });

  it('records each change with who, what, when and the values before and after', async () => {
    const admin = await newAdministrator();
    await enableAudit(admin);
    const roleId = await createRole(admin, {
      name: 'Audited',
      permissions: [{ model_id: 'openai/gpt-4o-mini', monthly_token_limit: 100 }],
    });
    await api(`/roles/${roleId}`, {
      method: 'PUT',
      token: admin.token,
      body: { permissions: [{ model_id: 'openai/gpt-4o-mini', monthly_token_limit: 50 }] },
    });
    await api(`/roles/${roleId}`, { method: 'DELETE', token: admin.token });
    const [deleted, updated, created] = await auditEntries(admin);
    expect(created).toMatchObject({
      action: 'role.create',
      target_type: 'role',
      target_id: roleId,
      actor_user_id: admin.userId,
      actor_username: admin.username,
      before: null,
    });
    expect(created!.after).toMatchObject({
      name: 'Audited',
      permissions: [{ model_id: 'openai/gpt-4o-mini', monthly_token_limit: 100 }],
    });
    expect(updated).toMatchObject({ action: 'role.update', target_id: roleId });
    expect(updated!.before.permissions[0].monthly_token_limit).toBe(100);
    expect(updated!.after.permissions[0].monthly_token_limit).toBe(50);
    expect(deleted).toMatchObject({ action: 'role.delete', target_id: roleId, after: null });
    expect(deleted!.before.name).toBe('Audited');
    expect(Date.parse(deleted!.created_at)).toBeGreaterThanOrEqual(Date.parse(created!.created_at));
  });
});

describe('who holds which role, assignments and model usage (scope user-management)', () => {
  it('lists each person with their role, and assigns roles', async () => {
    const admin = await newAdministrator();
    const person = await createPerson(admin);
    const list = await api(`/roles/users/${admin.orgId}`, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.user_roles).toEqual([
      {
        user_id: admin.userId,
        role_id: admin.signedUp.auth.user.role_id,
        org_id: admin.orgId,
        role_name: 'Admin',
        username: admin.username,
      },
      {
        user_id: person.userId,
        role_id: person.roleId,
        org_id: admin.orgId,
        role_name: 'Member',
        username: person.username,
      },
    ]);
    const modelManagerId = await roleIdByName(admin.token, admin.orgId, 'Model Manager');
    const assigned = await api('/roles/assign', {
      token: admin.token,
      body: { user_id: person.userId, role_id: modelManagerId, org_id: admin.orgId },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toEqual({
      user_id: person.userId,
      role_id: modelManagerId,
      org_id: admin.orgId,
      role_name: 'Model Manager',
      username: person.username,
    });
    expect((await api('/user/profile', { token: person.token })).body.user.role_id).toBe(modelManagerId);
  });

  it('validates assignments with the spec texts', async () => {
    const admin = await newAdministrator();
    const assign = (body: Record<string, unknown>) => api('/roles/assign', { token: admin.token, body });
    const roleId = admin.signedUp.auth.user.role_id;
    expect((await assign({ role_id: roleId, org_id: admin.orgId })).body.message).toBe('User ID is required');
    expect((await assign({ user_id: admin.userId, org_id: admin.orgId })).body.message).toBe('Role ID is required');
    expect((await assign({ user_id: admin.userId, role_id: roleId })).body.message).toBe('Organization ID is required');
  });

  it("lets a user manager give ordinary roles but not administration or unlimited ones, nor change an admin's", async () => {
    const admin = await newAdministrator();
    const userManager = await createPerson(admin, { name: 'User Manager' });
    const person = await createPerson(admin);
    const assign = (userId: string, roleName: string) =>
      roleIdByName(admin.token, admin.orgId, roleName).then((roleId) =>
        api('/roles/assign', {
          token: userManager.token,
          body: { user_id: userId, role_id: roleId, org_id: admin.orgId },
        }),
      );
    await createRole(admin, { name: 'Team Admins', unlimited: true });
    expect((await assign(person.userId, 'User Manager')).status).toBe(200);
    for (const roleName of ['Admin', 'Model Manager', 'Billing Manager', 'Team Admins']) {
      const refused = await assign(userManager.userId, roleName);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Only an administrator can give or take away this role.');
    }
    expect((await assign(admin.userId, 'Member')).status).toBe(403);
    expect((await api('/user/profile', { token: userManager.token })).body.user.role).toBe('user manager');
  });

  it("reports each person's tokens, cost and requests per model this month", async () => {
    const admin = await newAdministrator();
    const person = await createPerson(admin);
    const message = (token: string, userId: string, model: string) =>
      api('/conversation/message', {
        token,
        body: { org_id: admin.orgId, user_id: userId, prompt: 'Count me in', forced_model_id: model, stream: false },
      });
    expect((await message(person.token, person.userId, 'openai/gpt-4o-mini')).status).toBe(200);
    expect((await message(person.token, person.userId, 'openai/gpt-4o-mini')).status).toBe(200);
    expect((await message(admin.token, admin.userId, 'openai/gpt-4o')).status).toBe(200);
    const answer = await api(`/roles/usage/${admin.orgId}`, { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.month).toBe(new Date().toISOString().slice(0, 7));
    const personUsage = answer.body.users.find((user: { user_id: string }) => user.user_id === person.userId);
    expect(personUsage).toMatchObject({ username: person.username, email: person.email, role_name: 'Member' });
    expect(personUsage.monthly_usage).toHaveLength(1);
    const [model] = personUsage.monthly_usage;
    expect(model).toMatchObject({ model_id: 'openai/gpt-4o-mini', requests: 2 });
    expect(model.tokens_used).toBeGreaterThan(0);
    expect(model.cost).toBeGreaterThan(0);
    expect(personUsage.total_tokens).toBe(model.tokens_used);
    expect(personUsage.total_cost).toBe(model.cost);
    const adminUsage = answer.body.users.find((user: { user_id: string }) => user.user_id === admin.userId);
    expect(adminUsage.monthly_usage.map((usage: { model_id: string }) => usage.model_id)).toEqual(['openai/gpt-4o']);
    const one = await api(`/roles/usage/${admin.orgId}?user_id=${person.userId}`, { token: admin.token });
    expect(one.body.users).toEqual([personUsage]);
  });

  it('answers 403 to a member and for another organisation', async () => {
    const admin = await newAdministrator();
    const other = await newAdministrator();
    const member = await createPerson(admin);
    for (const path of [
      `/roles/users/${admin.orgId}`,
      `/roles/usage/${admin.orgId}`,
      `/roles/organization/${admin.orgId}`,
    ]) {
      expect((await api(path, { token: member.token })).status).toBe(403);
    }
    expect(
      (
        await api('/roles/assign', {
          token: member.token,
          body: { user_id: member.userId, role_id: admin.signedUp.auth.user.role_id, org_id: admin.orgId },
        })
      ).status,
    ).toBe(403);
    for (const path of [`/roles/users/${other.orgId}`, `/roles/usage/${other.orgId}`]) {
      expect((await api(path, { token: admin.token })).status).toBe(403);
    }
    const intoOther = await api('/roles/assign', {
      token: admin.token,
      body: { user_id: other.userId, role_id: admin.signedUp.auth.user.role_id, org_id: other.orgId },
    });
    expect(intoOther.status).toBe(403);
    const otherUser = await api('/roles/assign', {
      token: admin.token,
      body: { user_id: other.userId, role_id: admin.signedUp.auth.user.role_id, org_id: admin.orgId },
    });
    expect(otherUser.status).toBe(404);
    const otherRole = await api('/roles/assign', {
      token: admin.token,
      body: { user_id: member.userId, role_id: other.signedUp.auth.user.role_id, org_id: admin.orgId },
    });
    expect(otherRole.status).toBe(404);
    expect((await api('/user/profile', { token: other.token })).body.user.role).toBe('admin');
  });
});
