import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorBody, type RecordedRequest } from '../../../test/fetch-stub';
import { fakeApi } from '../../../test/fake-api';
import { makeAuthResponse, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

async function fillCredentials(username = 'ada', password = 'Secret123!') {
  await userEvent.type(await screen.findByLabelText('Username'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
}

describe('login page', () => {
  it('asks for both fields before calling the server', async () => {
    const { requests } = fakeApi();
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByText('Please enter both username and password.')).toBeInTheDocument());
    expect(requests.filter((request) => request.path === '/api/auth/login')).toHaveLength(0);
  });

  it('shows the spec text for wrong credentials', async () => {
    fakeApi({
      routes: {
        'POST /auth/login': () => ({ status: 401, body: apiErrorBody('unauthorized', 'Invalid username or password') }),
      },
    });
    renderApp('/login');
    await fillCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
  });

  it('reads Signing In... while the request runs', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    fakeApi({
      routes: {
        'POST /auth/login': async () => {
          await gate;
          return { body: makeAuthResponse(makeUser(), 'access-1') };
        },
      },
    });
    const app = renderApp('/login');
    await fillCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
    release();
    await waitFor(() => expect(app.currentPath()).toBe('/chat'));
  });

  it('asks for a 6-digit code when two-factor is on and resends the login with it', async () => {
    const logins: RecordedRequest[] = [];
    fakeApi({
      routes: {
        'POST /auth/login': (request) => {
          logins.push(request);
          const body = request.body as { totp_code?: string };
          return body.totp_code === '123456'
            ? { body: makeAuthResponse(makeUser(), 'access-1') }
            : { status: 401, body: apiErrorBody('two_factor_required', 'Two-factor authentication code required') };
        },
      },
    });
    const app = renderApp('/login');
    await fillCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.currentPath()).toBe('/chat'));
    expect(logins.map((request) => request.body)).toEqual([
      { username: 'ada', password: 'Secret123!' },
      { username: 'ada', password: 'Secret123!', totp_code: '123456' },
    ]);
  });

  it('offers a recovery code in place of the authenticator code and says how many are left', async () => {
    const logins: RecordedRequest[] = [];
    fakeApi({
      routes: {
        'POST /auth/login': (request) => {
          logins.push(request);
          const body = request.body as { recovery_code?: string };
          if (body.recovery_code === 'abcde-12345')
            return { body: { ...makeAuthResponse(makeUser(), 'access-1'), recovery_codes_remaining: 2 } };
          if (body.recovery_code)
            return { status: 401, body: apiErrorBody('unauthorized', 'Invalid or already used recovery code') };
          return { status: 401, body: apiErrorBody('two_factor_required', 'Two-factor authentication code required') };
        },
      },
    });
    const app = renderApp('/login');
    await fillCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await userEvent.type(screen.getByLabelText('Recovery code'), 'wrong-code');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid or already used recovery code')).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
    await userEvent.clear(screen.getByLabelText('Recovery code'));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.currentPath()).toBe('/chat'));
    expect(
      await screen.findByText(
        'You signed in with a recovery code. 2 are left: make new ones in Profile Settings, Security.',
      ),
    ).toBeInTheDocument();
    expect(logins.map((request) => request.body)).toEqual([
      { username: 'ada', password: 'Secret123!' },
      { username: 'ada', password: 'Secret123!', recovery_code: 'wrong-code' },
      { username: 'ada', password: 'Secret123!', recovery_code: 'abcde-12345' },
    ]);
  });

  it('requests a password reset by e-mail and answers neutrally', async () => {
    const { requests } = fakeApi({
      routes: { 'POST /auth/password-reset/request': () => ({ body: { success: true, message: 'sent' } }) },
    });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() =>
      expect(screen.getByText('If an account exists for that email, a reset link has been sent.')).toBeInTheDocument(),
    );
    expect(requests.at(-1)).toMatchObject({
      path: '/api/auth/password-reset/request',
      body: { email: 'ada@example.com' },
    });
  });

  it('toggles the password between hidden and shown', async () => {
    fakeApi();
    renderApp('/login');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});
