import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorBody } from '../../../test/fetch-stub';
import { fakeApi } from '../../../test/fake-api';
import { makeUser, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

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

  it('saves the details through the server, shows the saved profile and keeps the e-mail read-only', async () => {
    let saved: Record<string, unknown> | undefined;
    const { requests } = fakeApi({
      routes: {
        'PUT /user/profile': (request) => {
          saved = request.body as Record<string, unknown>;
          return { body: { user: makeUser({ username: 'ada.l', first_name: 'Ada', phone: '+44 1234 5678' }) } };
        },
      },
    });
    await openProfileSettings();
    expect(await screen.findByLabelText('Email')).toHaveAttribute('readonly');
    await userEvent.type(screen.getByLabelText('First name'), '  Ada ');
    await userEvent.type(screen.getByLabelText('Phone'), '+44 1234 5678');
    await userEvent.type(screen.getByLabelText('Username'), '.l');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    await waitFor(() => expect(screen.getByText('Profile updated successfully!')).toBeInTheDocument());
    expect(saved).toEqual({ username: 'ada.l', first_name: 'Ada', last_name: '', phone: '+44 1234 5678' });
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    // The signed-in profile is fetched again, so the rest of the app shows the new details.
    await waitFor(() =>
      expect(
        requests.filter((request) => request.method === 'GET' && request.path === '/api/user/profile').length,
      ).toBeGreaterThan(1),
    );
  });

  it("shows the server's refusal on the field it concerns", async () => {
    fakeApi({
      routes: {
        'PUT /user/profile': () => ({
          status: 400,
          body: {
            ...apiErrorBody('validation_failed', 'Username already exists'),
            fields: { username: 'Username already exists' },
          },
        }),
      },
    });
    await openProfileSettings();
    await userEvent.type(await screen.findByLabelText('Username'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(screen.getByText('Failed to update profile')).toBeInTheDocument());
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username already exists');
  });

  it('refuses an empty username and an invalid phone without calling the server', async () => {
    const { requests } = fakeApi();
    await openProfileSettings();
    await userEvent.clear(await screen.findByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Phone'), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is required');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Please enter a valid phone number.');
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
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
    {
      current: 'OldSecret1!',
      next: 'NewSecret1!',
      confirmation: 'NewSecret2!',
      field: 'Confirm new password',
      text: 'New passwords do not match',
    },
    {
      current: 'OldSecret1!',
      next: 'short',
      confirmation: 'short',
      field: 'New password',
      text: 'Password must be at least 8 characters long.',
    },
    {
      current: '',
      next: 'NewSecret1!',
      confirmation: 'NewSecret1!',
      field: 'Current password',
      text: 'Current password is required',
    },
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

    await waitFor(() => expect(screen.getByText('Password updated successfully!')).toBeInTheDocument());
    expect(requests.filter((request) => request.path === '/api/auth/change-password')).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: { user_id: 'user-1', current_password: 'OldSecret1!', new_password: 'NewSecret1!' },
      }),
    ]);
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('reports a refused change and points at a wrong current password', async () => {
    fakeApi({
      routes: {
        'POST /auth/change-password': () => ({
          status: 400,
          body: {
            ...apiErrorBody('validation_failed', 'Current password is incorrect'),
            fields: { current_password: 'Current password is incorrect' },
          },
        }),
      },
    });
    await openProfileSettings();
    await openSecurity();
    await fillPasswords('Wrong1234!', 'NewSecret1!', 'NewSecret1!');
    await waitFor(() =>
      expect(screen.getByText('Failed to update password: Current password is incorrect')).toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('Current password is incorrect');
    expect(screen.queryByText('Password updated successfully!')).not.toBeInTheDocument();
  });

  it('reports a failure without details as "Failed to update password"', async () => {
    fakeApi({
      routes: {
        'POST /auth/change-password': () => ({ status: 500, body: apiErrorBody('internal', 'Internal server error') }),
      },
    });
    await openProfileSettings();
    await openSecurity();
    await fillPasswords('OldSecret1!', 'NewSecret1!', 'NewSecret1!');
    await waitFor(() => expect(screen.getByText('Failed to update password')).toBeInTheDocument());
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

describe('Profile Settings: recovery codes', () => {
  const codes = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);

  it('shows the recovery codes once when two-factor is turned on, with copy, until the person says they saved them', async () => {
    let twoFactorOn = false;
    const { requests } = fakeApi({
      routes: {
        'GET /user/profile': () => ({ body: { user: makeUser({ two_factor_enabled: twoFactorOn }) } }),
        'GET /auth/2fa/setup': () => ({
          body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' },
        }),
        'POST /auth/2fa/enable': () => {
          twoFactorOn = true;
          return { body: { success: true, recovery_codes: codes } };
        },
        'GET /auth/2fa/recovery-codes': () => ({
          body: { remaining: 10, total: 10, created_at: new Date().toISOString() },
        }),
      },
    });
    await openProfileSettings();
    await openSecurity();
    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    const clipboard = { writeText: vi.fn(async () => {}) };
    Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(clipboard.writeText).toHaveBeenCalledWith(codes.join('\n'));
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have saved these codes somewhere safe.' }));
    await userEvent.click(done);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull());
    expect(await screen.findByTestId('recovery-code-status')).toHaveTextContent('10 of 10 recovery codes left.');
    expect(requests.find((request) => request.path === '/api/auth/2fa/enable')?.body).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      token: '123456',
    });
  });

  it('makes a new set for a current authenticator code and shows it once', async () => {
    const fresh = codes.map((code) => `new-${code}`);
    const { requests } = fakeApi({
      user: makeUser({ two_factor_enabled: true }),
      routes: {
        'GET /auth/2fa/recovery-codes': () => ({
          body: { remaining: 1, total: 10, created_at: new Date().toISOString() },
        }),
        'POST /auth/2fa/recovery-codes': () => ({ body: { recovery_codes: fresh } }),
      },
    });
    await openProfileSettings();
    await openSecurity();
    expect(await screen.findByTestId('recovery-code-status')).toHaveTextContent(
      '1 of 10 recovery codes left. Make new ones soon.',
    );
    await userEvent.type(screen.getByLabelText('Code to make new recovery codes'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Generate new codes' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(fresh);
    expect(
      requests.find((request) => request.method === 'POST' && request.path === '/api/auth/2fa/recovery-codes')?.body,
    ).toEqual({
      token: '654321',
    });
  });
});
