import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import {
  adminRole,
  fakeAdminApi,
  makeOrganisationUser,
  makeUsage,
  memberRole,
  orgId,
} from '../../admin/test/fake-admin-api';

const ada = makeOrganisationUser('ada', adminRole);
const bob = makeOrganisationUser('bob', memberRole, { email: 'bob@builders.test' });
const usage = [
  makeUsage(bob, [
    { model_id: 'openai/gpt-4o-mini', tokens_used: 1234, cost: 0.5 },
    { model_id: 'anthropic/claude-sonnet-4', tokens_used: 66, cost: 0.255 },
  ]),
];

function useNarrowScreen() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query.includes('max-width: 767px'),
  })) as typeof window.matchMedia;
}

async function openUsers() {
  const app = renderApp('/admin/users');
  await screen.findByRole('heading', { name: 'User Management' });
  return app;
}

describe('User Management: the list', () => {
  it('shows usage that arrives after the usage view opened', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    fakeAdminApi({
      users: [bob],
      routes: { [`GET /roles/usage/${orgId}`]: () => new Promise((resolve) => (answer = resolve)) },
    });
    await openUsers();
    await userEvent.click(await screen.findByRole('button', { name: 'View Usage for bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Usage for bob' });
    expect(within(dialog).getByRole('progressbar', { name: 'Tokens' })).toHaveAttribute('aria-valuenow', '0');
    answer({ body: { month: '2026-03', users: usage } });
    await waitFor(() => expect(within(dialog).getByRole('rowheader', { name: 'GPT-4o mini' })).toBeInTheDocument());
    expect(within(dialog).getByText(/^1,300 of /)).toBeInTheDocument();
  });

  it("reads this month's usage again when the screen is opened again, not the usage it read before", async () => {
    let reads = 0;
    const { requests } = fakeAdminApi({
      users: [bob],
      routes: {
        [`GET /roles/usage/${orgId}`]: () => ({ body: { month: '2026-03', users: ++reads === 1 ? [] : usage } }),
      },
    });
    const app = await openUsers();
    const row = () => screen.getByRole('rowheader', { name: 'bob' }).closest('tr')!;
    await waitFor(() => expect(within(row()).getAllByRole('cell')[2]).toHaveTextContent('0'));
    await app.router.navigate('/admin/roles');
    await screen.findByRole('heading', { name: 'Role Management' });
    await app.router.navigate('/admin/users');
    await waitFor(() => expect(within(row()).getAllByRole('cell')[2]).toHaveTextContent('1,300'));
    expect(requests.filter((request) => request.path === `/api/roles/usage/${orgId}`)).toHaveLength(2);
  });

  it('shows a spinner while the people load', async () => {
    fakeAdminApi({ users: 'pending' });
    await openUsers();
    expect(screen.getByText('Loading users')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).toBeNull();
  });

  it("joins page 1 of 50 people with this month's usage in a table", async () => {
    const { requests } = fakeAdminApi({ users: [ada, bob], usage });
    await openUsers();
    const row = (await screen.findByRole('rowheader', { name: 'bob' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['bob@builders.test', 'Member', '1,300', '2', '$0.76', expect.stringContaining('Change Role')]);
    const adaRow = screen.getByRole('rowheader', { name: 'ada' }).closest('tr')!;
    expect(
      within(adaRow)
        .getAllByRole('cell')
        .slice(2, 5)
        .map((cell) => cell.textContent),
    ).toEqual(['0', '0', '$0.00']);
    expect(screen.getByText('Showing 2 of 2 users')).toBeInTheDocument();
    expect(requests.some((request) => request.path === `/api/org/${orgId}/users?page=1&limit=50`)).toBe(true);
    expect(requests.some((request) => request.path === `/api/roles/usage/${orgId}`)).toBe(true);
  });

  it('shows cards instead of a table under 768 px', async () => {
    useNarrowScreen();
    fakeAdminApi({ users: [ada, bob], usage });
    await openUsers();
    const cards = await screen.findByRole('list', { name: 'Users' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['ada', 'bob']);
    expect(within(within(cards).getByRole('listitem', { name: 'bob' })).getByText('$0.76')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('searches names and e-mail addresses and filters by the roles present', async () => {
    fakeAdminApi({ users: [ada, bob], usage });
    await openUsers();
    await screen.findByRole('rowheader', { name: 'bob' });
    const roleFilter = screen.getByLabelText('Filter by role');
    expect(
      within(roleFilter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Roles', 'Admin', 'Member']);

    await userEvent.type(screen.getByLabelText('Search users'), 'BUILDERS');
    expect(screen.getByText('Showing 1 of 2 users')).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'ada' })).toBeNull();

    await userEvent.selectOptions(roleFilter, 'Admin');
    expect(screen.getByText('No users found matching your criteria')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 2 users')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByText('Showing 2 of 2 users')).toBeInTheDocument();
    expect(screen.getByLabelText('Search users')).toHaveValue('');
    expect(roleFilter).toHaveValue('');
  });

  it('says how to add someone when the organization has nobody to list', async () => {
    fakeAdminApi({ users: [] });
    await openUsers();
    await waitFor(() =>
      expect(screen.getByText('No users found. Click the plus button to add a new user.')).toBeInTheDocument(),
    );
  });

  it('shows a failed list in the red banner, with no users', async () => {
    fakeAdminApi({ users: { status: 500, message: 'Internal server error' } });
    await openUsers();
    expect(await screen.findByTestId('error-banner')).toHaveTextContent('Internal server error');
    expect(screen.getByText('No users found. Click the plus button to add a new user.')).toBeInTheDocument();
  });
});

describe('User Management: Create New User', () => {
  async function openCreate() {
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    return screen.getByRole('dialog', { name: 'Create New User' });
  }

  it("shows the spec's validation texts, clears each when its field is edited, and starts empty after closing", async () => {
    fakeAdminApi({ users: [ada] });
    await openUsers();
    let dialog = await openCreate();
    // An invitation is the default: the person chooses their own password.
    expect(within(dialog).getByRole('radio', { name: /Send an invitation/ })).toBeChecked();
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    for (const text of ['Username is required', 'Email is required', 'Role selection is required']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(within(dialog).queryByText('Password is required')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Username'), '  ');
    expect(within(dialog).queryByText('Username is required')).toBeNull();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('radio', { name: /Set a password/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'not-an-address');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(within(dialog).getByText('Username is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is invalid')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    dialog = await openCreate();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('');
    expect(within(dialog).queryByText('Email is invalid')).toBeNull();
    expect(within(dialog).getByRole('radio', { name: /Send an invitation/ })).toBeChecked();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('invites the user by e-mail by default, lists them as invited and can send the invitation again', async () => {
    const { requests } = fakeAdminApi({
      users: [ada],
      routes: {
        [`POST /org/${orgId}/users/user-carol/invitation`]: () => ({
          body: { success: true, email: 'carol@example.com' },
        }),
      },
    });
    await openUsers();
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText('Username'), 'carol');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'carol@example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Member');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));

    const row = (await screen.findByRole('rowheader', { name: /carol/ })).closest('tr')!;
    expect(within(row).getByText('Invited')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      await screen.findByText('Invitation sent to carol@example.com: carol joins once they choose a password'),
    ).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST' && request.path === '/api/user')?.body).toEqual({
      username: 'carol',
      email: 'carol@example.com',
      role_id: memberRole.id,
      send_invitation: true,
      org_id: orgId,
    });
    // Only people who have not joined are offered a new invitation.
    expect(screen.queryByRole('button', { name: 'Resend invitation to ada' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Resend invitation to carol' }));
    expect(await screen.findByText('A new invitation is on its way to carol@example.com')).toBeInTheDocument();
    expect(
      requests.some(
        (request) => request.method === 'POST' && request.path === `/api/org/${orgId}/users/user-carol/invitation`,
      ),
    ).toBe(true);
  });

  it('creates the user with a password the admin sets, active at once', async () => {
    const { requests } = fakeAdminApi({ users: [ada] });
    await openUsers();
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText('Username'), 'carol');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'carol@example.com');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Set a password/ }));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'long enough');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Member');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));

    await waitFor(() => expect(screen.getByRole('rowheader', { name: 'carol' })).toBeInTheDocument());
    expect(screen.queryByText('Invited')).toBeNull();
    expect(await screen.findByText('User carol created')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST' && request.path === '/api/user')?.body).toEqual({
      username: 'carol',
      email: 'carol@example.com',
      password: 'long enough',
      role_id: memberRole.id,
      org_id: orgId,
    });
  });

  it("shows the server's refusal of a taken username on the field and in the banner", async () => {
    fakeAdminApi({
      users: [ada],
      routes: {
        'POST /user': () => ({
          status: 400,
          body: {
            code: 'validation_failed',
            message: 'Username already exists',
            detail: 'Username already exists',
            fields: { username: 'Username already exists' },
          },
        }),
      },
    });
    await openUsers();
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText('Username'), 'ada');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'other@example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Member');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByTestId('error-banner')).toHaveTextContent('Username already exists');
    expect(within(dialog).getByLabelText('Username')).toHaveAccessibleDescription('Username already exists');
  });
});

