import type { SaveSingleSignOnRequest, SingleSignOnSettings } from '@contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorBody, type RecordedRequest } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { adminRole, fakeAdminApi, makeListedRole, orgId } from '../../admin/test/fake-admin-api';

const memberRole = makeListedRole('Member', {
  id: '11111111-1111-4111-8111-111111111111',
  role_id: '11111111-1111-4111-8111-111111111111',
});
const financeRole = makeListedRole('Billing Manager', {
  id: '22222222-2222-4222-8222-222222222222',
  role_id: '22222222-2222-4222-8222-222222222222',
});

function emptySettings(): SingleSignOnSettings {
  return {
    connection: null,
    domains: [],
    redirect_uri: 'https://chat.example.com/api/auth/sso/callback',
    scim_base_url: 'https://chat.example.com/scim/v2',
    domain_verification: 'dns',
  };
}

/** The admin API plus a single sign-on that answers as the server does, keeping what is saved. */
function fakeSingleSignOn(start: SingleSignOnSettings = emptySettings()) {
  let settings = start;
  let tokens: {
    id: string;
    name: string;
    token_hint: string;
    created_at: string;
    created_by: string;
    last_used_at: null;
  }[] = [];
  const api = fakeAdminApi({
    roles: [adminRole, memberRole, financeRole],
    routes: {
      [`GET /org/${orgId}/sso`]: () => ({ body: settings }),
      [`PUT /org/${orgId}/sso`]: (request) => {
        const body = request.body as SaveSingleSignOnRequest;
        settings = {
          ...settings,
          connection: {
            issuer: body.issuer,
            client_id: body.client_id,
            client_secret_hint: '…cret',
            slug: body.slug,
            default_role_id: body.default_role_id,
            groups_claim: body.groups_claim ?? null,
            group_mappings: body.group_mappings,
            enabled: body.enabled,
            enforced: body.enforced,
            updated_at: new Date().toISOString(),
          },
        };
        return { body: settings };
      },
      [`POST /org/${orgId}/sso/test`]: (request) => {
        const body = request.body as { client_secret?: string };
        const clientOk = body.client_secret === 'the-secret';
        return {
          body: {
            ok: clientOk,
            checks: [
              { name: 'issuer', ok: true, detail: 'The issuer URL is allowed' },
              { name: 'discovery', ok: true, detail: 'The discovery document was read and names this issuer' },
              { name: 'keys', ok: true, detail: '1 signing key published' },
              clientOk
                ? { name: 'client', ok: true, detail: 'The identity provider accepted the client ID and secret' }
                : { name: 'client', ok: false, detail: 'invalid_client: client authentication failed' },
            ],
          },
        };
      },
      [`POST /org/${orgId}/sso/domains`]: (request) => {
        const { domain } = request.body as { domain: string };
        const added = {
          domain,
          verified: false,
          verified_at: null,
          verified_by: null,
          record_name: `_tokenwise-challenge.${domain}`,
          record_value: 'tokenwise-domain-verification=abc123',
        };
        settings = { ...settings, domains: [...settings.domains, added] };
        return { status: 201, body: added };
      },
      [`POST /org/${orgId}/sso/domains/acme.test/verify`]: () => ({
        status: 400,
        body: apiErrorBody(
          'validation_failed',
          'The TXT record was not found. Add a TXT record named _tokenwise-challenge.acme.test with the value tokenwise-domain-verification=abc123, then try again (DNS changes can take a few minutes).',
        ),
      }),
      [`GET /org/${orgId}/scim-tokens`]: () => ({ body: { tokens } }),
      [`POST /org/${orgId}/scim-tokens`]: (request) => {
        const { name } = request.body as { name: string };
        const created = {
          id: '33333333-3333-4333-8333-333333333333',
          name,
          token_hint: '…wxyz',
          created_at: new Date().toISOString(),
          created_by: 'ada',
          last_used_at: null,
        };
        tokens = [created];
        return { status: 201, body: { ...created, token: 'scim_secret-token-wxyz' } };
      },
    },
  });
  return api;
}

// The first render loads the page's lazy chunks, slow on a busy machine.
const ssoCard = async () => screen.findByRole('region', { name: 'Single sign-on' }, { timeout: 30_000 });
const sent = (requests: RecordedRequest[], key: string) =>
  requests.filter((request) => `${request.method} ${request.path.replace(/^\/api/, '')}` === key);

