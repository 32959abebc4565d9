import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// The product as an OpenID relying party of a real OpenID provider (oidc-provider on loopback):
// the authorization code flow with PKCE, state and nonce, and each way it must refuse.
describe('single sign-on with an organisation’s OpenID provider', () => {
  let stack: SingleSignOnStack;
  beforeAll(async () => {
    stack = await startSingleSignOnStack({ LOGIN_MAX_FAILURES_PER_USERNAME: '4' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function auditLog(admin: StackAdministrator) {
    await subscribeToBusiness(stack, admin);
    await call(stack, `/api/org/${admin.orgId}/settings`, {
      method: 'PUT',
      token: admin.token,
      body: { enable_audit: true },
    });
    const answer = await call(stack, `/api/org/${admin.orgId}/audit?limit=100`, { token: admin.token });
    expect(answer.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: audit entries carry each action's own after shape, read per assertion
    return answer.body.entries as { action: string; actor_username: string; target_id: string; after: any }[];
  }

  it('creates the person at their first sign-in with the default role, and later finds them by subject, not e-mail', async () => {
    const admin = await signUpAdministrator(stack);
    const { domain } = await connectOrganisation(stack, admin);
    // The username comes from the address's local part; usernames are unique in the whole installation.
    const localPart = `ada.lovelace.${Date.now().toString(36)}`;
    const email = `${localPart}@${domain}`;
    const subject = addAccount(stack, { email, email_verified: true, given_name: 'Ada', family_name: 'Lovelace' });
    const browser = new Browser(stack);

    const first = await browser.signIn(email, subject);
    expect(first.body.user).toMatchObject({ email, org_id: admin.orgId, role: 'member', username: localPart });
    expect(first.body.token).toEqual(expect.any(String));
    expect(first.body.refresh_token).toEqual(expect.any(String));
    const profile = await call(stack, '/api/user/profile', { token: first.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body.user.id).toBe(first.body.user.id);
    const refreshed = await call(stack, '/api/auth/refresh', { body: { refresh_token: first.body.refresh_token } });
    expect(refreshed.status).toBe(200);

    // The provider changes the address (same domain): still the same person, found by subject.
    stack.provider.accounts.set(subject, { email: `ada.king@${domain}`, email_verified: true });
    const second = await new Browser(stack).signIn(email, subject);
    expect(second.body.user.id).toBe(first.body.user.id);

    // Another subject with Ada's address is not Ada by e-mail alone: refused, not signed in as her.
    const impostor = addAccount(stack, { email, email_verified: true });
    expect(await new Browser(stack).attempt(email, impostor)).toEqual({ error: 'identity_mismatch' });

    const entries = await auditLog(admin);
    const created = entries.find((entry) => entry.action === 'user.create' && entry.target_id === first.body.user.id);
    expect(created?.actor_username).toBe('single sign-on');
    expect(
      entries.filter((entry) => entry.action === 'sso.sign_in' && entry.target_id === first.body.user.id),
    ).toHaveLength(2);
  });

  it('starts from the organisation’s single sign-on name, and refuses names and domains it does not know', async () => {
    const admin = await signUpAdministrator(stack);
    const { slug, domain } = await connectOrganisation(stack, admin);
    const subject = addAccount(stack, { email: `grace@${domain}`, email_verified: true });
    const signedIn = await new Browser(stack).signIn(slug.toUpperCase(), subject);
    expect(signedIn.body.user.email).toBe(`grace@${domain}`);

    for (const identifier of ['no-such-organisation', `someone@${uniqueDomain()}`]) {
      const answer = await new Browser(stack).start(identifier);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('No single sign-on is set up for that e-mail address or organization.');
    }
  });

  it('refuses a state it did not issue, a state from another browser, and a replayed callback', async () => {
    const admin = await signUpAdministrator(stack);
    const { domain } = await connectOrganisation(stack, admin);
    const subject = addAccount(stack, { email: `alan@${domain}`, email_verified: true });
    const browser = new Browser(stack);
    const started = await browser.start(`alan@${domain}`);
    const callback = await browser.signInAtProvider(started.body.authorization_url, subject);

    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-a-state-this-server-issued');
    expect(await browser.returnToProduct(forged.href)).toEqual({ error: 'attempt_expired' });

    // The right state, but another browser (no binding cookie): login CSRF is refused, and the state is spent.
    expect(await new Browser(stack).returnToProduct(callback)).toEqual({ error: 'state_mismatch' });
    expect(await browser.returnToProduct(callback)).toEqual({ error: 'attempt_expired' });
  });

  it('counts a forged state against its own address only, so strangers cannot throttle anyone else', async () => {
    const admin = await signUpAdministrator(stack);
    const { domain } = await connectOrganisation(stack, admin);
    const subject = addAccount(stack, { email: `grace@${domain}`, email_verified: true });
    const browser = new Browser(stack);
    const started = await browser.start(`grace@${domain}`);
    const callback = new URL(await browser.signInAtProvider(started.body.authorization_url, subject));
    const forged = (state: string) => {
      const url = new URL(callback);
      url.searchParams.set('state', state);
      return url.href;
    };
    expect(await browser.returnToProduct(forged('a-first-forged-state'))).toEqual({ error: 'attempt_expired' });
    // Strangers at other addresses send more forged callbacks than LOGIN_MAX_FAILURES_PER_USERNAME allows.
    for (let index = 0; index < 5; index += 1)
      expect(await new Browser(stack).returnToProduct(forged(`stranger-${index}`))).toEqual({
        error: 'attempt_expired',
      });
    expect(await browser.returnToProduct(forged('a-second-forged-state'))).toEqual({ error: 'attempt_expired' });
    // One address sending forged callbacks is throttled at its own limit.
    const stranger = new Browser(stack);
    const answers = [];
    for (let index = 0; index < 6; index += 1) answers.push(await stranger.returnToProduct(forged(`again-${index}`)));
    expect(answers.at(-1)).toEqual({ error: 'too_many_attempts' });
  });

  it('refuses a replayed code: the same callback twice, and the code with a fresh state', async () => {
    const admin = await signUpAdministrator(stack);
    const { domain } = await connectOrganisation(stack, admin);
    const subject = addAccount(stack, { email: `barbara@${domain}`, email_verified: true });
    const browser = new Browser(stack);
    const started = await browser.start(`barbara@${domain}`);
    const callback = await browser.signInAtProvider(started.body.authorization_url, subject);
    const first = await browser.returnToProduct(callback);
    expect(first.handoff).toEqual(expect.any(String));
    expect(await browser.returnToProduct(callback)).toEqual({ error: 'attempt_expired' });

    // The handoff is single use, and only for the browser the sign-in started in.
    expect((await new Browser(stack).exchange(first.handoff!)).status).toBe(401);
    expect((await browser.exchange(first.handoff!)).status).toBe(200);
    const again = await browser.exchange(first.handoff!);
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('This sign-in has expired or was already used. Please sign in again.');

    // The used code under the state of a new attempt of the same browser: the provider refuses the code.
    const fresh = await browser.start(`barbara@${domain}`);
    const freshState = new URL(fresh.body.authorization_url).searchParams.get('state')!;
    const replay = new URL(callback);
    replay.searchParams.set('state', freshState);
    const tokenRequests = stack.provider.tokenRequests();
    expect(await browser.returnToProduct(replay.href)).toEqual({ error: 'provider_refused' });
    expect(stack.provider.tokenRequests()).toBe(tokenRequests + 1);
  });

  it.each([
    ['another audience', (claims: Record<string, unknown>) => ({ ...claims, aud: 'some-other-client' })],
    [
      'an expired token',
      (claims: Record<string, unknown>) => ({ ...claims, exp: Math.floor(Date.now() / 1000) - 600 }),
    ],
    ['another nonce', (claims: Record<string, unknown>) => ({ ...claims, nonce: 'not-the-nonce-we-sent' })],
    ['another issuer', (claims: Record<string, unknown>) => ({ ...claims, iss: 'https://idp.attacker.test' })],
  ])('refuses an ID token with %s, signed with the provider’s own key', async (_name, tamper) => {
    const admin = await signUpAdministrator(stack);
    const { domain } = await connectOrganisation(stack, admin);
    const email = `mallory@${domain}`;
    const subject = addAccount(stack, { email, email_verified: true });
    const browser = new Browser(stack);
    const started = await browser.start(email);
    const callback = await browser.signInAtProvider(started.body.authorization_url, subject);
    stack.provider.tamperNextIdToken(tamper);
    expect(await browser.returnToProduct(callback)).toEqual({ error: 'token_rejected' });
    const people = await call(stack, `/api/org/${admin.orgId}/users?page=1&limit=50`, { token: admin.token });
    expect(people.body.users.map((user: { email: string }) => user.email)).not.toContain(email);
  });

  it('refuses an e-mail address the provider has not verified', async () => {
    const admin = await signUpAdministrator(stack);
    const { domain } = await connectOrganisation(stack, admin);
    const subject = addAccount(stack, { email: `eve@${domain}`, email_verified: false });
    expect(await new Browser(stack).attempt(`eve@${domain}`, subject)).toEqual({ error: 'email_not_verified' });
  });

  it('never signs people of another organisation’s domain in through this organisation’s provider', async () => {
    const owner = await signUpAdministrator(stack);
    const other = await signUpAdministrator(stack);
    const { domain: ownersDomain } = await connectOrganisation(stack, owner);
    const { domain: othersDomain } = await connectOrganisation(stack, other);
    // The other organisation's provider vouches for someone at the owner's domain.
    const subject = addAccount(stack, { email: `ceo@${ownersDomain}`, email_verified: true });
    expect(await new Browser(stack).attempt(`someone@${othersDomain}`, subject)).toEqual({
      error: 'domain_not_covered',
    });
    for (const admin of [owner, other]) {
      const people = await call(stack, `/api/org/${admin.orgId}/users?page=1&limit=50`, { token: admin.token });
      expect(people.body.users.map((user: { email: string }) => user.email)).not.toContain(`ceo@${ownersDomain}`);
    }

    // An address that already belongs to a person of another organisation is not taken over either.
    const elsewhere = await signUpAdministrator(stack, `taken@${othersDomain}`);
    const taker = addAccount(stack, { email: elsewhere.email, email_verified: true });
    expect(await new Browser(stack).attempt(`x@${othersDomain}`, taker)).toEqual({
      error: 'email_in_another_organisation',
    });
  });

  it('maps the groups claim to roles at each sign-in', async () => {
    const admin = await signUpAdministrator(stack);
    const adminRoleId = await roleIdOf(stack, admin, 'Admin');
    const billingRoleId = await roleIdOf(stack, admin, 'Billing Manager');
    const { domain } = await connectOrganisation(stack, admin, {
      settings: {
        groups_claim: 'groups',
        group_mappings: [
          { group: 'tokenwise-admins', role_id: adminRoleId },
          { group: 'finance', role_id: billingRoleId },
        ],
      },
    });
    const email = `finn@${domain}`;
    const subject = addAccount(stack, { email, email_verified: true, groups: ['staff', 'finance'] });
    expect((await new Browser(stack).signIn(email, subject)).body.user.role).toBe('billing manager');

    stack.provider.accounts.set(subject, { email, email_verified: true, groups: ['finance', 'tokenwise-admins'] });
    const promoted = await new Browser(stack).signIn(email, subject);
    expect(promoted.body.user.role).toBe('admin');
    expect((await call(stack, `/api/org/${admin.orgId}/sso`, { token: promoted.body.token })).status).toBe(200);

    stack.provider.accounts.set(subject, { email, email_verified: true, groups: ['staff'] });
    expect((await new Browser(stack).signIn(email, subject)).body.user.role).toBe('member');
  });

  it('leaves two-factor authentication to the identity provider when the organisation requires it', async () => {
    const admin = await signUpAdministrator(stack);
    const { domain } = await connectOrganisation(stack, admin);
    const subject = addAccount(stack, { email: `tess@${domain}`, email_verified: true });
    await subscribeToBusiness(stack, admin); // Requiring two-factor authentication is a Business feature (decision 041).
    const saved = await call(stack, `/api/org/${admin.orgId}/settings`, {
      method: 'PUT',
      token: admin.token,
      body: { security: { require_2fa: true } },
    });
    expect(saved.status).toBe(200);
    const signedIn = await new Browser(stack).signIn(`tess@${domain}`, subject);
    expect(signedIn.body.user.two_factor_setup_required).toBe(false);
    const profile = await call(stack, '/api/user/profile', { token: signedIn.body.token });
    expect(profile.body.user.two_factor_setup_required).toBe(false);
    const sessions = await call(stack, `/api/conversation/session/list/${admin.orgId}/${signedIn.body.user.id}`, {
      token: signedIn.body.token,
    });
    expect(sessions.status).toBe(200);
    // A password sign-in of the same organisation is still held to it.
    const adminRequest = await call(stack, `/api/org/${admin.orgId}/settings`, { token: admin.token });
    expect(adminRequest.status).toBe(403);
    expect(adminRequest.body.code).toBe('two_factor_setup_required');
  });

  it('holds sign-ins through the provider to the sign-in throttle', async () => {
    const admin = await signUpAdministrator(stack);
    const { domain } = await connectOrganisation(stack, admin);
    const email = `tries@${domain}`;
    const subject = addAccount(stack, { email, email_verified: true });
    // Four failed callbacks for this address (LOGIN_MAX_FAILURES_PER_USERNAME=4), from four browsers.
    const browsers = Array.from({ length: 4 }, () => new Browser(stack));
    for (const browser of browsers) {
      const started = await browser.start(email);
      const callback = await browser.signInAtProvider(started.body.authorization_url, subject);
      stack.provider.tamperNextIdToken((claims) => ({ ...claims, aud: 'wrong' }));
      expect(await browser.returnToProduct(callback)).toEqual({ error: 'token_rejected' });
    }
    // Past the address's limit, a browser that failed on it waits (decision 035: an address that has
    // not failed on it is still let through, so a stranger cannot keep the owner out).
    const refused = await browsers[3]!.start(email);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many login attempts. Please try again later');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('keeps each organisation’s single sign-on to its own administrators', async () => {
    const owner = await signUpAdministrator(stack);
    const other = await signUpAdministrator(stack);
    const { slug, domain } = await connectOrganisation(stack, owner);
    expect((await call(stack, `/api/org/${owner.orgId}/sso`, { token: other.token })).status).toBe(403);
    for (const [method, suffix, body] of [
      [
        'PUT',
        '',
        {
          issuer: stack.provider.issuer,
          client_id: 'x',
          client_secret: 'y',
          slug: 'zz',
          default_role_id: owner.userId,
        },
      ],
      ['DELETE', '', undefined],
      ['POST', '/test', { issuer: stack.provider.issuer, client_id: 'x' }],
      ['POST', '/domains', { domain: 'elsewhere.test' }],
      ['POST', `/domains/${domain}/verify`, undefined],
      ['DELETE', `/domains/${domain}`, undefined],
    ] as const) {
      const answer = await call(stack, `/api/org/${owner.orgId}/sso${suffix}`, { method, token: other.token, body });
      expect(answer.status, `${method} ${suffix}`).toBe(403);
    }
    const stillThere = await call(stack, `/api/org/${owner.orgId}/sso`, { token: owner.token });
    expect(stillThere.body.connection.slug).toBe(slug);
    expect(stillThere.body.domains.map((entry: { domain: string }) => entry.domain)).toEqual([domain]);

    // A member (no admin scope) of the same organisation may not read it either.
    const memberSubject = addAccount(stack, { email: `member@${domain}`, email_verified: true });
    const member = await new Browser(stack).signIn(`member@${domain}`, memberSubject);
    expect((await call(stack, `/api/org/${owner.orgId}/sso`, { token: member.body.token })).status).toBe(403);

    // The name and the proven domain are the owner's: the other organisation cannot take either.
    const takenSlug = await call(stack, `/api/org/${other.orgId}/sso`, {
      method: 'PUT',
      token: other.token,
      body: {
        issuer: stack.provider.issuer,
        client_id: 'another-client',
        client_secret: 'another-secret',
        slug,
        default_role_id: await roleIdOf(stack, other, 'Member'),
      },
    });
    expect(takenSlug.status).toBe(409);
    expect(takenSlug.body.message).toBe('That single sign-on name is taken by another organization');
    const takenDomain = await call(stack, `/api/org/${other.orgId}/sso/domains`, {
      token: other.token,
      body: { domain },
    });
    expect(takenDomain.status).toBe(409);
    expect(takenDomain.body.message).toBe(`${domain} is already verified for another organization's single sign-on.`);
  });
});
