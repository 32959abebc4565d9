import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorBody } from '../../../test/fetch-stub';
import { fakeApi } from '../../../test/fake-api';
import { makeUser, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { localProfileKey } from '../api/local-profile';

async function openProfileSettings() {
  signIn();
  const app = renderApp('/profile/settings');
  await screen.findByRole('heading', { name: 'Profile Settings' });
  return app;
}

async function openSecurity() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Security' }));
}

describe('Profile Settings: Profile Information', () => {
  it('shows the profile fields filled from the signed-in user', async () => {
    fakeApi({ user: makeUser({ first_name: 'Ada', last_name: 'Lovelace', phone: '+44 20 7946 0000' }) });
    await openProfileSettings();
    expect(screen.getByRole('tab', { name: 'Profile Information' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByLabelText('Username')).toHaveValue('ada');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('Phone')).toHaveValue('+44 20 7946 0000');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('saves the details in this browser without a server call and says so', async () => {
    const { requests } = fakeApi();
    const app = await openProfileSettings();
    await userEvent.type(await screen.findByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Phone'), '+44 1234 5678');
    const before = requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(requests.length).toBe(before);
    expect(JSON.parse(localStorage.getItem(localProfileKey('user-1')) ?? '{}')).toEqual({
      username: 'ada',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: '',
      phone: '+44 1234 5678',
    });

    app.unmount();
    renderApp('/profile/settings');
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
  });

  it('refuses an invalid email and an empty username', async () => {
    fakeApi();
    await openProfileSettings();
    await userEvent.clear(await screen.findByLabelText('Username'));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
    expect(localStorage.getItem(localProfileKey('user-1'))).toBeNull();
  });
});

describe('Profile Settings: Security', () => {
  async function fillPasswords(current: string, next: string, confirmation: string) {
    if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
    if (next) await userEvent.type(screen.getByLabelText('New password'), next);
    if (confirmation) await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
  }

  it.each([
    { current: 'OldSecret1!', next: 'NewSecret1!', confirmation: 'NewSecret2!', field: 'Confirm new password', text: 'New passwords do not match' },
    { current: 'OldSecret1!', next: 'short', confirmation: 'short', field: 'New password', text: 'Password must be at least 8 characters long.' },
    { current: '', next: 'NewSecret1!', confirmation: 'NewSecret1!', field: 'Current password', text: 'Current password is required' },
  ])('refuses before calling the server: $text', async ({ current, next, confirmation, field, text }) => {
    const { requests } = fakeApi();
    await openProfileSettings();
    await openSecurity();
    await fillPasswords(current, next, confirmation);
    expect(screen.getByLabelText(field)).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(requests.filter((request) => request.path === '/api/auth/change-password')).toHaveLength(0);
  });

  it('changes the password through the change-password call', async () => {
    const { requests } = fakeApi({ routes: { 'POST /auth/change-password': () => ({ body: { success: true } }) } });
    await openProfileSettings();
    await openSecurity();
    await fillPasswords('OldSecret1!', 'NewSecret1!', 'NewSecret1!');

    expect(await screen.findByText('Password updated successfully!')).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/auth/change-password')).toEqual([
      expect.objectContaining({ method: 'POST', body: { user_id: 'user-1', current_password: 'OldSecret1!', new_password: 'NewSecret1!' } }),
    ]);
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('reports a refused change and points at a wrong current password', async () => {
    fakeApi({
      routes: {
        'POST /auth/change-password': () => ({
          status: 400,
          body: { ...apiErrorBody('validation_failed', 'Current password is incorrect'), fields: { current_password: 'Current password is incorrect' } },
        }),
      },
    });
    await openProfileSettings();
    await openSecurity();
    await fillPasswords('Wrong1234!', 'NewSecret1!', 'NewSecret1!');
    expect(await screen.findByText('Failed to update password: Current password is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('Current password is incorrect');
    expect(screen.queryByText('Password updated successfully!')).not.toBeInTheDocument();
  });

  it('reports a failure without details as "Failed to update password"', async () => {
    fakeApi({ routes: { 'POST /auth/change-password': () => ({ status: 500, body: apiErrorBody('internal', 'Internal server error') }) } });
    await openProfileSettings();
    await openSecurity();
    await fillPasswords('OldSecret1!', 'NewSecret1!', 'NewSecret1!');
    expect(await screen.findByText('Failed to update password')).toBeInTheDocument();
  });

  it('keeps the two-factor set-up on the Security tab', async () => {
    fakeApi();
    await openProfileSettings();
    await openSecurity();
    const panel = screen.getByRole('tabpanel', { name: 'Security' });
    expect(within(panel).getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
  });
});