describe('the Organization page’s Single sign-on card', { timeout: 90_000 }, () => {
  it('tests the connection before saving, saying which step failed, then saves it', async () => {
    const { requests } = fakeSingleSignOn();
    renderApp('/admin/organization');
    const card = await ssoCard();
    expect(await within(card).findByText('https://chat.example.com/api/auth/sso/callback')).toBeInTheDocument();

    await userEvent.type(within(card).getByLabelText('Issuer URL'), 'https://login.acme.test');
    await userEvent.type(within(card).getByLabelText('Client ID'), 'tokenwise');
    await userEvent.type(within(card).getByLabelText('Client secret'), 'wrong');
    await userEvent.click(within(card).getByRole('button', { name: 'Test connection' }));
    const failed = await within(card).findByText('The connection does not work yet.');
    expect(failed.parentElement).toHaveTextContent(
      'Client ID and secret: failed — invalid_client: client authentication failed',
    );

    await userEvent.clear(within(card).getByLabelText('Client secret'));
    await userEvent.type(within(card).getByLabelText('Client secret'), 'the-secret');
    await userEvent.click(within(card).getByRole('button', { name: 'Test connection' }));
    expect(await within(card).findByText('The connection works.')).toBeInTheDocument();

    await userEvent.type(within(card).getByLabelText('Single sign-on name'), 'acme');
    await userEvent.type(within(card).getByLabelText('Group claim'), 'groups');
    await userEvent.click(within(card).getByRole('button', { name: 'Add group mapping' }));
    await userEvent.type(within(card).getByLabelText('Group 1'), 'finance');
    await userEvent.selectOptions(within(card).getByLabelText('Role for group 1'), 'Billing Manager');
    await userEvent.click(within(card).getByRole('button', { name: 'Save single sign-on' }));

    await waitFor(() => expect(sent(requests, `PUT /org/${orgId}/sso`)).toHaveLength(1));
    expect(sent(requests, `PUT /org/${orgId}/sso`)[0]!.body).toEqual({
      issuer: 'https://login.acme.test',
      client_id: 'tokenwise',
      client_secret: 'the-secret',
      slug: 'acme',
      default_role_id: memberRole.id,
      groups_claim: 'groups',
      group_mappings: [{ group: 'finance', role_id: financeRole.id }],
      enabled: true,
      enforced: false,
    });
    // Saved: the secret is not shown again, only its hint.
    expect(await within(card).findByText('Stored (…cret). Leave empty to keep it.')).toBeInTheDocument();
    expect(within(card).getByLabelText('Client secret')).toHaveValue('');
  });

  it('names the fields to correct before calling the server', async () => {
    const { requests } = fakeSingleSignOn();
    renderApp('/admin/organization');
    const card = await ssoCard();
    await userEvent.type(await within(card).findByLabelText('Issuer URL'), 'not a url');
    await userEvent.click(within(card).getByRole('button', { name: 'Save single sign-on' }));
    expect(await within(card).findByText('Issuer URL must be an https:// address')).toBeInTheDocument();
    expect(within(card).getByText('Client ID is required')).toBeInTheDocument();
    expect(within(card).getByText('Client secret is required')).toBeInTheDocument();
    expect(within(card).getByLabelText('Issuer URL')).toHaveAttribute('aria-invalid', 'true');
    expect(sent(requests, `PUT /org/${orgId}/sso`)).toHaveLength(0);
  });

  it('adds a domain, shows the TXT record to publish, and says why verifying failed', async () => {
    fakeSingleSignOn();
    renderApp('/admin/organization');
    const card = await ssoCard();
    await userEvent.type(await within(card).findByLabelText('Add a domain'), 'acme.test');
    await userEvent.click(within(card).getByRole('button', { name: 'Add domain' }));
    expect(await within(card).findByText('_tokenwise-challenge.acme.test')).toBeInTheDocument();
    expect(within(card).getByText('tokenwise-domain-verification=abc123')).toBeInTheDocument();
    expect(within(card).getByText('Not verified')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Verify acme.test' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('The TXT record was not found.');
  });

  it('creates a SCIM token and shows it once', async () => {
    fakeSingleSignOn();
    renderApp('/admin/organization');
    const card = await ssoCard();
    expect(await within(card).findByText('https://chat.example.com/scim/v2')).toBeInTheDocument();
    await userEvent.type(within(card).getByLabelText('New token name'), 'Okta');
    await userEvent.click(within(card).getByRole('button', { name: 'Create token' }));
    expect(await within(card).findByTestId('new-scim-token')).toHaveTextContent('scim_secret-token-wxyz');
    expect(await within(card).findByRole('button', { name: 'Revoke Okta' })).toBeInTheDocument();
  });
});
