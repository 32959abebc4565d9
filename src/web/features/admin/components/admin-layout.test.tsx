import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeRole } from '../../../test/fake-api';
import { makeUser, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { fakeAdminApi, makeListedRole } from '../test/fake-admin-api';

const deniedText =
  "You don't have the required permissions to access this section. Please contact your administrator if you believe this is an error.";

describe('admin area access (spec section 6)', () => {
  it('shows the five tabs to an admin in spec order and highlights the current one', async () => {
    fakeAdminApi();
    renderApp('/admin/users');
    const current = await screen.findByRole('link', { name: 'User Management' });
    expect(current).toHaveAttribute('aria-current', 'page');
    const tabs = within(screen.getByRole('navigation', { name: 'Administration' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Dashboard',
      'User Management',
      'Role Management',
      'Billing & Usage',
      'Organization',
    ]);
    for (const tab of ['Dashboard', 'Role Management', 'Billing & Usage', 'Organization']) {
      expect(screen.getByRole('link', { name: tab })).not.toHaveAttribute('aria-current');
    }
    await waitFor(() => expect(screen.getByRole('heading', { name: 'User Management', level: 1 })).toBeInTheDocument());
  });

  it('collapses the tabs behind a toggle that names the current section (under 768 px)', async () => {
    fakeAdminApi();
    const app = renderApp('/admin/roles');
    const toggle = await screen.findByRole('button', { name: 'Admin sections, current: Role Management' });
    expect(toggle).toHaveClass('md:hidden');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(list).toHaveClass('hidden', 'md:flex');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(list).not.toHaveClass('hidden');
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    await userEvent.click(toggle);
    await userEvent.click(within(list).getByRole('link', { name: 'Organization' }));
    await waitFor(() => expect(app.currentPath()).toBe('/admin/organization'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Admin sections, current: Organization' })).toHaveAttribute(
        'aria-expanded',
        'false',
      ),
    );
  });

  it('lets a user manager into user management only', async () => {
    const userManager = makeListedRole('User Manager');
    fakeAdminApi({ me: makeUser({ role: 'user manager', role_id: userManager.id }), myRole: userManager });
    const app = renderApp('/admin/users');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'User Management', level: 1 })).toBeInTheDocument());
    await app.router.navigate('/admin/roles');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument());
  });

  it('denies a role without the scope with a toast and the Access Denied page', async () => {
    signIn();
    fakeApi({ user: makeUser({ role: 'user' }), role: makeRole('Member') });
    renderApp('/admin/billing');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument());
    expect(screen.getByText(deniedText)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have permission to access this section.');
  });

  it('denies when the role is not found, even for an admin role string', async () => {
    signIn();
    fakeApi({ user: makeUser({ role: 'admin' }), role: 'missing' });
    renderApp('/admin/roles');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument());
  });

  it.each([
    // Where the spec reads the role string 'admin', the profile's stored scopes decide: an administrator only.
    { role: 'owners', scopes: ['admin' as const], granted: true },
    { role: 'admin', scopes: [], granted: false },
    { role: 'admin', scopes: undefined, granted: false },
    { role: 'billing manager', scopes: ['billing' as const], granted: false },
    { role: 'member', scopes: [], granted: false },
  ])(
    'falls back to the profile scopes $scopes when the role lookup fails (role string $role)',
    async ({ role, scopes, granted }) => {
      signIn();
      fakeApi({ user: makeUser({ role, scopes }), role: 'error' });
      renderApp('/admin/billing');
      const heading = granted ? 'Billing & Usage' : 'Access Denied';
      await waitFor(() => expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument());
    },
  );

  it('sends unknown admin sub-paths back to /admin', async () => {
    signIn();
    fakeApi({ user: makeUser({ role: 'admin' }), role: makeRole('Admin') });
    const app = renderApp('/admin/nothing-here');
    await waitFor(() => expect(app.currentPath()).toBe('/admin'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument());
  });

  it('offers admins the Chat switch in the admin area', async () => {
    signIn();
    fakeApi({ user: makeUser({ role: 'Admin' }), role: makeRole('Admin') });
    const app = renderApp('/admin/billing');
    await userEvent.click(await screen.findByRole('link', { name: 'Chat' }));
    await waitFor(() => expect(app.currentPath()).toBe('/chat'));
  });
});
