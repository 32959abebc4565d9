import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { fakeAdminApi, makeListedRole } from '../../admin/test/fake-admin-api';

// Spec section 6 opens the dashboard to administrators only; docs/decisions/059 decides that from
// the scopes stored with the person's role, never from the role's name.
describe('administrator-only screens follow the stored admin scope', () => {
  it.each(['Admin', 'Owners'])('open /dashboard for a role named %s that stores the admin scope', async (name) => {
    const role = makeListedRole(name, { id: 'role-mine', scopes: ['admin'], unlimited: true });
    fakeAdminApi({ me: makeUser({ role: name.toLowerCase(), role_id: role.id }), myRole: role });
    const app = renderApp('/dashboard');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument());
    expect(app.currentPath()).toBe('/dashboard');
  });

  it.each([
    { name: 'Admin', scopes: ['user-management' as const] },
    { name: 'Super Admin', scopes: [] },
    { name: 'Billing Manager', scopes: ['billing' as const] },
  ])("send a role named '$name' storing $scopes away from /dashboard to /", async ({ name, scopes }) => {
    const role = makeListedRole(name, { id: 'role-mine', scopes, unlimited: false });
    // The profile's own scopes say administrator: the role the server sends decides, as with every scope.
    fakeAdminApi({ me: makeUser({ role: name.toLowerCase(), role_id: role.id, scopes: ['admin'] }), myRole: role });
    const app = renderApp('/dashboard');
    await waitFor(() => expect(app.currentPath()).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it("shows Access Denied at /admin to a role named 'Admin' that stores only billing", async () => {
    const role = makeListedRole('Admin', { id: 'role-mine', scopes: ['billing'], unlimited: false });
    fakeAdminApi({ me: makeUser({ role: 'admin', role_id: role.id }), myRole: role });
    renderApp('/admin');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument());
  });
});
