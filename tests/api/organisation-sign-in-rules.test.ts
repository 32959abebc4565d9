import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { organisationRuleMessages } from '../../src/contracts';
import { createPerson, newAdministrator, subscribeToBusiness, type Administrator } from './support/administration';
import { scriptProvider } from './support/fake-provider';
import { api, strongPassword, uniqueName } from './support/client';
import { inviteMember, roleIdByName } from './support/invite';

const saveSettings = (admin: Administrator, body: Record<string, unknown>, address?: string) =>
  api(`/org/${admin.orgId}/settings`, { method: 'PUT', token: admin.token, body, address });

async function turnOnTwoFactor(token: string): Promise<string> {
  const setup = await api('/auth/2fa/setup', { token });
  expect(setup.status).toBe(200);
  const { secret } = setup.body;
  const enabled = await api('/auth/2fa/enable', { token, body: { secret, token: await generate({ secret }) } });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return secret;
}

describe('require_2fa: members without two-factor authentication are sent to set it up', () => {
  it('says so at sign-in, refuses everything but the setup, the profile, the branding and logout, and lifts once it is on', async () => {
    const admin = await newAdministrator();
    await subscribeToBusiness(admin);
    const person = await createPerson(admin);
    expect((await saveSettings(admin, { security: { require_2fa: true } })).status).toBe(200);

    const login = await api('/auth/login', { body: { username: person.username, password: strongPassword } });
    expect(login.status).toBe(200);
    expect(login.body.user.two_factor_setup_required).toBe(true);
    const { token } = login.body;

    const refused = await api(`/conversation/session/list/${admin.orgId}/${person.userId}`, { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'two_factor_setup_required',
      message: organisationRuleMessages.twoFactorSetupRequired,
    });
    expect((await api('/conversation/models', { token })).status).toBe(403);
    const chat = await api('/conversation/message', {
      token,
      body: { org_id: admin.orgId, user_id: person.userId, prompt: 'Hello', stream: false },
    });
    expect(chat.status).toBe(403);
    expect(chat.body.code).toBe('two_factor_setup_required');
    expect((await api(`/preferences/user/${person.userId}`, { token })).status).toBe(403);

    const profile = await api('/user/profile', { token });
    expect(profile.status).toBe(200);
    expect(profile.body.user.two_factor_setup_required).toBe(true);
    expect((await api('/org/me/branding', { token })).status).toBe(200);
    const refreshed = await api('/auth/refresh', { body: { refresh_token: login.body.refresh_token } });
    expect(refreshed.status).toBe(200);

    await turnOnTwoFactor(refreshed.body.token);
    expect(
      (await api(`/conversation/session/list/${admin.orgId}/${person.userId}`, { token: refreshed.body.token })).status,
    ).toBe(200);
    expect((await api('/user/profile', { token: refreshed.body.token })).body.user.two_factor_setup_required).toBe(
      false,
    );

    const off = await api('/auth/2fa/disable', { token: refreshed.body.token, body: { token: '123456' } });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(organisationRuleMessages.twoFactorStaysOn);
    expect((await api('/auth/logout', { method: 'POST', token })).status).toBe(200);
  });

  it('applies to sign-ins made before it was turned on, and the admin who turns it on sets it up like everyone', async () => {
    const admin = await newAdministrator();
    await subscribeToBusiness(admin);
    const person = await createPerson(admin);
    const turnedOn = await saveSettings(admin, { security: { require_2fa: true } });
    expect(turnedOn.status).toBe(200);
    expect(turnedOn.body.security.require_2fa).toBe(true);

    expect(
      (await api(`/conversation/session/list/${admin.orgId}/${person.userId}`, { token: person.token })).body.code,
    ).toBe('two_factor_setup_required');
    const adminRefused = await api(`/org/${admin.orgId}/settings`, { token: admin.token });
    expect(adminRefused.status).toBe(403);
    expect(adminRefused.body.code).toBe('two_factor_setup_required');
    await turnOnTwoFactor(admin.token);
    expect((await api(`/org/${admin.orgId}/settings`, { token: admin.token })).status).toBe(200);
    expect((await saveSettings(admin, { security: { require_2fa: false } })).status).toBe(200);
    expect(
      (await api(`/conversation/session/list/${admin.orgId}/${person.userId}`, { token: person.token })).status,
    ).toBe(200);
  });

  it('leaves people who have two-factor authentication, and other organisations, alone', async () => {
    const admin = await newAdministrator();
    await subscribeToBusiness(admin);
    const other = await newAdministrator();
    await turnOnTwoFactor(admin.token);
    expect((await saveSettings(admin, { security: { require_2fa: true } })).status).toBe(200);
    expect((await api(`/org/${admin.orgId}/settings`, { token: admin.token })).status).toBe(200);
    expect((await api(`/org/${other.orgId}/settings`, { token: other.token })).body.security.require_2fa).toBe(false);
    expect(
      (await api(`/conversation/session/list/${other.orgId}/${other.userId}`, { token: other.token })).status,
    ).toBe(200);
    const otherLogin = await api('/auth/login', { body: { username: other.username, password: strongPassword } });
    expect(otherLogin.body.user.two_factor_setup_required).toBe(false);
  });
});

