import { defaultOrganisationSettings, type AuditEntry } from '@contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { adminRole, fakeAdminApi, orgId } from '../../admin/test/fake-admin-api';

async function openOrganization() {
  const app = renderApp('/admin/organization');
  await screen.findByRole('heading', { name: 'Organization Settings' });
  return app;
}

const card = (title: string) => screen.getByRole('region', { name: title });
const fact = (title: string, label: string) => within(card(title)).getByText(label).nextElementSibling?.textContent;

describe('Organization Settings: view mode', () => {
  it('shows the four cards, the settings and all-time usage', async () => {
    fakeAdminApi({
      organizationUsage: {
        totalRequests: 1234,
        totalTokens: 98765,
        totalCost: 12.345,
        lastActive: '2026-03-04T05:06:07.000Z',
      },
    });
    await openOrganization();
    expect(fact('Organization Details', 'Name')).toBe('Acme');
    expect(fact('Organization Details', 'Contact email')).toBe('it@acme.test');
    expect(fact('Organization Details', 'Size')).toBe('11-50 employees');
    expect(fact('Account Information', 'Subscription')).toBe('free');
    expect(fact('Team Overview', 'Users')).toBe('2');
    expect(fact('Team Overview', 'Roles')).toBe('5');
    expect(within(card('Team Overview')).getByRole('link', { name: 'Manage Users' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
    expect(within(card('Team Overview')).getByRole('link', { name: 'Manage Roles' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
    await waitFor(() => expect(fact('Usage Summary', 'API Requests')).toBe('1,234'));
    expect(fact('Usage Summary', 'Tokens Used')).toBe('98,765');
    expect(fact('Usage Summary', 'Total Cost')).toBe('$12.35');
    expect(fact('Usage Summary', 'Last Active')).toMatch(/2026/);
    expect(fact('General Settings', 'Default model')).toBe('Auto (the router chooses)');
    expect(fact('General Settings', 'Max tokens per request')).toBe('4,000');
    expect(fact('Security', 'Session timeout')).toBe('60 minutes');
    expect(fact('Branding', 'Application name')).toBe('LLM Platform');
    expect(screen.getByRole('button', { name: 'Edit Settings' })).toBeInTheDocument();
  });

  it('shows zeros when the usage call fails or is missing', async () => {
    fakeAdminApi({ organizationUsage: 'missing' });
    await openOrganization();
    await waitFor(() => expect(fact('Usage Summary', 'Last Active')).toBe('Never'));
    expect(fact('Usage Summary', 'API Requests')).toBe('0');
    expect(fact('Usage Summary', 'Total Cost')).toBe('$0.00');
  });

  it("shows section 9's defaults, and says so, when the settings fail to load", async () => {
    fakeAdminApi({ settings: { status: 500, message: 'Internal server error' } });
    await openOrganization();
    expect(screen.getByText('The saved settings could not be loaded, so the defaults are shown.')).toBeInTheDocument();
    expect(fact('General Settings', 'Retention period')).toBe('30 days');
    expect(fact('General Settings', 'Default temperature')).toBe('0.7');
    expect(fact('Branding', 'Primary color')).toBe('#3B82F6');
    // Section 9's fallback is audit off, though organisations now start with it on.
    expect(fact('General Settings', 'Audit log')).toBe('Off');
    expect(
      within(card('Audit Log')).getByText(/The audit log is turned off for this organization/),
    ).toBeInTheDocument();
  });

  it('explains that the audit log is off', async () => {
    const { requests } = fakeAdminApi();
    await openOrganization();
    expect(
      within(card('Audit Log')).getByText(/The audit log is turned off for this organization/),
    ).toBeInTheDocument();
    expect(requests.some((request) => request.path.includes('/audit'))).toBe(false);
  });

  it('lists the audit entries with who, what, when and the values before and after', async () => {
    const entry: AuditEntry = {
      id: 'a1',
      action: 'settings.update',
      target_type: 'settings',
      target_id: orgId,
      actor_user_id: 'user-1',
      actor_username: 'ada',
      created_at: '2026-03-04T05:06:07.000Z',
      before: { enable_audit: false, branding: { application_name: 'LLM Platform' } },
      after: { enable_audit: true, branding: { application_name: 'Acme AI' } },
    };
    fakeAdminApi({ settings: { ...defaultOrganisationSettings, enable_audit: true }, audit: [entry] });
    await openOrganization();
    const entries = await within(card('Audit Log')).findByRole('list', { name: 'Audit entries' });
    const item = within(entries).getByRole('listitem');
    expect(item).toHaveTextContent('ada Changed the settings');
    expect(within(item).getByRole('rowheader', { name: 'branding.application_name' }).closest('tr')).toHaveTextContent(
      'branding.application_nameLLM PlatformAcme AI',
    );
    expect(within(item).getByText(/2026/)).toHaveAttribute('datetime', entry.created_at);
    expect(within(card('Audit Log')).getByText('Page 1 of 1')).toBeInTheDocument();
  });
});

describe('Organization Settings: edit mode', () => {
  it('checks the form with the spec texts and Cancel leaves everything as it was', async () => {
    const { requests } = fakeAdminApi();
    await openOrganization();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Settings' }));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(
      within(screen.getByLabelText('Size'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', '1-10', '11-50', '51-200', '201-500', '501+']);
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.clear(screen.getByLabelText('Contact email'));
    await userEvent.clear(screen.getByLabelText('Session timeout (minutes)'));
    await userEvent.type(screen.getByLabelText('Session timeout (minutes)'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Contact email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Session timeout (minutes)')).toHaveAccessibleDescription(
      'Session timeout must be between 5 and 43,200 minutes',
    );
    await userEvent.type(screen.getByLabelText('Name'), 'X');
    expect(screen.queryByText('Name is required')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fact('Organization Details', 'Name')).toBe('Acme');
    expect(screen.getByRole('button', { name: 'Edit Settings' })).toHaveFocus();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('saves the details and only the settings that changed, then reads the audit log', async () => {
    const { requests } = fakeAdminApi({ audit: [] });
    await openOrganization();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Settings' }));
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Acme Labs');
    await userEvent.selectOptions(screen.getByLabelText('Size'), '51-200');
    await userEvent.selectOptions(screen.getByLabelText('Default model'), 'GPT-4o mini');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Enable audit log' }));
    await userEvent.type(screen.getByLabelText('Allowed email domains'), 'acme.test{Enter}Example.org');
    await userEvent.clear(screen.getByLabelText('Application name'));
    await userEvent.type(screen.getByLabelText('Application name'), 'Acme AI');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.getByText('Organization settings saved')).toBeInTheDocument());
    const puts = requests.filter((request) => request.method === 'PUT');
    expect(puts.map((request) => request.path)).toEqual([`/api/org/${orgId}`, `/api/org/${orgId}/settings`]);
    expect(puts[0]!.body).toEqual({
      name: 'Acme Labs',
      contact_email: 'it@acme.test',
      size: '51-200',
      domain: 'acme.test',
      industry: 'Software',
    });
    expect(puts[1]!.body).toEqual({
      default_model: 'openai/gpt-4o-mini',
      enable_audit: true,
      security: { allowed_domains: ['acme.test', 'example.org'] },
      branding: { application_name: 'Acme AI' },
    });
    expect(await within(card('Audit Log')).findByText('No changes recorded yet.')).toBeInTheDocument();
    expect(fact('Branding', 'Application name')).toBe('Acme AI');
    expect(fact('Security', 'Allowed email domains')).toBe('acme.test, example.org');
    // The admin's own top bar takes the new name at once, without waiting for the next read.
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Acme AI'));
  });

  it('switches API access off and restricts keys to networks, sending only the API access changes', async () => {
    const { requests } = fakeAdminApi();
    await openOrganization();
    expect(fact('API Access', 'API access for programs')).toBe('On');
    expect(fact('API Access', 'API key IP restrictions')).toBe('Same as sign-ins');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Settings' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Allow API access for programs' }));
    await userEvent.type(screen.getByLabelText('API key IP restrictions'), 'nowhere');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByLabelText('API key IP restrictions')).toHaveAccessibleDescription(
      expect.stringContaining('Each API key IP restriction must be an IP address or a network in CIDR notation'),
    );
    await userEvent.clear(screen.getByLabelText('API key IP restrictions'));
    await userEvent.type(screen.getByLabelText('API key IP restrictions'), '198.51.100.0/24');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByText('Organization settings saved')).toBeInTheDocument());
    const settingsPuts = requests.filter((request) => request.method === 'PUT' && request.path.endsWith('/settings'));
    expect(settingsPuts.map((request) => request.body)).toEqual([
      { api_access: { enabled: false, ip_restrictions: ['198.51.100.0/24'] } },
    ]);
    expect(fact('API Access', 'API access for programs')).toBe('Off');
    expect(fact('API Access', 'API key IP restrictions')).toBe('198.51.100.0/24');
  });

  it("shows the server's refusal in the red banner and on its field, staying in edit mode", async () => {
    const refusal = 'Each allowed domain must be a domain name, such as example.com';
    fakeAdminApi({
      routes: {
        [`PUT /org/${orgId}/settings`]: () => ({
          status: 400,
          body: {
            code: 'validation_failed',
            message: refusal,
            detail: refusal,
            fields: { 'security.allowed_domains.0': refusal },
          },
        }),
      },
    });
    await openOrganization();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Settings' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Enable audit log' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByTestId('error-banner')).toHaveTextContent(refusal);
    expect(screen.getByLabelText('Allowed email domains')).toHaveAccessibleDescription(
      expect.stringContaining(refusal),
    );
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });
});

describe('Organization Settings: models and provider keys', () => {
  it('offers as default model only what the organisation can reach, and a saved Google key makes Gemini available', async () => {
    const { requests } = fakeAdminApi();
    await openOrganization();
    const keys = card('Provider Keys');
    const provider = (name: string) => within(keys).getByRole('listitem', { name });
    expect(await within(provider('Google Gemini')).findByText('No key: its 1 models cannot be used yet')).toBeVisible();
    expect(within(provider('OpenAI')).getByTestId('provider-status')).toHaveTextContent(
      "Available through this service's key",
    );

    await userEvent.click(screen.getByRole('button', { name: 'Edit Settings' }));
    const defaultModel = () => within(screen.getByLabelText('Default model'));
    const gemini = () => defaultModel().getByRole('option', { name: 'Gemini 2.5 Pro (needs a key)' });
    expect(gemini()).toBeDisabled();
    expect(gemini().parentElement).toHaveAttribute('label', 'Needs a provider key');
    expect(defaultModel().getByRole('option', { name: 'GPT-4o' })).toBeEnabled();
    expect(screen.getByLabelText('Default model')).toHaveAccessibleDescription(
      'Models of a provider without a key need one first: add it under Provider Keys.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await userEvent.click(within(provider('Google Gemini')).getByRole('button', { name: 'Add Google Gemini key' }));
    await userEvent.click(within(keys).getByRole('button', { name: 'Save key' }));
    // The server's refusal shows at its field.
    expect(await within(keys).findByText('Enter the API key')).toBeInTheDocument();
    await userEvent.type(within(keys).getByLabelText('API key'), 'AIza-test-key-9876');
    await userEvent.click(within(keys).getByRole('button', { name: 'Save key' }));
    await waitFor(() =>
      expect(within(provider('Google Gemini')).getByTestId('provider-status')).toHaveTextContent('Your key …9876'),
    );
    expect(
      requests.filter((request) => request.method === 'PUT' && request.path.endsWith('/provider-keys/google')).at(-1)
        ?.body,
    ).toEqual({
      api_key: 'AIza-test-key-9876',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Edit Settings' }));
    await waitFor(() => expect(defaultModel().getByRole('option', { name: 'Gemini 2.5 Pro' })).toBeEnabled());
    expect(defaultModel().queryByRole('option', { name: /needs a key/ })).toBeNull();
  });
});

describe('Organization Settings: access', () => {
  it('shows Access Denied to a user manager (the admin scope)', async () => {
    const userManager = {
      ...adminRole,
      id: 'role-um',
      role_id: 'role-um',
      name: 'User Manager',
      scopes: ['user-management' as const],
      unlimited: false,
    };
    fakeAdminApi({ me: makeUser({ role: 'user manager', role_id: 'role-um' }), myRole: userManager });
    renderApp('/admin/organization');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument());
  });

  it.each(['Super Admin', 'Owners'])('opens for a role named %s that stores the admin scope', async (name) => {
    const role = { ...adminRole, id: 'role-other', role_id: 'role-other', name, scopes: ['admin' as const] };
    fakeAdminApi({ me: makeUser({ role: name.toLowerCase(), role_id: 'role-other' }), myRole: role });
    const app = await openOrganization();
    expect(app.currentPath()).toBe('/admin/organization');
  });

  it("denies a role named 'Admin' that does not store the admin scope", async () => {
    const named = {
      ...adminRole,
      id: 'role-named',
      role_id: 'role-named',
      scopes: ['billing' as const],
      unlimited: false,
    };
    fakeAdminApi({ me: makeUser({ role: 'admin', role_id: 'role-named' }), myRole: named });
    renderApp('/admin/organization');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Organization Settings' })).toBeNull();
  });
});

describe('Organization Settings: requiring two-factor authentication', () => {
  async function turnOnRequireTwoFactor() {
    await userEvent.click(screen.getByRole('button', { name: 'Edit Settings' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Require two-factor authentication' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  }

  it('warns an admin without two-factor before saving, saves nothing on Cancel, and takes them to its setup once saved', async () => {
    const { requests } = fakeAdminApi({
      me: makeUser({ role: 'admin', role_id: adminRole.id, two_factor_enabled: false }),
    });
    const app = await openOrganization();
    await turnOnRequireTwoFactor();
    const warning = await screen.findByRole('alertdialog', { name: 'Require two-factor authentication?' });
    expect(warning).toHaveTextContent(
      'You have not set up two-factor authentication yourself. Once this is saved you will be taken to set it up before you can do anything else',
    );
    await userEvent.click(within(warning).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    // Still editing, with the choice kept.
    expect(screen.getByRole('checkbox', { name: 'Require two-factor authentication' })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save and set up two-factor' }),
    );
    await waitFor(() => expect(app.currentPath()).toBe('/setup-two-factor'));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ security: { require_2fa: true } });
  });

  it('saves at once for an admin who has two-factor already', async () => {
    const { requests } = fakeAdminApi({
      me: makeUser({ role: 'admin', role_id: adminRole.id, two_factor_enabled: true }),
    });
    const app = await openOrganization();
    await turnOnRequireTwoFactor();
    await waitFor(() => expect(screen.getByText('Organization settings saved')).toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ security: { require_2fa: true } });
    expect(app.currentPath()).toBe('/admin/organization');
  });
});
