import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getStoredTokens } from '../../lib/token-storage';
import { fakeAdminApi, makeListedRole } from '../../features/admin/test/fake-admin-api';
import { fakeApi } from '../../test/fake-api';
import { makeUser, signIn } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('top navigation bar', () => {
  it('offers Pricing, Login and Sign Up to visitors, also through the mobile menu', async () => {
    fakeApi();
    renderApp('/pricing');
    const menuButton = await screen.findByRole('button', { name: 'Open menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menuButton);
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Pricing', 'Login', 'Sign Up']) {
      expect(
        mobile.querySelector(`a[href="/${name === 'Sign Up' ? 'signup' : name.toLowerCase()}"]`),
      ).toHaveTextContent(name);
    }
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Tokenwise' })).toHaveAttribute('href', '/');
  });

  it('shows the user menu when signed in and logs out to /', async () => {
    signIn();
    const { requests } = fakeApi({ user: makeUser({ username: 'grace', email: 'grace@example.com' }) });
    const app = renderApp('/profile/settings');
    const trigger = await screen.findByRole('button', { name: 'grace, open user menu' });
    expect(trigger).toHaveTextContent('G');
    // What the button shows is part of its name: the username first.
    expect(trigger).toHaveTextContent('grace');
    expect(screen.getByRole('link', { name: 'Tokenwise' })).toHaveAttribute('href', '/chat');
    await userEvent.click(trigger);
    expect(within(await screen.findByRole('menu')).getByText('grace@example.com')).toBeInTheDocument();
    for (const name of ['Profile Settings', 'App Settings', 'Dark mode']) {
      expect(screen.getByRole('menuitem', { name: new RegExp(name) })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(app.currentPath()).toBe('/'));
    expect(getStoredTokens().token).toBeNull();
    expect(requests.some((request) => request.path === '/api/auth/logout')).toBe(true);
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
  });

  it('is hidden on chat pages', async () => {
    signIn();
    fakeApi();
    renderApp('/chat');
    await waitFor(() => expect(screen.getByRole('button', { name: 'New Chat' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /open user menu/ })).not.toBeInTheDocument();
  });

  it('shows the Dashboard switch to a role storing the admin scope, whatever its name, outside the admin area only', async () => {
    const owners = makeListedRole('Owners', { scopes: ['admin'], unlimited: true });
    fakeAdminApi({ me: makeUser({ role: 'owners', role_id: owners.id }), myRole: owners });
    const app = renderApp('/settings/app');
    const link = await screen.findByRole('link', { name: 'Dashboard' });
    expect(link).toHaveAttribute('href', '/admin');
    await userEvent.click(link);
    await waitFor(() => expect(app.currentPath()).toBe('/admin'));
    expect(await screen.findByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument());
  });

  it("leads a role named 'Admin' that stores only user management to User Management, not the dashboard", async () => {
    const renamed = makeListedRole('Admin', { id: 'role-named-admin', scopes: ['user-management'], unlimited: false });
    fakeAdminApi({ me: makeUser({ role: 'admin', role_id: renamed.id }), myRole: renamed });
    renderApp('/settings/app');
    expect(await screen.findByRole('link', { name: 'User Management' })).toHaveAttribute('href', '/admin/users');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it.each([
    { roleName: 'User Manager', label: 'User Management', path: '/admin/users', heading: 'User Management' },
    { roleName: 'Billing Manager', label: 'Billing & Usage', path: '/admin/billing', heading: 'Billing & Usage' },
    { roleName: 'Model Manager', label: 'Model Analytics', path: '/admin/models', heading: 'Model Analytics' },
  ])(
    'leads a $roleName to their own section, which has no dashboard to start from',
    async ({ roleName, label, path, heading }) => {
      const role = makeListedRole(roleName);
      fakeAdminApi({ me: makeUser({ role: roleName.toLowerCase(), role_id: role.id }), myRole: role });
      const app = renderApp('/settings/app');
      const link = await screen.findByRole('link', { name: label });
      expect(link).toHaveAttribute('href', path);
      expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
      await userEvent.click(link);
      await waitFor(() => expect(app.currentPath()).toBe(path));
      await waitFor(() => expect(screen.getByRole('heading', { name: heading, level: 1 })).toBeInTheDocument());
      expect(screen.queryByRole('heading', { name: 'Access Denied' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat');
    },
  );
});
