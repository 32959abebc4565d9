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
  const usernameInput = await screen.findByLabelText('Username');
  if (username) await userEvent.type(usernameInput, username);
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  if (organization) await userEvent.type(screen.getByLabelText('Organization name'), organization);
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('signup page', () => {
  it.each([
    { entries: { organization: '' }, field: 'Organization name', message: 'Organization name is required' },
    { entries: { username: '' }, field: 'Username', message: 'Username is required' },
    { entries: { email: 'not-an-email' }, field: 'Email', message: 'Please enter a valid email address.' },
    {
      entries: { password: 'abcdefgh' },
      field: 'Password',
      message: 'Please use a stronger password (at least 8 characters with letters and numbers).',
    },
  ])(
    'shows "$message" at the $field field, not as a toast, without calling the server',
    async ({ entries, field, message }) => {
      const { requests } = fakeApi();
      renderApp('/signup');
      await fillSignup(entries);
      const input = screen.getByLabelText(field);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(input).toHaveFocus();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(requests.filter((request) => request.path === '/api/auth/signup')).toHaveLength(0);
    },
  );

  it('shows every empty field at once, and each message goes once its field is put right', async () => {
    fakeApi();
    renderApp('/signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password is required'),
    );
    expect(screen.getByLabelText('Organization name')).toHaveAccessibleDescription('Organization name is required');
    // Submitting again stacks nothing: one message per field, no toasts.
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getAllByText('Email is required')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.type(screen.getByLabelText('Email'), 'ada@');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
    await userEvent.type(screen.getByLabelText('Email'), 'example.com');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123!');
    expect(screen.queryByText('Password is required')).toBeNull();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    { detail: 'Username already exists', field: 'Username', fields: { username: 'Username already exists' } },
    { detail: 'Email already in use', field: 'Email', fields: { email: 'Email already in use' } },
    { detail: 'Username already exists', field: 'Username', fields: undefined },
  ])(
    'shows the server\'s 400 "$detail" at the $field field, until it is changed',
    async ({ detail, field, fields }) => {
      fakeApi({
        routes: {
          'POST /auth/signup': () => ({
            status: 400,
            body: { ...apiErrorBody('validation_failed', detail), ...(fields ? { fields } : {}) },
          }),
        },
      });
      renderApp('/signup');
      await fillSignup({});
      const input = screen.getByLabelText(field);
      await waitFor(() => expect(input).toHaveAccessibleDescription(detail));
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByRole('alert')).toBeNull();
      await userEvent.type(input, 'x');
      expect(screen.queryByText(detail)).toBeNull();
    },
  );

  it('keeps a toast for a failure that belongs to no field', async () => {
    fakeApi({
      routes: {
        'POST /auth/signup': () => ({
          status: 429,
          body: apiErrorBody('too_many_requests', 'Too many sign-ups from this address. Please try again later'),
        }),
      },
    });
    renderApp('/signup');
    await fillSignup({});
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-ups from this address. Please try again later',
    );
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
  });

  it('disables the button reading Creating Account... and then lands in the app', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { requests } = fakeApi({
      routes: {
        'POST /auth/signup': async () => {
          await gate;
          return { status: 201, body: makeAuthResponse(makeUser(), 'access-1') };
        },
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
