import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorBody } from '../../../test/fetch-stub';
import { fakeApi } from '../../../test/fake-api';
import { makeAuthResponse, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

interface Entries {
  username?: string;
  email?: string;
  password?: string;
  organization?: string;
}

async function fillSignup({
  username = 'ada',
  email = 'ada@example.com',
  password = 'Secret123!',
  organization = 'Acme',
}: Entries) {
  if (username) await userEvent.type(await screen.findByLabelText('Username'), username);
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  if (organization) await userEvent.type(screen.getByLabelText('Organization name'), organization);
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('signup page', () => {
  it.each([
    { entries: { organization: '' }, toast: 'Please fill in all fields.' },
    { entries: { email: 'not-an-email' }, toast: 'Please enter a valid email address.' },
    {
      entries: { password: 'abcdefgh' },
      toast: 'Please use a stronger password (at least 8 characters with letters and numbers).',
    },
  ])('toasts "$toast" without calling the server', async ({ entries, toast }) => {
    const { requests } = fakeApi();
    renderApp('/signup');
    await fillSignup(entries);
    expect(await screen.findByRole('alert')).toHaveTextContent(toast);
    expect(requests.filter((request) => request.path === '/api/auth/signup')).toHaveLength(0);
  });

  it.each([
    { detail: 'Username already exists', shown: 'Username already exists' },
    { detail: 'Email already in use', shown: 'Email already in use' },
  ])('maps a 400 "$detail" to "$shown"', async ({ detail, shown }) => {
    fakeApi({
      routes: { 'POST /auth/signup': () => ({ status: 400, body: apiErrorBody('validation_failed', detail) }) },
    });
    renderApp('/signup');
    await fillSignup({});
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  it('disables the button reading Creating Account... and then lands in the app', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { requests } = fakeApi({
      routes: {
        'POST /auth/signup': async () => (await gate, { status: 201, body: makeAuthResponse(makeUser(), 'access-1') }),
      },
    });
    const app = renderApp('/signup');
    await fillSignup({});
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    release();
    await waitFor(() => expect(app.currentPath()).toBe('/chat'));
    expect(requests.find((request) => request.path === '/api/auth/signup')?.body).toEqual({
      username: 'ada',
      email: 'ada@example.com',
      password: 'Secret123!',
      org_name: 'Acme',
    });
  });
});
