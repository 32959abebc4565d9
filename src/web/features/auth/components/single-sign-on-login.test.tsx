import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, type RecordedRequest } from '../../../test/fetch-stub';
import { fakeApi } from '../../../test/fake-api';
import { makeAuthResponse, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { browserLocation } from './single-sign-on-form';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('Continue with single sign-on', () => {
  it('sends the browser to the identity provider the e-mail address leads to', async () => {
    const starts: RecordedRequest[] = [];
    fakeApi({
      routes: {
        'POST /auth/sso/start': (request) => {
          starts.push(request);
          return { body: { authorization_url: 'https://login.acme.test/authorize?state=s' } };
        },
      },
    });
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with single sign-on' }));
    expect(await screen.findByRole('heading', { name: 'Sign in with single sign-on' })).toBeInTheDocument();
    const field = screen.getByLabelText('Work e-mail or organization');
    expect(field).toHaveFocus();
    await userEvent.type(field, 'ada@acme.test{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.acme.test/authorize?state=s'));
    expect(starts[0]!.body).toEqual({ identifier: 'ada@acme.test' });
    expect(screen.getByRole('button', { name: 'Redirecting...' })).toBeDisabled();
  });

  it('says when nothing is set up for what was typed, and asks for something first', async () => {
    fakeApi({
      routes: {
        'POST /auth/sso/start': () => ({
          status: 404,
          body: apiErrorBody('not_found', 'No single sign-on is set up for that e-mail address or organization.'),
        }),
      },
    });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with single sign-on' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Enter your work e-mail address or your organization's single sign-on name.",
    );
    await userEvent.type(screen.getByLabelText('Work e-mail or organization'), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'No single sign-on is set up for that e-mail address or organization.',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a password instead' }));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
  });

  it('moves to single sign-on when the password sign-in says the organization enforces it', async () => {
    const message =
      'Your organization signs in with single sign-on. Use "Continue with single sign-on" on the sign-in page.';
    fakeApi({
      routes: { 'POST /auth/login': () => ({ status: 403, body: apiErrorBody('single_sign_on_required', message) }) },
    });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in with single sign-on' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });
});

describe('/sso/complete', () => {
  it('trades the one-time code for tokens, forgets it, and goes where the person was going', async () => {
    const exchanges: RecordedRequest[] = [];
    const user = makeUser();
    fakeApi({
      user,
      validTokens: ['access-sso'],
      routes: {
        'POST /auth/sso/exchange': (request) => {
          exchanges.push(request);
          return { body: makeAuthResponse(user, 'access-sso') };
        },
      },
    });
    sessionStorage.setItem('redirectAfterLogin', '/settings/app');
    window.history.replaceState(null, '', '/sso/complete#handoff=one-time-code');
    const app = renderApp('/sso/complete');
    await waitFor(() => expect(app.currentPath()).toBe('/settings/app'));
    expect(exchanges.map((request) => request.body)).toEqual([{ handoff: 'one-time-code' }]);
    expect(window.location.hash).toBe('');
    expect(localStorage.getItem('token')).toBe('access-sso');
  });

  it('shows why the identity provider’s answer was refused, from a code in the address', async () => {
    fakeApi();
    window.history.replaceState(null, '', '/sso/complete#error=email_not_verified');
    renderApp('/sso/complete');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your identity provider has not verified your e-mail address, so you cannot be signed in.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows no text of its own choosing from the address', async () => {
    fakeApi();
    window.history.replaceState(null, '', '/sso/complete#error=Your%20account%20was%20hacked');
    renderApp('/sso/complete');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in link is incomplete. Please sign in again.',
    );
    expect(screen.queryByText(/hacked/)).toBeNull();
  });
});
