import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeRole } from '../../../test/fake-api';
import { makeUser, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const deniedText =
  "You don't have the required permissions to access this section. Please contact your administrator if you believe this is an error.";

describe('admin area access (spec section 6)', () => {
  it('shows the tabs to an admin and highlights the current one', async () => {
    signIn();
    fakeApi({ user: makeUser({ role: 'admin' }), role: makeRole('Admin') });
    renderApp('/admin/users');
    const current = await screen.findByRole('link', { name: 'User Management' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' , current: false })).toBeInTheDocument();
    for (const tab of ['Role Management', 'Billing & Usage', 'Organization']) {
      expect(screen.getByRole('link', { name: tab })).not.toHaveAttribute('aria-current');
    }
    expect(screen.getByRole('heading', { name: 'User management is coming soon' })).toBeInTheDocument();
  });

  it('lets a user manager into user management only', async () => {
    signIn();
    fakeApi({ user: makeUser({ role: 'user manager' }), role: makeRole('User Manager') });
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'User management is coming soon' })).toBeInTheDocument();
  });

  it('denies a role without the scope with a toast and the Access Denied page', async () => {
    signIn();
    fakeApi({ user: makeUser({ role: 'user' }), role: makeRole('Member') });
    renderApp('/admin/billing');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(deniedText)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have permission to access this section.');
  });

  it('denies when the role is not found, even for an admin role string', async () => {
    signIn();
    fakeApi({ user: makeUser({ role: 'admin' }), role: 'missing' });
    renderApp('/admin/roles');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it.each([
    { role: 'admin', granted: true },
    { role: 'member', granted: false },
  ])('falls back to the role string when the role lookup fails ($role)', async ({ role, granted }) => {
    signIn();
    fakeApi({ user: makeUser({ role }), role: 'error' });
    renderApp('/admin/billing');
    const heading = granted ? 'Billing and usage is coming soon' : 'Access Denied';
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('sends unknown admin sub-paths back to /admin', async () => {
    signIn();
    fakeApi({ user: makeUser({ role: 'admin' }), role: makeRole('Admin') });
    const app = renderApp('/admin/nothing-here');
    await waitFor(() => expect(app.currentPath()).toBe('/admin'));
    expect(await screen.findByRole('heading', { name: 'The admin dashboard is coming soon' })).toBeInTheDocument();
  });

  it('offers admins the Chat switch in the admin area', async () => {
    signIn();
    fakeApi({ user: makeUser({ role: 'Admin' }), role: makeRole('Admin') });
    const app = renderApp('/admin/billing');
    await userEvent.click(await screen.findByRole('link', { name: 'Chat' }));
    await waitFor(() => expect(app.currentPath()).toBe('/chat'));
  });
});
