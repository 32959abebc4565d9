import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorBody } from '../../../test/fetch-stub';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

describe('verify-email page', () => {
  it.each([
    { sent: true, text: 'Email verification successful! An activation email has been sent to your inbox.' },
    { sent: false, text: 'Email verification successful! Your email address is confirmed.' },
  ])('reports success (activation e-mail sent: $sent)', async ({ sent, text }) => {
    const { requests } = fakeApi({
      routes: { 'POST /auth/verify-email': () => ({ body: { success: true, activation_email_sent: sent } }) },
    });
    renderApp('/verify-email?token=abc');
    await waitFor(() => expect(screen.getByText(text)).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(requests.filter((request) => request.path === '/api/auth/verify-email')).toEqual([
      expect.objectContaining({ body: { token: 'abc' } }),
    ]);
  });

  it('reports a refused token', async () => {
    fakeApi({
      routes: { 'POST /auth/verify-email': () => ({ status: 400, body: apiErrorBody('validation_failed', 'bad') }) },
    });
    renderApp('/verify-email?token=abc');
    await waitFor(() =>
      expect(
        screen.getByText('Failed to verify your email. The token may have expired or is invalid.'),
      ).toBeInTheDocument(),
    );
  });

  it('says so when the link has no token', async () => {
    fakeApi();
    renderApp('/verify-email');
    await waitFor(() =>
      expect(screen.getByText('Missing verification token. Please check your email link.')).toBeInTheDocument(),
    );
  });
});

describe('activate page', () => {
  async function submitActivation(password: string, confirmation: string, consent: boolean) {
    await userEvent.type(await screen.findByLabelText('Password'), password);
    await userEvent.type(screen.getByLabelText('Confirm password'), confirmation);
    if (consent) await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Activate Account' }));
  }

  it.each([
    { password: 'Secret123!', confirmation: 'Secret123?', consent: true, text: 'Passwords do not match.' },
    { password: 'short', confirmation: 'short', consent: true, text: 'Password must be at least 8 characters long.' },
    {
      password: 'Secret123!',
      confirmation: 'Secret123!',
      consent: false,
      text: 'You must agree to the Privacy Policy and Terms of Service.',
    },
  ])('refuses: $text', async ({ password, confirmation, consent, text }) => {
    const { requests } = fakeApi();
    renderApp('/activate?token=abc');
    await submitActivation(password, confirmation, consent);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(requests.filter((request) => request.path === '/api/auth/activate')).toHaveLength(0);
  });

  it('links the consent to the privacy policy and terms', async () => {
    fakeApi();
    renderApp('/activate?token=abc');
    expect(await screen.findByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });

  it('activates and moves to /login after 3 seconds', async () => {
    const { requests } = fakeApi({ routes: { 'POST /auth/activate': () => ({ body: { success: true } }) } });
    const app = renderApp('/activate?token=abc');
    await userEvent.type(await screen.findByLabelText('Password'), 'Secret123!');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Secret123!');
    await userEvent.click(screen.getByRole('checkbox'));
    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Activate Account' }));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByText(/Your account is active/)).toBeInTheDocument();
      expect(requests.at(-1)?.body).toEqual({ token: 'abc', password: 'Secret123!', gdpr_consent: true });
      await act(() => vi.advanceTimersByTimeAsync(2990));
      expect(app.currentPath()).toBe('/activate?token=abc');
      await act(() => vi.advanceTimersByTimeAsync(10));
      expect(app.currentPath()).toBe('/login');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('reset-password page', () => {
  it('shows the expired-token text when the server refuses', async () => {
    fakeApi({
      routes: {
        'POST /auth/password-reset/confirm': () => ({ status: 400, body: apiErrorBody('validation_failed', 'nope') }),
      },
    });
    renderApp('/reset-password?token=abc');
    await userEvent.type(await screen.findByLabelText('New password'), 'Secret123!');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Secret123!');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to reset your password. The token may be expired or invalid.',
    );
  });

  it('says so when the link has no token', async () => {
    fakeApi();
    renderApp('/reset-password');
    await waitFor(() =>
      expect(screen.getByText('Missing reset token. Please check your email link.')).toBeInTheDocument(),
    );
  });
});
