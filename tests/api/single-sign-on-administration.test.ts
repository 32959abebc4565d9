import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleSignOnConnections } from '../../src/server/db/schema';
import { strongPassword, uniqueName } from './support/client';
import {
  addAccount,
  Browser,
  call,
  connectOrganisation,
  roleIdOf,
  signUpAdministrator,
  subscribeToBusiness,
  startSingleSignOnStack,
  uniqueDomain,
  type SingleSignOnStack,
  type StackAdministrator,
} from './support/single-sign-on-stack';

// An administrator connecting the organisation's identity provider (testing it, proving domains)
// and then making it the only way in.
describe('administering single sign-on', () => {
  let stack: SingleSignOnStack;
  beforeAll(async () => {
    stack = await startSingleSignOnStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function auditActions(admin: StackAdministrator) {
    await subscribeToBusiness(stack, admin);
    await call(stack, `/api/org/${admin.orgId}/settings`, {
      method: 'PUT',
      token: admin.token,
      body: { enable_audit: true },
    });
    const answer = await call(stack, `/api/org/${admin.orgId}/audit?limit=100`, { token: admin.token });
    expect(answer.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: audit entries carry each action's own before/after shape, read per assertion
    return answer.body.entries as { action: string; actor_username: string; after: any; before: any }[];
  }

  it('tests a connection before saving it, naming the step that fails', async () => {
    const admin = await signUpAdministrator(stack);
    stack.provider.addClient({
      client_id: 'connection-test-client',
      client_secret: 'the-right-secret',
      redirect_uris: [`${stack.server.url}/api/auth/sso/callback`],
    });
    const test = (body: Record<string, unknown>) =>
      call(stack, `/api/org/${admin.orgId}/sso/test`, { token: admin.token, body });

    const good = await test({
      issuer: stack.provider.issuer,
      client_id: 'connection-test-client',
      client_secret: 'the-right-secret',
    });
    expect(good.status).toBe(200);
    expect(good.body.ok).toBe(true);
    expect(good.body.checks.map((check: { name: string; ok: boolean }) => [check.name, check.ok])).toEqual([
      ['issuer', true],
      ['discovery', true],
      ['keys', true],
      ['client', true],
    ]);

    const wrongSecret = await test({
      issuer: stack.provider.issuer,
      client_id: 'connection-test-client',
      client_secret: 'wrong',
    });
    expect(wrongSecret.body.ok).toBe(false);
    expect(wrongSecret.body.checks.at(-1)).toMatchObject({ name: 'client', ok: false });
    expect(wrongSecret.body.checks.at(-1).detail).toContain('invalid_client');

    const nothingThere = await test({ issuer: 'http://127.0.0.1:9/', client_id: 'x', client_secret: 'y' });
    expect(nothingThere.body.ok).toBe(false);
    expect(nothingThere.body.checks.map((check: { name: string }) => check.name)).toEqual(['issuer', 'discovery']);

    // No stored connection and no secret: the secret is required.
    const noSecret = await test({ issuer: stack.provider.issuer, client_id: 'connection-test-client' });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.fields.client_secret).toBe('Client secret is required');
  });

  it('refuses to save an issuer it cannot use, and keeps the secret sealed and unseen', async () => {
    const admin = await signUpAdministrator(stack);
    const memberRoleId = await roleIdOf(stack, admin, 'Member');
    const save = (body: Record<string, unknown>) =>
      call(stack, `/api/org/${admin.orgId}/sso`, { method: 'PUT', token: admin.token, body });
    const base = {
      client_id: 'c',
      client_secret: 'secret-value-1234',
      slug: uniqueName('slug').toLowerCase(),
      default_role_id: memberRoleId,
    };

    const unresolvable = await save({ ...base, issuer: 'https://idp.does-not-resolve.invalid' });
    expect(unresolvable.status).toBe(400);
    expect(unresolvable.body.fields.issuer).toBe('Issuer URL host could not be resolved');
    const metadata = await save({ ...base, issuer: 'http://169.254.169.254/' });
    expect(metadata.status).toBe(400);
    expect(metadata.body.fields.issuer).toContain('must lead to a public address');
    const noDiscovery = await save({ ...base, issuer: 'http://127.0.0.1:9/' });
    expect(noDiscovery.status).toBe(400);
    expect(noDiscovery.body.fields.issuer).toContain('discovery document could not be used');

    const { clientSecret } = await connectOrganisation(stack, admin);
    const read = await call(stack, `/api/org/${admin.orgId}/sso`, { token: admin.token });
    expect(read.body.connection.client_secret_hint).toBe(`…${clientSecret.slice(-4)}`);
    expect(JSON.stringify(read.body)).not.toContain(clientSecret);
    expect(read.body.redirect_uri).toBe(`${stack.server.url}/api/auth/sso/callback`);
    expect(read.body.scim_base_url).toBe(`${stack.server.url}/scim/v2`);
    const [stored] = await stack.server.database.db
      .select({ sealed: singleSignOnConnections.clientSecretEncrypted })
      .from(singleSignOnConnections)
      .where(eq(singleSignOnConnections.orgId, admin.orgId));
    expect(stored!.sealed.startsWith('v1.')).toBe(true);
    expect(stored!.sealed).not.toContain(clientSecret);
    const updated = await call(stack, `/api/org/${admin.orgId}/sso`, { token: admin.token });
    const entries = await auditActions(admin);
    expect(JSON.stringify(entries)).not.toContain(clientSecret);
    expect(entries.some((entry) => entry.action === 'sso.update')).toBe(true);
    expect(updated.body.connection.slug).toBe(read.body.connection.slug);
  });

  it('proves a domain by its DNS TXT record, or at once where the operator vouches for it', async () => {
    const admin = await signUpAdministrator(stack);
    const domain = uniqueDomain();
    const added = await call(stack, `/api/org/${admin.orgId}/sso/domains`, {
      token: admin.token,
      body: { domain: domain.toUpperCase() },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ domain, verified: false, record_name: `_tokenwise-challenge.${domain}` });
    expect(added.body.record_value).toMatch(/^tokenwise-domain-verification=[\w-]{20,}$/);

    const tooSoon = await call(stack, `/api/org/${admin.orgId}/sso/domains/${domain}/verify`, {
      method: 'POST',
      token: admin.token,
    });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.message).toContain(
      `Add a TXT record named _tokenwise-challenge.${domain} with the value ${added.body.record_value}`,
    );
    // A record with another value proves nothing.
    stack.dns.txt.set(added.body.record_name, ['tokenwise-domain-verification=someone-elses']);
    expect(
      (
        await call(stack, `/api/org/${admin.orgId}/sso/domains/${domain}/verify`, {
          method: 'POST',
          token: admin.token,
        })
      ).status,
    ).toBe(400);
    // Nor does a domain that is not yet proven open sign-in.
    expect((await new Browser(stack).start(`someone@${domain}`)).status).toBe(404);

    stack.dns.txt.set(added.body.record_name, ['v=spf1 -all', added.body.record_value]);
    const verified = await call(stack, `/api/org/${admin.orgId}/sso/domains/${domain}/verify`, {
      method: 'POST',
      token: admin.token,
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ domain, verified: true, verified_by: 'dns' });

    const trusted = await call(stack, `/api/org/${admin.orgId}/sso/domains`, {
      token: admin.token,
      body: { domain: `${uniqueName('eu').toLowerCase()}.trusted.test` },
    });
    expect(trusted.status).toBe(201);
    expect(trusted.body).toMatchObject({ verified: true, verified_by: 'operator' });

    // Two organisations may claim a domain; the first to prove it keeps it.
    const rival = await signUpAdministrator(stack);
    const contested = uniqueDomain();
    const mine = await call(stack, `/api/org/${admin.orgId}/sso/domains`, {
      token: admin.token,
      body: { domain: contested },
    });
    const theirs = await call(stack, `/api/org/${rival.orgId}/sso/domains`, {
      token: rival.token,
      body: { domain: contested },
    });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    stack.dns.txt.set(mine.body.record_name, [mine.body.record_value, theirs.body.record_value]);
    expect(
      (
        await call(stack, `/api/org/${rival.orgId}/sso/domains/${contested}/verify`, {
          method: 'POST',
          token: rival.token,
        })
      ).status,
    ).toBe(200);
    const late = await call(stack, `/api/org/${admin.orgId}/sso/domains/${contested}/verify`, {
      method: 'POST',
      token: admin.token,
    });
    expect(late.status).toBe(409);

    const removed = await call(stack, `/api/org/${admin.orgId}/sso/domains/${domain}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    const actions = (await auditActions(admin)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['sso.domain_add', 'sso.domain_verify', 'sso.domain_remove']));
  });

  it('enforced: refuses password sign-in, resets and invitations at the domain, keeps an audited break-glass for administrators', async () => {
    const domain = uniqueDomain();
    const admin = await signUpAdministrator(stack, `${uniqueName('root')}@${domain}`);
    const memberRoleId = await roleIdOf(stack, admin, 'Member');
    // Someone given a password before single sign-on, and a contractor at another domain.
    const createPerson = (email: string) =>
      call(stack, '/api/user', {
        token: admin.token,
        body: {
          username: uniqueName('person'),
          email,
          password: strongPassword,
          org_id: admin.orgId,
          role_id: memberRoleId,
        },
      });
    const employee = await createPerson(`${uniqueName('employee')}@${domain}`);
    const contractor = await createPerson(`${uniqueName('contractor')}@elsewhere.test`);
    expect([employee.status, contractor.status]).toEqual([201, 201]);
    const employeeLogin = await call(stack, '/api/auth/login', {
      body: { username: employee.body.user.name, password: strongPassword },
    });
    expect(employeeLogin.status).toBe(200);

    // Enforcing needs the connection on and a proven domain.
    const connection = await connectOrganisation(stack, admin, { domain });
    const settings = (await call(stack, `/api/org/${admin.orgId}/sso`, { token: admin.token })).body;
    const enforce = (enforced: boolean, enabled = true) =>
      call(stack, `/api/org/${admin.orgId}/sso`, {
        method: 'PUT',
        token: admin.token,
        body: {
          issuer: settings.connection.issuer,
          client_id: settings.connection.client_id,
          slug: settings.connection.slug,
          default_role_id: memberRoleId,
          enabled,
          enforced,
        },
      });
    const whileOff = await enforce(true, false);
    expect(whileOff.status).toBe(400);
    expect(whileOff.body.message).toBe(
      'Single sign-on can be enforced once the connection is on and at least one domain is verified.',
    );
    expect((await enforce(true)).status).toBe(200);

    const refused = await call(stack, '/api/auth/login', {
      body: { username: employee.body.user.name, password: strongPassword },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'single_sign_on_required',
      message:
        'Your organization signs in with single sign-on. Use "Continue with single sign-on" on the sign-in page.',
    });
    // A wrong password still says only that: nothing is learnt without the password.
    const wrong = await call(stack, '/api/auth/login', {
      body: { username: employee.body.user.name, password: 'wrong-password' },
    });
    expect(wrong.status).toBe(401);

    const contractorLogin = await call(stack, '/api/auth/login', {
      body: { username: contractor.body.user.name, password: strongPassword },
    });
    expect(contractorLogin.status).toBe(200);

    const reset = await call(stack, '/api/auth/password-reset/request', { body: { email: employee.body.user.email } });
    expect(reset.status).toBe(403);
    expect(reset.body.code).toBe('single_sign_on_required');
    const unknownAtDomain = await call(stack, '/api/auth/password-reset/request', {
      body: { email: `nobody@${domain}` },
    });
    expect(unknownAtDomain.status).toBe(403);
    expect(
      (await call(stack, '/api/auth/password-reset/request', { body: { email: contractor.body.user.email } })).status,
    ).toBe(200);

    const invitation = await call(stack, `/api/org/${admin.orgId}/users/invite`, {
      token: admin.token,
      body: { email: `new@${domain}`, role_id: memberRoleId },
    });
    expect(invitation.status).toBe(403);
    expect(invitation.body.message).toBe(
      `People at ${domain} join by signing in with single sign-on: invitations and passwords are not used for them.`,
    );
    expect((await createPerson(`another@${domain}`)).status).toBe(403);
    expect((await createPerson(`${uniqueName('guest')}@elsewhere.test`)).status).toBe(201);

    // The employee gets in through the provider (linked by their verified address).
    const subject = addAccount(stack, { email: employee.body.user.email, email_verified: true });
    const viaProvider = await new Browser(stack).signIn(connection.slug, subject);
    expect(viaProvider.body.user.id).toBe(employee.body.user.id);

    // Break-glass: the administrator's password still works, and the audit log says so.
    const breakGlass = await call(stack, '/api/auth/login', {
      body: { username: admin.username, password: strongPassword },
    });
    expect(breakGlass.status).toBe(200);
    const entries = await auditActions({ ...admin, token: breakGlass.body.token });
    const entry = entries.find((candidate) => candidate.action === 'sso.break_glass_sign_in');
    expect(entry).toMatchObject({ actor_username: admin.username });

    // Turned off again, passwords count again.
    expect((await enforce(false)).status).toBe(200);
    expect(
      (await call(stack, '/api/auth/login', { body: { username: employee.body.user.name, password: strongPassword } }))
        .status,
    ).toBe(200);
  });

  it('another organisation’s enforcement does not reach this organisation’s people', async () => {
    const domain = uniqueDomain();
    const enforcing = await signUpAdministrator(stack);
    const connection = await connectOrganisation(stack, enforcing, { domain });
    const settings = (await call(stack, `/api/org/${enforcing.orgId}/sso`, { token: enforcing.token })).body.connection;
    const turnedOn = await call(stack, `/api/org/${enforcing.orgId}/sso`, {
      method: 'PUT',
      token: enforcing.token,
      body: { ...settings, client_secret: undefined, group_mappings: [], enforced: true },
    });
    expect(turnedOn.status, JSON.stringify(turnedOn.body)).toBe(200);
    expect(connection.domain).toBe(domain);
    // Someone of another organisation who happens to have an address at that domain keeps their password.
    const other = await signUpAdministrator(stack);
    const memberRoleId = await roleIdOf(stack, other, 'Member');
    const username = uniqueName('outsider');
    const created = await call(stack, '/api/user', {
      token: other.token,
      body: {
        username,
        email: `${username}@${domain}`,
        password: strongPassword,
        org_id: other.orgId,
        role_id: memberRoleId,
      },
    });
    expect(created.status).toBe(201);
    expect((await call(stack, '/api/auth/login', { body: { username, password: strongPassword } })).status).toBe(200);
  });
});
