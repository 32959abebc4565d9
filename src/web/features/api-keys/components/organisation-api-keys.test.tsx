import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { adminRole, fakeAdminApi, memberRole, orgId } from '../../admin/test/fake-admin-api';
import { fakeKeyRoutes, makeApiKey } from '../test/fake-api-keys';

const basePath = `/org/${orgId}/api-keys`;

/** A phone: the 768 px breakpoint's query matches. */
function useNarrowScreen() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query.includes('max-width: 767px'),
  })) as typeof window.matchMedia;
}

function organisationKeys() {
  return fakeKeyRoutes(basePath, [
    makeApiKey('Ada notebook', { monthly_budget_usd: 10, usage_this_month_usd: 2.25 }),
    makeApiKey('Nightly job', {
      id: 'key-service',
      kind: 'service',
      owner: null,
      role: { id: 'role-scripts', name: 'Scripts' },
      last_used_at: '2026-11-27T08:00:00.000Z',
      last_used_address: '203.0.113.5',
    }),
  ]);
}

describe('Admin → API Keys', () => {
  it('lists every key of the organization: who, role, budget, usage this month, last used', async () => {
    const fake = organisationKeys();
    fakeAdminApi({ routes: fake.routes });
    renderApp('/admin/api-keys');
    await screen.findByRole('heading', { name: 'API Keys', level: 1 });
    const person = await screen.findByRole('row', { name: /Ada notebook/ });
    expect(person).toHaveTextContent('ada');
    expect(person).toHaveTextContent('Member');
    expect(person).toHaveTextContent('$10.00 / month');
    expect(person).toHaveTextContent('$2.25 of $10.00');
    expect(person).toHaveTextContent('Never');
    const service = screen.getByRole('row', { name: /Nightly job/ });
    expect(service).toHaveTextContent('Service key');
    expect(service).toHaveTextContent('Scripts');
    expect(service).toHaveTextContent('No budget');
    expect(service).toHaveTextContent('from 203.0.113.5');
  });

  it('creates a service key bound to a role, and revokes someone else’s key', async () => {
    const fake = organisationKeys();
    const { requests } = fakeAdminApi({ routes: fake.routes });
    renderApp('/admin/api-keys');
    await userEvent.click(await screen.findByRole('button', { name: 'Create service key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create service key' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Importer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByLabelText('Role')).toHaveAccessibleDescription(
      expect.stringContaining('Role is required'),
    );
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), memberRole.name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const secretDialog = await screen.findByRole('dialog', { name: 'Copy your new API key' });
    expect(within(secretDialog).getByTestId('new-api-key')).toHaveTextContent(fake.secret);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Importer',
      role_id: memberRole.id,
    });
    await userEvent.click(within(secretDialog).getByRole('button', { name: 'Done' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Ada notebook' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ada notebook/ })).toBeNull());
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      `/api${basePath}/key-ada-notebook`,
    ]);
  });

  it('changes a key’s monthly budget, checked like on creation, and removes it when emptied', async () => {
    const fake = organisationKeys();
    const { requests } = fakeAdminApi({ routes: fake.routes });
    renderApp('/admin/api-keys');
    await userEvent.click(await screen.findByRole('button', { name: 'Change the budget of Ada notebook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Monthly budget of Ada notebook' });
    const field = within(dialog).getByLabelText('Monthly budget in USD');
    expect(field).toHaveValue('10.00');
    await userEvent.clear(field);
    await userEvent.type(field, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save budget' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Monthly budget must be greater than 0'));
    await userEvent.clear(field);
    await userEvent.type(field, '45.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save budget' }));
    await waitFor(() => expect(screen.getByRole('row', { name: /Ada notebook/ })).toHaveTextContent('$45.50 / month'));

    await userEvent.click(screen.getByRole('button', { name: 'Change the budget of Ada notebook' }));
    await userEvent.clear(within(await screen.findByRole('dialog')).getByLabelText('Monthly budget in USD'));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save budget' }));
    await waitFor(() => expect(screen.getByRole('row', { name: /Ada notebook/ })).toHaveTextContent('No budget'));
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      { monthly_budget_usd: 45.5 },
      { monthly_budget_usd: null },
    ]);
  });

  it('shows cards instead of a table at 375 px', async () => {
    useNarrowScreen();
    fakeAdminApi({ routes: organisationKeys().routes });
    renderApp('/admin/api-keys');
    const cards = await screen.findByRole('list', { name: 'API keys' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards).getByRole('button', { name: 'Revoke Nightly job' })).toBeInTheDocument();
  });

  it('shows Access Denied to a user manager', async () => {
    const userManager = {
      ...adminRole,
      id: 'role-um',
      role_id: 'role-um',
      name: 'User Manager',
      scopes: ['user-management' as const],
      unlimited: false,
    };
    fakeAdminApi({ me: makeUser({ role: 'user manager', role_id: 'role-um' }), myRole: userManager });
    renderApp('/admin/api-keys');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument());
  });
});
