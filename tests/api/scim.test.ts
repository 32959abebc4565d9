import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { strongPassword, uniqueName } from './support/client';
import {
  scimErrorBodySchema,
  scimGroupSchema,
  scimListSchema,
  scimUserSchema,
  serviceProviderConfigSchema,
} from './support/scim-schemas';
import {
  addAccount,
  Browser,
  call,
  connectOrganisation,
  roleIdOf,
  signUpAdministrator,
  subscribeToBusiness,
  startSingleSignOnStack,
  type SingleSignOnStack,
  type StackAdministrator,
} from './support/single-sign-on-stack';

const userSchemaUri = 'urn:ietf:params:scim:schemas:core:2.0:User';
const groupSchemaUri = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const patchOp = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

// The calls a directory (Okta, Entra ID) makes at /scim/v2 when it provisions people and groups,
// each answer checked against the SCIM 2.0 schemas (RFC 7643, RFC 7644).
describe('SCIM 2.0 provisioning', () => {
  let stack: SingleSignOnStack;
  beforeAll(async () => {
    stack = await startSingleSignOnStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  interface Directory {
    admin: StackAdministrator;
    domain: string;
    slug: string;
    token: string;
    // biome-ignore lint/suspicious/noExplicitAny: untyped JSON answer body: each test asserts on the shape it expects; unknown would need a cast at every property it reads
    scim<Body = any>(
      method: string,
      pathname: string,
      body?: unknown,
    ): Promise<{ status: number; body: Body; type: string | null }>;
  }

  async function scimCall(token: string, method: string, pathname: string, body?: unknown) {
    const response = await fetch(`${stack.server.url}/scim/v2${pathname}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : undefined,
      type: response.headers.get('content-type'),
    };
  }

  async function directory(settings: Record<string, unknown> = {}): Promise<Directory> {
    const admin = await signUpAdministrator(stack);
    const { domain, slug } = await connectOrganisation(stack, admin, { settings });
    const created = await call(stack, `/api/org/${admin.orgId}/scim-tokens`, {
      token: admin.token,
      body: { name: 'Okta' },
    });
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    return { admin, domain, slug, token, scim: (method, pathname, body) => scimCall(token, method, pathname, body) };
  }

  function parsed<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
    const result = schema.safeParse(body);
    expect(result.success, JSON.stringify(result.error?.issues ?? [], null, 1)).toBe(true);
    return result.data as z.infer<Schema>;
  }

  function expectScimError(answer: { status: number; body: unknown }, status: number, scimType?: string) {
    expect(answer.status).toBe(status);
    const body = parsed(scimErrorBodySchema, answer.body);
    expect(body.status).toBe(String(status));
    if (scimType) expect(body.scimType).toBe(scimType);
  }

  const oktaUser = (email: string, extra: Record<string, unknown> = {}) => ({
    schemas: [userSchemaUri],
    userName: email,
    name: { givenName: 'Katherine', familyName: 'Johnson' },
    emails: [{ primary: true, value: email, type: 'work' }],
    displayName: 'Katherine Johnson',
    externalId: `00u${uniqueName('okta')}`,
    active: true,
    ...extra,
  });

  it('issues tokens shown once, stored hashed, revocable, and refuses requests without a live one', async () => {
    const { admin, token, scim } = await directory();
    const listed = await call(stack, `/api/org/${admin.orgId}/scim-tokens`, { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.tokens).toHaveLength(1);
    expect(listed.body.tokens[0]).toMatchObject({
      name: 'Okta',
      token_hint: `…${token.slice(-4)}`,
      created_by: admin.username,
    });
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect((await scim('GET', '/Users')).status).toBe(200);

    expectScimError(await scimCall('scim_not-a-token', 'GET', '/Users'), 401);
    expectScimError(await scimCall(admin.token, 'GET', '/Users'), 401);
    const revoked = await call(stack, `/api/org/${admin.orgId}/scim-tokens/${listed.body.tokens[0].id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(revoked.status).toBe(200);
    expectScimError(await scim('GET', '/Users'), 401);
    expect((await call(stack, `/api/org/${admin.orgId}/scim-tokens`, { token: admin.token })).body.tokens).toEqual([]);
  });

  it('describes itself: ServiceProviderConfig, ResourceTypes, Schemas', async () => {
    const { scim } = await directory();
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.type).toContain('application/scim+json');
    expect(parsed(serviceProviderConfigSchema, config.body).patch.supported).toBe(true);
    const types = await scim('GET', '/ResourceTypes');
    expect(types.body.Resources.map((type: { id: string }) => type.id)).toEqual(['User', 'Group']);
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.body.Resources.map((schema: { id: string }) => schema.id)).toEqual([userSchemaUri, groupSchemaUri]);
    expectScimError(await scim('GET', '/Nothing'), 404);
  });

  it('creates, finds, updates, deactivates, reactivates and deletes a user as Okta does', async () => {
    const { admin, domain, slug, scim } = await directory();
    const email = `katherine@${domain}`;

    // Okta looks the person up first, then creates them.
    const before = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
    expect(parsed(scimListSchema(scimUserSchema), before.body).totalResults).toBe(0);
    const created = await scim('POST', '/Users', oktaUser(email));
    expect(created.status).toBe(201);
    const user = parsed(scimUserSchema, created.body);
    expect(user).toMatchObject({
      userName: email,
      active: true,
      name: { givenName: 'Katherine', familyName: 'Johnson' },
    });
    expect(user.meta.location).toBe(`${stack.server.url}/scim/v2/Users/${user.id}`);
    const found = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email.toUpperCase()}"`)}`);
    expect(parsed(scimListSchema(scimUserSchema), found.body).Resources.map((resource) => resource.id)).toEqual([
      user.id,
    ]);
    expect(parsed(scimUserSchema, (await scim('GET', `/Users/${user.id}`)).body).id).toBe(user.id);

    // The product has them, with the default role; they sign in through the identity provider.
    const people = await call(stack, `/api/org/${admin.orgId}/users?page=1&limit=50`, { token: admin.token });
    expect(people.body.users.find((person: { id: string }) => person.id === user.id)).toMatchObject({
      role_name: 'Member',
      status: 'active',
    });
    const subject = addAccount(stack, { email, email_verified: true });
    const signedIn = await new Browser(stack).signIn(slug, subject);
    expect(signedIn.body.user.id).toBe(user.id);
    const { token: accessToken, refresh_token: refreshToken } = signedIn.body;

    // PUT replaces.
    const replaced = await scim(
      'PUT',
      `/Users/${user.id}`,
      oktaUser(email, { name: { givenName: 'Kate', familyName: 'Johnson' }, externalId: user.externalId }),
    );
    expect(replaced.status).toBe(200);
    expect(parsed(scimUserSchema, replaced.body).name?.givenName).toBe('Kate');

    // Deactivated in the directory: every way in ends with that request.
    const deactivated = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [patchOp],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(deactivated.status).toBe(200);
    expect(parsed(scimUserSchema, deactivated.body).active).toBe(false);
    expect((await call(stack, '/api/user/profile', { token: accessToken })).status).toBe(401);
    expect((await call(stack, '/api/auth/refresh', { body: { refresh_token: refreshToken } })).status).toBe(401);
    const chat = await call(stack, '/api/conversation/message', {
      token: accessToken,
      body: { org_id: admin.orgId, user_id: user.id, prompt: 'Hello', stream: false },
    });
    expect(chat.status).toBe(401);
    expect(await new Browser(stack).attempt(slug, subject)).toEqual({ error: 'account_deactivated' });
    const listedInactive = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
    expect(listedInactive.body.Resources[0].active).toBe(false);

    // Reactivated: they can sign in again (their old sign-ins stay ended).
    const reactivated = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [patchOp],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expect(parsed(scimUserSchema, reactivated.body).active).toBe(true);
    expect((await call(stack, '/api/user/profile', { token: accessToken })).status).toBe(401);
    expect((await new Browser(stack).signIn(slug, subject)).body.user.id).toBe(user.id);

    // Deleted: gone for the directory, the address free to provision again.
    const latest = await new Browser(stack).signIn(slug, subject);
    const deleted = await scim('DELETE', `/Users/${user.id}`);
    expect(deleted.status).toBe(204);
    expectScimError(await scim('GET', `/Users/${user.id}`), 404);
    expectScimError(await scim('DELETE', `/Users/${user.id}`), 404);
    expect((await call(stack, '/api/user/profile', { token: latest.body.token })).status).toBe(401);
    const remaining = await call(stack, `/api/org/${admin.orgId}/users?page=1&limit=50`, { token: admin.token });
    expect(JSON.stringify(remaining.body)).not.toContain(email);
    const again = await scim('POST', '/Users', oktaUser(email));
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(user.id);

    await subscribeToBusiness(stack, admin);
    await call(stack, `/api/org/${admin.orgId}/settings`, {
      method: 'PUT',
      token: admin.token,
      body: { enable_audit: true },
    });
    const audit = await call(stack, `/api/org/${admin.orgId}/audit?limit=100`, { token: admin.token });
    const mine = (audit.body.entries as { action: string; target_id: string; actor_username: string }[]).filter(
      (entry) => entry.target_id === user.id && entry.actor_username === 'SCIM: Okta',
    );
    expect(mine.map((entry) => entry.action).reverse()).toEqual([
      'user.create',
      'user.update',
      'user.deactivate',
      'user.reactivate',
      'user.delete',
    ]);
  });

  async function directoryToken(admin: StackAdministrator): Promise<string> {
    const created = await call(stack, `/api/org/${admin.orgId}/scim-tokens`, {
      token: admin.token,
      body: { name: 'Okta' },
    });
    return created.body.token;
  }

  it('takes Entra ID’s PATCH forms: capitalised ops, string booleans, filtered paths', async () => {
    const { domain, scim } = await directory();
    const created = await scim('POST', '/Users', oktaUser(`grace@${domain}`));
    const id = created.body.id;
    const patched = await scim('PATCH', `/Users/${id}`, {
      schemas: [patchOp],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: `grace.hopper@${domain}` },
        { op: 'Replace', path: 'name.familyName', value: 'Hopper' },
        { op: 'Add', path: 'title', value: 'Rear Admiral' },
        { op: 'Replace', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Navy' },
        { op: 'Replace', path: 'active', value: 'False' },
      ],
    });
    expect(patched.status).toBe(200);
    const user = parsed(scimUserSchema, patched.body);
    expect(user.emails?.[0]?.value).toBe(`grace.hopper@${domain}`);
    expect(user.name?.familyName).toBe('Hopper');
    expect(user.active).toBe(false);

    expectScimError(
      await scim('PATCH', `/Users/${id}`, { schemas: [patchOp], Operations: [{ op: 'move', path: 'active' }] }),
      400,
      'invalidSyntax',
    );
    expectScimError(
      await scim('PATCH', `/Users/${id}`, {
        schemas: [patchOp],
        Operations: [{ op: 'replace', path: 'active', value: 'maybe' }],
      }),
      400,
      'invalidValue',
    );
  });

  it('filters by userName eq, pages with startIndex and count, and refuses what it does not support', async () => {
    const { domain, scim } = await directory();
    for (const name of ['ann', 'bob', 'cy'])
      expect((await scim('POST', '/Users', oktaUser(`${name}@${domain}`))).status).toBe(201);
    // The organisation's admin signed up with another domain and is listed too: four people.
    const all = parsed(scimListSchema(scimUserSchema), (await scim('GET', '/Users')).body);
    expect(all.totalResults).toBe(4);
    const first = parsed(scimListSchema(scimUserSchema), (await scim('GET', '/Users?startIndex=1&count=2')).body);
    expect(first).toMatchObject({ totalResults: 4, startIndex: 1, itemsPerPage: 2 });
    const second = parsed(scimListSchema(scimUserSchema), (await scim('GET', '/Users?startIndex=3&count=2')).body);
    expect(second).toMatchObject({ totalResults: 4, startIndex: 3, itemsPerPage: 2 });
    expect(new Set([...first.Resources, ...second.Resources].map((user) => user.id)).size).toBe(4);
    const none = parsed(scimListSchema(scimUserSchema), (await scim('GET', '/Users?count=0')).body);
    expect(none).toMatchObject({ totalResults: 4, itemsPerPage: 0, Resources: [] });
    const belowOne = parsed(scimListSchema(scimUserSchema), (await scim('GET', '/Users?startIndex=0&count=1')).body);
    expect(belowOne.startIndex).toBe(1);

    const bob = parsed(
      scimListSchema(scimUserSchema),
      (await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "bob@${domain}"`)}`)).body,
    );
    expect(bob.Resources.map((user) => user.userName)).toEqual([`bob@${domain}`]);
    const projected = (
      await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "bob@${domain}"`)}&attributes=userName`)
    ).body;
    expect(Object.keys(projected.Resources[0]).sort()).toEqual(['id', 'meta', 'schemas', 'userName']);

    expectScimError(await scim('GET', `/Users?filter=${encodeURIComponent('userName co "b"')}`), 400, 'invalidFilter');
    expectScimError(await scim('GET', `/Users?filter=${encodeURIComponent('title eq "x"')}`), 400, 'invalidFilter');
    expectScimError(await scim('GET', '/Users/not-a-uuid'), 404);
    expectScimError(await scim('POST', '/Users', oktaUser(`bob@${domain}`)), 409, 'uniqueness');
    expectScimError(await scim('POST', '/Users', oktaUser(`zed@not-our-domain.test`)), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users', { schemas: [userSchemaUri], emails: [] }), 400, 'invalidValue');
  });

  it('finds people who signed in before provisioning by their e-mail, so they are not created twice', async () => {
    const { domain, slug, scim } = await directory();
    const email = `early.bird@${domain}`;
    const subject = addAccount(stack, { email, email_verified: true });
    const signedIn = await new Browser(stack).signIn(slug, subject);
    const found = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
    expect(found.body.Resources.map((user: { id: string }) => user.id)).toEqual([signedIn.body.user.id]);
  });

  it('maps group membership to roles, within the request', async () => {
    const admin = await signUpAdministrator(stack);
    const billingRoleId = await roleIdOf(stack, admin, 'Billing Manager');
    const { domain } = await connectOrganisation(stack, admin, {
      settings: { group_mappings: [{ group: 'Finance', role_id: billingRoleId }] },
    });
    const token = await directoryToken(admin);
    const scim = (method: string, pathname: string, body?: unknown) => scimCall(token, method, pathname, body);
    const alice = (await scim('POST', '/Users', oktaUser(`alice@${domain}`))).body;
    const bob = (await scim('POST', '/Users', oktaUser(`bob@${domain}`))).body;
    const roleOf = async (userId: string) => {
      const people = await call(stack, `/api/org/${admin.orgId}/users?page=1&limit=50`, { token: admin.token });
      return people.body.users.find((person: { id: string }) => person.id === userId).role_name as string;
    };

    const group = await scim('POST', '/Groups', {
      schemas: [groupSchemaUri],
      displayName: 'finance',
      members: [{ value: alice.id }],
    });
    expect(group.status).toBe(201);
    expect(parsed(scimGroupSchema, group.body).members?.map((member) => member.value)).toEqual([alice.id]);
    expect(await roleOf(alice.id)).toBe('Billing Manager');
    expect(parsed(scimUserSchema, (await scim('GET', `/Users/${alice.id}`)).body).groups?.[0]?.display).toBe('finance');

    // Okta adds and removes members with PATCH.
    const patched = await scim('PATCH', `/Groups/${group.body.id}`, {
      schemas: [patchOp],
      Operations: [
        { op: 'add', path: 'members', value: [{ value: bob.id, display: `bob@${domain}` }] },
        { op: 'remove', path: `members[value eq "${alice.id}"]` },
      ],
    });
    expect(patched.status).toBe(204);
    expect([await roleOf(alice.id), await roleOf(bob.id)]).toEqual(['Member', 'Billing Manager']);

    // Renamed away from the mapped name, then back, then deleted.
    const renamed = await scim('PUT', `/Groups/${group.body.id}`, {
      schemas: [groupSchemaUri],
      displayName: 'Accounts',
      members: [{ value: bob.id }],
    });
    expect(parsed(scimGroupSchema, renamed.body).displayName).toBe('Accounts');
    expect(await roleOf(bob.id)).toBe('Member');
    await scim('PATCH', `/Groups/${group.body.id}`, {
      schemas: [patchOp],
      Operations: [{ op: 'replace', value: { displayName: 'Finance' } }],
    });
    expect(await roleOf(bob.id)).toBe('Billing Manager');
    const listed = parsed(
      scimListSchema(scimGroupSchema),
      (await scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "FINANCE"')}&excludedAttributes=members`))
        .body,
    );
    expect(listed.Resources.map((resource) => [resource.id, resource.members])).toEqual([[group.body.id, undefined]]);
    expect((await scim('DELETE', `/Groups/${group.body.id}`)).status).toBe(204);
    expect(await roleOf(bob.id)).toBe('Member');
    expectScimError(await scim('GET', `/Groups/${group.body.id}`), 404);

    expectScimError(
      await scim('POST', '/Groups', {
        schemas: [groupSchemaUri],
        displayName: 'Ghosts',
        members: [{ value: admin.orgId }],
      }),
      400,
      'invalidValue',
    );
    await scim('POST', '/Groups', { schemas: [groupSchemaUri], displayName: 'Twins' });
    expectScimError(
      await scim('POST', '/Groups', { schemas: [groupSchemaUri], displayName: 'twins' }),
      409,
      'uniqueness',
    );
  });

  it('deactivates someone who had a password too: login, refresh, requests and API keys are refused at once', async () => {
    const { admin, domain, scim } = await directory();
    const memberRoleId = await roleIdOf(stack, admin, 'Member');
    const username = uniqueName('legacy');
    const created = await call(stack, '/api/user', {
      token: admin.token,
      body: {
        username,
        email: `${username}@${domain}`,
        password: strongPassword,
        org_id: admin.orgId,
        role_id: memberRoleId,
      },
    });
    expect(created.status).toBe(201);
    const login = await call(stack, '/api/auth/login', { body: { username, password: strongPassword } });
    expect(login.status).toBe(200);
    const apiKey = await call(stack, '/api/api-keys', { token: login.body.token, body: { name: 'Notebook' } });
    expect(apiKey.status).toBe(201);
    const listModels = () => call(stack, '/v1/models', { token: apiKey.body.secret });
    expect((await listModels()).status).toBe(200);
    const found = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${username}"`)}`);
    const id = found.body.Resources[0].id;
    await scim('PATCH', `/Users/${id}`, {
      schemas: [patchOp],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect((await call(stack, '/api/auth/login', { body: { username, password: strongPassword } })).status).toBe(401);
    expect((await call(stack, '/api/auth/refresh', { body: { refresh_token: login.body.refresh_token } })).status).toBe(
      401,
    );
    expect((await call(stack, `/api/preferences/user/${id}`, { token: login.body.token })).status).toBe(401);
    // Their API keys stop with them, on the next request.
    expect((await listModels()).status).toBe(401);
    await scim('PATCH', `/Users/${id}`, {
      schemas: [patchOp],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expect((await call(stack, '/api/auth/login', { body: { username, password: strongPassword } })).status).toBe(200);
  });

  it('keeps organisations apart: a token sees and changes only its own organisation', async () => {
    const owner = await directory();
    const other = await directory();
    const person = (await owner.scim('POST', '/Users', oktaUser(`private@${owner.domain}`))).body;
    const group = (await owner.scim('POST', '/Groups', { schemas: [groupSchemaUri], displayName: 'Board' })).body;

    expectScimError(await other.scim('GET', `/Users/${person.id}`), 404);
    expectScimError(
      await other.scim('PATCH', `/Users/${person.id}`, {
        schemas: [patchOp],
        Operations: [{ op: 'replace', path: 'active', value: false }],
      }),
      404,
    );
    expectScimError(await other.scim('PUT', `/Users/${person.id}`, oktaUser(`private@${owner.domain}`)), 404);
    expectScimError(await other.scim('DELETE', `/Users/${person.id}`), 404);
    expectScimError(await other.scim('GET', `/Groups/${group.id}`), 404);
    expectScimError(await other.scim('DELETE', `/Groups/${group.id}`), 404);
    const filtered = await other.scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "private@${owner.domain}"`)}`,
    );
    expect(filtered.body.totalResults).toBe(0);
    // Nor may it provision people at the owner's domain, or put the owner's people in its groups.
    expectScimError(await other.scim('POST', '/Users', oktaUser(`intruder@${owner.domain}`)), 400, 'invalidValue');
    expectScimError(
      await other.scim('POST', '/Groups', {
        schemas: [groupSchemaUri],
        displayName: 'Heist',
        members: [{ value: person.id }],
      }),
      400,
      'invalidValue',
    );
    expect((await owner.scim('GET', `/Users/${person.id}`)).body.active).toBe(true);

    // The tokens themselves: another organisation's admin may not list, create or revoke them.
    expect((await call(stack, `/api/org/${owner.admin.orgId}/scim-tokens`, { token: other.admin.token })).status).toBe(
      403,
    );
    expect(
      (
        await call(stack, `/api/org/${owner.admin.orgId}/scim-tokens`, {
          token: other.admin.token,
          body: { name: 'x' },
        })
      ).status,
    ).toBe(403);
    const ownerTokens = await call(stack, `/api/org/${owner.admin.orgId}/scim-tokens`, { token: owner.admin.token });
    const revoke = await call(stack, `/api/org/${other.admin.orgId}/scim-tokens/${ownerTokens.body.tokens[0].id}`, {
      method: 'DELETE',
      token: other.admin.token,
    });
    expect(revoke.status).toBe(404);
    expect((await owner.scim('GET', '/Users')).status).toBe(200);
  });
});
