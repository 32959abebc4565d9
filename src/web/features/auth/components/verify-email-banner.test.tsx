import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorBody } from '../../../test/fetch-stub';
import { fakeApi } from '../../../test/fake-api';
import { makeUser, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const unverified = makeUser({ email: 'ada@example.test', email_verified: false });

describe('the reminder to verify the e-mail address', () => {
  it('asks a signed-in person who has not verified to follow the link, and sends a new one on request', async () => {
    const { requests } = fakeApi({
      user: unverified,
      routes: { 'POST /auth/verify-email/resend': () => ({ body: { success: true, email: 'ada@example.test' } }) },
    });
    signIn();
    renderApp('/profile/settings');
    const banner = await screen.findByRole('region', { name: 'Verify your email address' });
    expect(banner).toHaveTextContent('Please verify your email address: follow the link we sent to ada@example.test.');
    await userEvent.click(within(banner).getByRole('button', { name: 'Send a new link' }));
    expect(await within(banner).findByText('A new link is on its way to ada@example.test.')).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/auth/verify-email/resend')).toHaveLength(1);
  });

  it("shows the server's reason when no link can be sent, and stays away once dismissed", async () => {
    fakeApi({
      user: unverified,
      routes: {
        'POST /auth/verify-email/resend': () => ({
          status: 429,
          body: apiErrorBody(
            'too_many_requests',
            'Too many verification emails for this address. Please try again later',
          ),
        }),
      },
    });
    signIn();
    const app = renderApp('/profile/settings');
    const banner = await screen.findByRole('region', { name: 'Verify your email address' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Send a new link' }));
    expect(
      await within(banner).findByText('Too many verification emails for this address. Please try again later'),
    ).toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Verify your email address' })).toBeNull();
    app.unmount();
    renderApp('/profile/settings');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Verify your email address' })).toBeNull();
  });

  it('shows at the top of the conversation in the chat, which has no top bar', async () => {
    fakeApi({
      user: unverified,
      routes: { 'GET /conversation/session/list/org-1/user-1': () => ({ body: { sessions: [] } }) },
    });
    signIn();
    renderApp('/chat');
    const conversation = await screen.findByRole('region', { name: 'Conversation' });
    expect(await within(conversation).findByRole('region', { name: 'Verify your email address' })).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'Verify your email address' })).toHaveLength(1);
  });

  it('is not shown to someone who was sent no link: a person an admin created with a password', async () => {
    fakeApi({
      user: makeUser({ email_verified: false, email_verification_sent: false }),
      routes: { 'GET /conversation/session/list/org-1/user-1': () => ({ body: { sessions: [] } }) },
    });
    signIn();
    const app = renderApp('/chat');
    await screen.findByRole('region', { name: 'Conversation' });
    expect(screen.queryByRole('region', { name: 'Verify your email address' })).toBeNull();
    expect(screen.queryByText(/follow the link we sent/)).toBeNull();
    app.unmount();
    renderApp('/profile/settings');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Verify your email address' })).toBeNull();
  });

  it('is not shown to people whose address is verified', async () => {
    fakeApi({ user: makeUser({ email_verified: true }) });
    signIn();
    renderApp('/profile/settings');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Verify your email address' })).toBeNull();
  });

  it('offers a signed-in person the way back to the chat on the verify page, not Back to Login', async () => {
    fakeApi({
      user: unverified,
      routes: { 'POST /auth/verify-email': () => ({ body: { success: true, activation_email_sent: false } }) },
    });
    signIn();
    renderApp('/verify-email?token=abc');
    await waitFor(() =>
      expect(screen.getByText('Email verification successful! Your email address is confirmed.')).toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Continue to chat' })).toHaveAttribute('href', '/chat'),
    );
    expect(screen.queryByRole('link', { name: 'Back to Login' })).toBeNull();
  });
});
