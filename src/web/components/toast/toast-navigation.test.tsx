import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeChatApi } from '../../features/chat/test/fake-chat-api';
import { rememberRedirectPath } from '../../lib/redirect-storage';
import { fakeApi } from '../../test/fake-api';
import { apiErrorBody } from '../../test/fetch-stub';
import { makeAuthResponse, makeUser, signIn } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('toasts and page changes', () => {
  it('drops the failed sign-in toast once a later sign-in succeeds', async () => {
    let attempts = 0;
    fakeApi({
      routes: {
        'POST /auth/login': () => {
          attempts += 1;
          return attempts === 1
            ? { status: 401, body: apiErrorBody('unauthorized', 'Invalid username or password') }
            : { body: makeAuthResponse(makeUser(), 'access-1') };
        },
      },
    });
    rememberRedirectPath('/pricing');
    const app = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'Wrong123!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await toasts().findByText('Invalid username or password')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.currentPath()).toBe('/pricing'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument());
    expect(toasts().queryByText('Invalid username or password')).toBeNull();
  });

  it('logging out from the chat leaves one toast, which says so, on the landing page', async () => {
    fakeChatApi();
    signIn();
    const app = renderApp('/chat');
    const sidebar = await screen.findByRole('complementary', { name: 'Chat sessions' });
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(app.currentPath()).toBe('/'));
    expect(await toasts().findByText('Successfully logged out')).toBeInTheDocument();
    // Any late toast of the page left behind would show up here too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toasts().getAllByRole('status').concat(toasts().queryAllByRole('alert'))).toHaveLength(1);
  });

  it('keeps the logout toast for the landing page, and lets it go at the next page change', async () => {
    fakeApi();
    signIn();
    const app = renderApp('/profile/settings');
    await userEvent.click(await screen.findByRole('button', { name: /, open user menu$/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(app.currentPath()).toBe('/'));
    expect(await toasts().findByText('Successfully logged out')).toBeInTheDocument();
    await app.router.navigate('/pricing');
    await waitFor(() => expect(toasts().queryByText('Successfully logged out')).toBeNull());
  });
});
