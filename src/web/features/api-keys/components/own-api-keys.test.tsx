import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { makeUser, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { fakeKeyRoutes, makeApiKey } from '../test/fake-api-keys';
import { noOwnKeysText } from './own-api-keys';

async function openApiKeys() {
  signIn();
  renderApp('/profile/settings');
  await userEvent.click(await screen.findByRole('tab', { name: 'API Keys' }));
  await screen.findByRole('heading', { name: 'API keys' });
}

describe('Profile Settings → API Keys', () => {
  it('lists the keys with prefix, created, last used, expiry and usage against the budget', async () => {
    const fake = fakeKeyRoutes('/api-keys', [
      makeApiKey('Notebook', {
        last_used_at: '2026-11-26T09:30:00.000Z',
        last_used_address: '198.51.100.7',
        expires_at: '2027-01-31T23:59:59.999Z',
        monthly_budget_usd: 25,
        usage_this_month_usd: 3.5,
      }),
    ]);
    fakeApi({ routes: fake.routes });
    await openApiKeys();
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Notebook/ });
    expect(row).toHaveTextContent('tw-ab12cd34…');
    expect(row).toHaveTextContent('Nov 2, 2026');
    expect(row).toHaveTextContent('from 198.51.100.7');
    expect(row).toHaveTextContent('Jan 31, 2027');
    expect(row).toHaveTextContent('$3.50 of $25.00');
    expect(row).toHaveTextContent('Active');
  });

  it('creates a key with an expiry and a budget, shows the secret once with a copy button, then lists it', async () => {
    const fake = fakeKeyRoutes('/api-keys', []);
    const { requests } = fakeApi({ routes: fake.routes });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openApiKeys();
    expect(await screen.findByText(noOwnKeysText)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      expect.stringContaining('Name is required'),
    );
    await userEvent.type(within(dialog).getByLabelText('Name'), 'CI job');
    await userEvent.type(within(dialog).getByLabelText('Monthly budget in USD (optional)'), '12.345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByLabelText('Monthly budget in USD (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('Monthly budget must have at most 2 decimal places'),
    );
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.clear(within(dialog).getByLabelText('Monthly budget in USD (optional)'));
    await userEvent.type(within(dialog).getByLabelText('Monthly budget in USD (optional)'), '12.50');
    await userEvent.type(within(dialog).getByLabelText('Expires on (optional)'), '2099-03-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Copy your new API key' });
    expect(within(secretDialog).getByTestId('new-api-key')).toHaveTextContent(fake.secret);
    expect(secretDialog).toHaveAccessibleDescription(expect.stringContaining('only time the key is shown'));
    await userEvent.click(within(secretDialog).getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(fake.secret);
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ name: 'CI job', monthly_budget_usd: 12.5, expires_at: '2099-03-31T23:59:59.999Z' });

    await userEvent.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const row = await screen.findByRole('row', { name: /CI job/ });
    expect(row).toHaveTextContent('tw-newkey01…');
    expect(screen.queryByText(fake.secret)).toBeNull();
  });

  it('revokes a key after confirmation; Cancel keeps it', async () => {
    const fake = fakeKeyRoutes('/api-keys', [makeApiKey('Old script')]);
    const { requests } = fakeApi({ routes: fake.routes });
    await openApiKeys();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Old script' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke API key?' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('row', { name: /Old script/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Old script' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.getByText('Old script was revoked')).toBeInTheDocument());
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/api/api-keys/key-old-script',
    ]);
    expect(await screen.findByText(noOwnKeysText)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show revoked keys' }));
    expect(await screen.findByRole('row', { name: /Old script/ })).toHaveTextContent('Revoked');
    expect(screen.queryByRole('button', { name: 'Revoke Old script' })).toBeNull();
  });

  it('shows the server’s refusal (API access off) in the dialog', async () => {
    const refusal =
      'API access is turned off for your organization, so API keys cannot be created. An administrator can turn it on in Organization Settings.';
    const fake = fakeKeyRoutes('/api-keys', []);
    fakeApi({
      user: makeUser(),
      routes: {
        ...fake.routes,
        'POST /api-keys': () => ({ status: 403, body: { code: 'forbidden', message: refusal } }),
      },
    });
    await openApiKeys();
    await userEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Blocked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByTestId('error-banner')).toHaveTextContent(refusal);
  });
});
