import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { redirectAfterLoginKey } from '../../../lib/redirect-storage';
import { getStoredTokens } from '../../../lib/token-storage';
import { fakeApi } from '../../../test/fake-api';
import { signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

async function signInThroughForm() {
  await userEvent.type(await screen.findByLabelText('Username'), 'ada');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret123!');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('route protection', () => {
  it('stores the protected path and sends a signed-out visitor to /login', async () => {
    fakeApi();
    const app = renderApp('/settings/app?tab=appearance');
    await waitFor(() => expect(app.currentPath()).toBe('/login'));
    expect(sessionStorage.getItem(redirectAfterLoginKey)).toBe('/settings/app?tab=appearance');
  });

  it('returns to the stored path after login and forgets it', async () => {
    fakeApi();
    const app = renderApp('/settings/app');
    await waitFor(() => expect(app.currentPath()).toBe('/login'));
    await signInThroughForm();
    await waitFor(() => expect(app.currentPath()).toBe('/settings/app'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'App Settings' })).toBeInTheDocument());
    expect(sessionStorage.getItem(redirectAfterLoginKey)).toBeNull();
    expect(getStoredTokens().token).toBe('access-login');
  });

  it('goes to /chat after login when nothing was stored', async () => {
    fakeApi();
    const app = renderApp('/login');
    await signInThroughForm();
    await waitFor(() => expect(app.currentPath()).toBe('/chat'));
  });

  it('sends a signed-in user from / to /chat', async () => {
    signIn('access-1');
    fakeApi();
    const app = renderApp('/');
    await waitFor(() => expect(app.currentPath()).toBe('/chat'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'New Chat' })).toBeInTheDocument());
  });

  it('shows the landing page with Start Saving Today when signed out', async () => {
    fakeApi();
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Start Saving Today' })).toHaveAttribute('href', '/signup');
  });

  it('refreshes an expired token before showing a protected page', async () => {
    signIn('access-old', new Date(Date.now() - 1000).toISOString());
    const { requests } = fakeApi({ refreshSucceeds: true });
    const app = renderApp('/profile/settings');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument());
    expect(app.currentPath()).toBe('/profile/settings');
    expect(requests[0]?.path).toBe('/api/auth/refresh');
  });

  it('clears the session and goes to /login when the expired token cannot be refreshed', async () => {
    signIn('access-old', new Date(Date.now() - 1000).toISOString());
    fakeApi({ refreshSucceeds: false });
    const app = renderApp('/profile/settings');
    await waitFor(() => expect(app.currentPath()).toBe('/login'));
    expect(sessionStorage.getItem(redirectAfterLoginKey)).toBe('/profile/settings');
    expect(getStoredTokens().token).toBeNull();
  });

  it('sends unknown paths to /', async () => {
    fakeApi();
    const app = renderApp('/no/such/page');
    await waitFor(() => expect(app.currentPath()).toBe('/'));
  });
});