describe('ip_restrictions: sign-ins from outside the allowed networks are refused', () => {
  const office = '203.0.113.10';
  const elsewhere = '198.51.100.20';

  it('refuses login, refresh and every signed-in request from elsewhere, and lets the office in', async () => {
    const admin = await newAdministrator();
    const person = await createPerson(admin);
    const saved = await saveSettings(
      admin,
      { security: { ip_restrictions: ['203.0.113.0/24', '2001:db8::/32'] } },
      office,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const outsideLogin = await api('/auth/login', {
      body: { username: person.username, password: strongPassword },
      address: elsewhere,
    });
    expect(outsideLogin.status).toBe(403);
    expect(outsideLogin.body.message).toBe(organisationRuleMessages.addressNotAllowed(elsewhere));
    // A wrong password from elsewhere is the ordinary 401: the networks are only named to the account's owner.
    expect(
      (await api('/auth/login', { body: { username: person.username, password: 'Wrong-Horse-9' }, address: elsewhere }))
        .status,
    ).toBe(401);

    const login = await api('/auth/login', {
      body: { username: person.username, password: strongPassword },
      address: '203.0.113.77',
    });
    expect(login.status).toBe(200);
    const { token, refresh_token: refreshToken } = login.body;
    const sessions = `/conversation/session/list/${admin.orgId}/${person.userId}`;
    expect((await api(sessions, { token, address: '2001:db8::5' })).status).toBe(200);
    const outside = await api(sessions, { token, address: elsewhere });
    expect(outside.status).toBe(403);
    expect(outside.body.message).toBe(organisationRuleMessages.addressNotAllowed(elsewhere));
    expect((await api('/user/profile', { token, address: elsewhere })).status).toBe(403);
    // The sign-in is refused, not ended: back in the office it goes on.
    expect((await api(sessions, { token, address: office })).status).toBe(200);

    const outsideRefresh = await api('/auth/refresh', { body: { refresh_token: refreshToken }, address: elsewhere });
    expect(outsideRefresh.status).toBe(403);
    expect((await api('/auth/refresh', { body: { refresh_token: refreshToken }, address: office })).status).toBe(200);
    expect((await api('/auth/validate-token', { body: { token }, address: elsewhere })).body).toEqual({ valid: false });
  });

  it('refuses a chat message from elsewhere before any model is asked, even right after one from the office', async () => {
    const admin = await newAdministrator();
    const provider = await scriptProvider({ text: 'From the office' }, { text: 'Should never be asked' });
    expect((await saveSettings(admin, { security: { ip_restrictions: [office] } }, office)).status).toBe(200);
    const send = (prompt: string, address: string) =>
      api('/conversation/message', {
        token: admin.token,
        address,
        body: {
          org_id: admin.orgId,
          user_id: admin.userId,
          prompt: `${prompt} ${provider.marker}`,
          forced_model_id: 'openai/gpt-4o-mini',
          stream: false,
        },
      });
    expect((await send('Hello', office)).status).toBe(200);
    const refused = await send('Hello again', elsewhere);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(organisationRuleMessages.addressNotAllowed(elsewhere));
    expect(await provider.requests()).toHaveLength(1);
    const sessions = await api(`/conversation/session/list/${admin.orgId}/${admin.userId}`, {
      token: admin.token,
      address: office,
    });
    expect(sessions.body.sessions).toHaveLength(1);
  });

  it('refuses restrictions that would lock out the admin saving them, and keeps the old ones', async () => {
    const admin = await newAdministrator();
    const lockout = await saveSettings(admin, { security: { ip_restrictions: ['198.51.100.0/24'] } }, office);
    expect(lockout.status).toBe(400);
    expect(lockout.body.message).toBe(organisationRuleMessages.restrictionsWouldLockYouOut(office));
    expect(lockout.body.fields).toEqual({
      'security.ip_restrictions': organisationRuleMessages.restrictionsWouldLockYouOut(office),
    });
    const current = await api(`/org/${admin.orgId}/settings`, { token: admin.token, address: office });
    expect(current.body.security.ip_restrictions).toEqual([]);
    // Lifting every restriction is always possible.
    expect((await saveSettings(admin, { security: { ip_restrictions: [office] } }, office)).status).toBe(200);
    expect((await saveSettings(admin, { security: { ip_restrictions: [] } }, office)).status).toBe(200);
  });

  it("holds only the organisation's own people to its networks", async () => {
    const admin = await newAdministrator();
    const other = await newAdministrator();
    expect((await saveSettings(admin, { security: { ip_restrictions: [office] } }, office)).status).toBe(200);
    expect(
      (
        await api(`/conversation/session/list/${other.orgId}/${other.userId}`, {
          token: other.token,
          address: elsewhere,
        })
      ).status,
    ).toBe(200);
    expect(
      (await api('/auth/login', { body: { username: other.username, password: strongPassword }, address: elsewhere }))
        .status,
    ).toBe(200);
  });
});

describe('allowed_domains: new people need an e-mail address at an allowed domain', () => {
  it('refuses POST /user and invitations at other domains, accepts the domain and its subdomains', async () => {
    const admin = await newAdministrator();
    expect((await saveSettings(admin, { security: { allowed_domains: ['Corp.Example'] } })).status).toBe(200);
    const roleId = await roleIdByName(admin.token, admin.orgId, 'Member');
    const create = (email: string) =>
      api('/user', {
        token: admin.token,
        body: { username: uniqueName('domain'), email, password: strongPassword, org_id: admin.orgId, role_id: roleId },
      });

    const refused = await create('ada@example.test');
    expect(refused.status).toBe(400);
    const message = organisationRuleMessages.emailDomainNotAllowed('example.test', ['corp.example']);
    expect(refused.body).toMatchObject({ message, fields: { email: message } });
    expect((await create('ada@notcorp.example')).status).toBe(400);
    expect((await create(`${uniqueName('a')}@corp.example`)).status).toBe(201);
    expect((await create(`${uniqueName('b')}@EU.Corp.Example`)).status).toBe(201);

    const invite = await api(`/org/${admin.orgId}/users/invite`, {
      token: admin.token,
      body: { email: 'bob@example.test', role_id: roleId },
    });
    expect(invite.status).toBe(400);
    expect(invite.body.message).toBe(message);
    const users = await api(`/org/${admin.orgId}/users?page=1&limit=50`, { token: admin.token });
    expect(users.body.users.map((user: { email: string }) => user.email.split('@')[1]!.toLowerCase()).sort()).toEqual(
      ['corp.example', 'eu.corp.example', 'example.test'].sort(),
    );
  });

  it('leaves people already in the organisation, and other organisations, alone', async () => {
    const admin = await newAdministrator();
    const other = await newAdministrator();
    const person = await createPerson(admin);
    expect((await saveSettings(admin, { security: { allowed_domains: ['corp.example'] } })).status).toBe(200);
    expect((await api('/auth/login', { body: { username: person.username, password: strongPassword } })).status).toBe(
      200,
    );
    await inviteMember(other.token, other.orgId);
  });
});

describe('GET /org/me/branding', () => {
  it("answers every member their own organisation's branding, with section 9's defaults", async () => {
    const admin = await newAdministrator();
    const other = await newAdministrator();
    const person = await createPerson(admin);
    expect((await api('/org/me/branding', { token: person.token })).body).toEqual({
      branding: { logo_url: null, primary_color: '#3B82F6', application_name: 'LLM Platform' },
    });
    const branding = {
      application_name: 'Acme Assistant',
      primary_color: '#FF5500',
      logo_url: 'https://acme.example/logo.png',
    };
    expect((await saveSettings(admin, { branding })).status).toBe(200);
    expect((await api('/org/me/branding', { token: person.token })).body).toEqual({ branding });
    expect((await api('/org/me/branding', { token: other.token })).body.branding.application_name).toBe('LLM Platform');
    expect((await api('/org/me/branding')).status).toBe(401);
    // Members still cannot read the settings themselves.
    expect((await api(`/org/${admin.orgId}/settings`, { token: person.token })).status).toBe(403);
  });
});
