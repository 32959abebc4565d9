import { describe, expect, it } from 'vitest';
import { api } from './support/client';
import {
  auditEntries,
  createPerson,
  enableAudit,
  newAdministrator,
  subscribeToBusiness,
} from './support/administration';

/** Spec section 9's settings: an organisation that never saved any (made before issue 21) has these. */
const defaults = {
  default_model: null,
  enable_logging: true,
  enable_audit: false,
  retention_period_days: 30,
  max_tokens_per_request: 4000,
  default_temperature: 0.7,
  security: { require_2fa: false, session_timeout_minutes: 60, ip_restrictions: [], allowed_domains: [] },
  branding: { logo_url: null, primary_color: '#3B82F6', application_name: 'LLM Platform' },
};
/** What an organisation signed up now starts with: the audit log on (issue 21 item 9). */
const newOrganisation = { ...defaults, enable_audit: true };

describe('the organisation (scope admin)', () => {
  it('GET /org/me and /org/{orgId} answer the caller organisation with its numbers of people and roles', async () => {
    const admin = await newAdministrator();
    const person = await createPerson(admin);
    const me = await api('/org/me', { token: admin.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: admin.orgId,
      name: `Org ${admin.username}`,
      domain: null,
      size: null,
      industry: null,
      contact_email: admin.signedUp.email,
      subscription_tier: 'free',
      created_at: expect.any(String),
      total_users: 2,
      total_roles: 5,
    });
    expect((await api(`/org/${admin.orgId}`, { token: admin.token })).body).toEqual(me.body);
    await api(`/org/${admin.orgId}/users/${person.userId}`, { method: 'DELETE', token: admin.token });
    expect((await api('/org/me', { token: admin.token })).body.total_users).toBe(1);
  });

  it('PUT /org/{orgId} saves the details; fields left out stay, empty ones clear', async () => {
    const admin = await newAdministrator();
    const saved = await api(`/org/${admin.orgId}`, {
      method: 'PUT',
      token: admin.token,
      body: {
        name: 'Acme Research',
        domain: 'Acme.Example',
        size: '51-200',
        industry: 'Research',
        contact_email: 'ops@acme.example',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: 'Acme Research',
      domain: 'acme.example',
      size: '51-200',
      industry: 'Research',
      contact_email: 'ops@acme.example',
    });
    const renamed = await api(`/org/${admin.orgId}`, {
      method: 'PUT',
      token: admin.token,
      body: { name: 'Acme', industry: '' },
    });
    expect(renamed.body).toMatchObject({
      name: 'Acme',
      domain: 'acme.example',
      size: '51-200',
      industry: null,
      contact_email: 'ops@acme.example',
    });
    expect((await api('/org/me', { token: admin.token })).body.name).toBe('Acme');
    expect((await api('/user/profile', { token: admin.token })).body.user.org_name).toBe('Acme');
  });

  it('validates the organisation form with the spec texts', async () => {
    const admin = await newAdministrator();
    const put = (body: Record<string, unknown>) =>
      api(`/org/${admin.orgId}`, { method: 'PUT', token: admin.token, body });
    expect((await put({ domain: 'acme.example' })).body.message).toBe('Name is required');
    expect((await put({ name: '  ' })).body.message).toBe('Name is required');
    expect((await put({ name: 'Acme', size: '12' })).body.message).toBe(
      'Size must be one of 1-10, 11-50, 51-200, 201-500, 501+',
    );
    expect((await put({ name: 'Acme', contact_email: 'nobody' })).body.message).toBe(
      'Please enter a valid email address.',
    );
    expect((await put({ name: 'Acme', contact_email: '' })).body.message).toBe('Contact email is required');
    expect((await put({ name: 'Acme', domain: 'https://acme.example' })).body.message).toBe(
      'Domain must be a domain name, such as example.com',
    );
    for (const size of ['1-10', '11-50', '51-200', '201-500', '501+'])
      expect((await put({ name: 'Acme', size })).status).toBe(200);
    expect((await api('/org/me', { token: admin.token })).body).toMatchObject({
      name: 'Acme',
      contact_email: admin.signedUp.email,
    });
  });

  it('answers 403 to a member and to a user manager, and for another organisation', async () => {
    const admin = await newAdministrator();
    const other = await newAdministrator();
    const member = await createPerson(admin);
    const userManager = await createPerson(admin, { name: 'User Manager' });
    for (const caller of [member, userManager]) {
      expect((await api('/org/me', { token: caller.token })).status).toBe(403);
      expect((await api(`/org/${admin.orgId}`, { token: caller.token })).status).toBe(403);
      expect(
        (await api(`/org/${admin.orgId}`, { method: 'PUT', token: caller.token, body: { name: 'Taken over' } })).status,
      ).toBe(403);
      expect((await api(`/org/${admin.orgId}/settings`, { token: caller.token })).status).toBe(403);
      expect(
        (
          await api(`/org/${admin.orgId}/settings`, {
            method: 'PUT',
            token: caller.token,
            body: { enable_audit: true },
          })
        ).status,
      ).toBe(403);
      expect((await api(`/org/${admin.orgId}/audit`, { token: caller.token })).status).toBe(403);
    }
    expect((await api(`/org/${other.orgId}`, { token: admin.token })).status).toBe(403);
    expect(
      (await api(`/org/${other.orgId}`, { method: 'PUT', token: admin.token, body: { name: 'Taken over' } })).status,
    ).toBe(403);
    expect((await api(`/org/${other.orgId}/settings`, { token: admin.token })).status).toBe(403);
    expect(
      (await api(`/org/${other.orgId}/settings`, { method: 'PUT', token: admin.token, body: { enable_audit: true } }))
        .status,
    ).toBe(403);
    expect((await api(`/org/${other.orgId}/audit`, { token: admin.token })).status).toBe(403);
    expect((await api('/org/me', { token: other.token })).body.name).toBe(`Org ${other.username}`);
    expect((await api(`/org/${other.orgId}/settings`, { token: other.token })).body).toEqual(newOrganisation);
  });
});

describe('organisation settings (scope admin)', () => {
  it("answers section 9's defaults with the audit log on until saved, then what was saved, field by field", async () => {
    const admin = await newAdministrator();
    const path = `/org/${admin.orgId}/settings`;
    // From inside the networks it saves (decision 021: an admin cannot lock themselves out).
    const address = '203.0.113.7';
    expect((await api(path, { token: admin.token, address })).body).toEqual(newOrganisation);
    const saved = await api(path, {
      method: 'PUT',
      token: admin.token,
      address,
      body: {
        default_model: 'anthropic/claude-3-5-haiku-latest',
        retention_period_days: 90,
        default_temperature: 1.25,
        security: {
          session_timeout_minutes: 30,
          ip_restrictions: ['203.0.113.0/24', '2001:db8::1'],
          allowed_domains: ['Example.COM'],
        },
        branding: { logo_url: 'https://cdn.example.com/logo.png', primary_color: '#10b981' },
      },
    });
    expect(saved.status).toBe(200);
    const expected = {
      ...newOrganisation,
      default_model: 'anthropic/claude-3-5-haiku-latest',
      retention_period_days: 90,
      default_temperature: 1.25,
      security: {
        require_2fa: false,
        session_timeout_minutes: 30,
        ip_restrictions: ['203.0.113.0/24', '2001:db8::1'],
        allowed_domains: ['example.com'],
      },
      branding: {
        logo_url: 'https://cdn.example.com/logo.png',
        primary_color: '#10b981',
        application_name: 'LLM Platform',
      },
    };
    expect(saved.body).toEqual(expected);
    expect((await api(path, { token: admin.token, address })).body).toEqual(expected);
    const back = await api(path, {
      method: 'PUT',
      token: admin.token,
      address,
      body: { default_model: null, branding: { logo_url: null }, security: { ip_restrictions: [] } },
    });
    expect(back.body).toMatchObject({
      default_model: null,
      branding: { logo_url: null, primary_color: '#10b981' },
      security: { session_timeout_minutes: 30, ip_restrictions: [] },
    });
  });

  it('refuses values out of range with a clear message and saves nothing', async () => {
    const admin = await newAdministrator();
    const path = `/org/${admin.orgId}/settings`;
    const put = (body: Record<string, unknown>) => api(path, { method: 'PUT', token: admin.token, body });
    const refusals: [Record<string, unknown>, string][] = [
      [{ default_temperature: 2.01 }, 'Default temperature must be between 0 and 2'],
      [{ default_temperature: -0.1 }, 'Default temperature must be between 0 and 2'],
      [{ default_temperature: 0.333 }, 'Default temperature must have at most 2 decimal places'],
      [{ retention_period_days: 0 }, 'Retention period must be between 1 and 3,650 days'],
      [{ retention_period_days: 1.5 }, 'Retention period must be a whole number'],
      [{ max_tokens_per_request: 0 }, 'Max tokens per request must be between 1 and 1,000,000 tokens'],
      [{ security: { session_timeout_minutes: 4 } }, 'Session timeout must be between 5 and 43,200 minutes'],
      [
        { security: { ip_restrictions: ['10.0.0.0/33'] } },
        'Each IP restriction must be an IP address or a network in CIDR notation, such as 203.0.113.0/24',
      ],
      [
        { security: { ip_restrictions: ['intranet'] } },
        'Each IP restriction must be an IP address or a network in CIDR notation, such as 203.0.113.0/24',
      ],
      [
        { security: { allowed_domains: ['*.example.com'] } },
        'Each allowed domain must be a domain name, such as example.com',
      ],
      [
        { security: { allowed_domains: ['localhost'] } },
        'Each allowed domain must be a domain name, such as example.com',
      ],
      [{ branding: { primary_color: 'blue' } }, 'Primary color must look like #RRGGBB'],
      [{ branding: { primary_color: '#12345' } }, 'Primary color must look like #RRGGBB'],
      [{ branding: { logo_url: 'http://cdn.example.com/logo.png' } }, 'Logo URL must be an https:// address'],
      [{ branding: { logo_url: 'javascript:alert(1)' } }, 'Logo URL must be an https:// address'],
      [{ branding: { application_name: ' ' } }, 'Application name is required'],
      [
        { default_model: 'gpt-3.5-turbo' },
        "Unknown model 'gpt-3.5-turbo'. Use a model ID from the catalog, such as openai/gpt-4o-mini.",
      ],
      [{ enable_audit: 'yes' }, 'enable_audit must be true or false'],
    ];
    for (const [body, message] of refusals) {
      const answer = await put(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message, JSON.stringify(body)).toBe(message);
    }
    expect((await api(path, { token: admin.token })).body).toEqual(newOrganisation);
    for (const edge of [
      { default_temperature: 0 },
      { default_temperature: 2 },
      { retention_period_days: 1 },
      { security: { session_timeout_minutes: 5 } },
    ]) {
      expect((await put(edge)).status).toBe(200);
    }
  });
});

describe('the audit log (scope admin, while enable_audit is on)', () => {
  it('is readable from the start: a new organisation has the audit log on, read on a plan that includes it', async () => {
    const admin = await newAdministrator();
    await api(`/org/${admin.orgId}`, { method: 'PUT', token: admin.token, body: { name: 'First week' } });
    await subscribeToBusiness(admin);
    const entries = await auditEntries(admin);
    expect(entries.map((entry) => entry.action)).toEqual(['subscription.purchase', 'organization.update']);
    expect(entries[1]!.after).toMatchObject({ name: 'First week' });
  });

  it('answers 403 with a clear message while enable_audit is off, yet records every change', async () => {
    const admin = await newAdministrator();
    await subscribeToBusiness(admin);
    await api(`/org/${admin.orgId}/settings`, { method: 'PUT', token: admin.token, body: { enable_audit: false } });
    await api(`/org/${admin.orgId}`, { method: 'PUT', token: admin.token, body: { name: 'Before audit' } });
    const off = await api(`/org/${admin.orgId}/audit`, { token: admin.token });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(
      'The audit log is turned off for this organization. Turn on enable_audit in the organization settings to read it.',
    );
    await enableAudit(admin);
    const entries = await auditEntries(admin);
    // Newest first, down to the Business subscription the audit log needs.
    expect(entries.map((entry) => entry.action)).toEqual([
      'settings.update',
      'organization.update',
      'settings.update',
      'subscription.purchase',
    ]);
    const [settingsOn, organisation, settingsOff] = entries;
    expect(organisation).toMatchObject({
      target_type: 'organization',
      target_id: admin.orgId,
      actor_user_id: admin.userId,
      actor_username: admin.username,
    });
    expect(organisation!.before).toMatchObject({ name: `Org ${admin.username}` });
    expect(organisation!.after).toMatchObject({ name: 'Before audit' });
    expect(settingsOff).toMatchObject({ target_type: 'settings', before: newOrganisation, after: defaults });
    expect(settingsOn).toMatchObject({ target_type: 'settings', before: defaults, after: newOrganisation });
    // Turned off again, the log cannot be read: the change that turned it off is recorded all the same.
    await api(`/org/${admin.orgId}/settings`, { method: 'PUT', token: admin.token, body: { enable_audit: false } });
    expect((await api(`/org/${admin.orgId}/audit`, { token: admin.token })).status).toBe(403);
  });

  it('pages newest first with the total', async () => {
    const admin = await newAdministrator();
    await enableAudit(admin);
    for (const name of ['One', 'Two', 'Three'])
      await api(`/org/${admin.orgId}`, { method: 'PUT', token: admin.token, body: { name } });
    const page = await api(`/org/${admin.orgId}/audit?page=2&limit=2`, { token: admin.token });
    expect(page.status).toBe(200);
    // The Business subscription the audit log needs is the oldest entry.
    expect(page.body).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(page.body.entries.map((entry: { after: { name?: string } }) => entry.after.name)).toEqual([
      'One',
      undefined,
    ]);
    expect((await api(`/org/${admin.orgId}/audit?limit=500`, { token: admin.token })).body.message).toBe(
      'Limit must be a whole number from 1 to 100',
    );
  });
});