describe('User Management: Change Role and Remove', () => {
  it('assigns the picked role at once', async () => {
    const { requests } = fakeAdminApi({ users: [ada, bob] });
    await openUsers();
    await userEvent.click(await screen.findByRole('button', { name: 'Change Role for bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Role' });
    expect(within(dialog).getByLabelText('Role')).toHaveValue(memberRole.id);
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Admin');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'PUT')).toMatchObject({
      path: `/api/org/${orgId}/users/${bob.id}/role`,
      body: { role_id: adminRole.id },
    });
    const row = (await screen.findByRole('rowheader', { name: 'bob' })).closest('tr')!;
    await waitFor(() => expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('Admin'));
  });

  it("shows the server's refusal to demote the last administrator and keeps the role", async () => {
    const refusal =
      'An organization must keep at least one active administrator. Make someone else an administrator first.';
    fakeAdminApi({
      users: [ada, bob],
      routes: {
        [`PUT /org/${orgId}/users/${ada.id}/role`]: () => ({
          status: 409,
          body: { code: 'conflict', message: refusal, detail: refusal },
        }),
      },
    });
    await openUsers();
    await userEvent.click(await screen.findByRole('button', { name: 'Change Role for ada' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Role' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Member');
    expect(await within(dialog).findByTestId('error-banner')).toHaveTextContent(refusal);
    expect(within(dialog).getByLabelText('Role')).toHaveValue(adminRole.id);
  });

  it('removes someone after confirmation', async () => {
    const { requests } = fakeAdminApi({ users: [ada, bob] });
    await openUsers();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove bob' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove user?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove User' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'bob' })).toBeNull());
    expect(
      requests.some((request) => request.method === 'DELETE' && request.path === `/api/org/${orgId}/users/${bob.id}`),
    ).toBe(true);
  });

  it("shows the server's refusal to remove in the red banner", async () => {
    const refusal = 'You cannot remove yourself from the organization.';
    fakeAdminApi({
      users: [ada, bob],
      routes: {
        [`DELETE /org/${orgId}/users/${ada.id}`]: () => ({
          status: 403,
          body: { code: 'forbidden', message: refusal, detail: refusal },
        }),
      },
    });
    await openUsers();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove ada' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove User' }));
    expect(await screen.findByTestId('error-banner')).toHaveTextContent(refusal);
    expect(screen.getByRole('rowheader', { name: 'ada' })).toBeInTheDocument();
  });
});
