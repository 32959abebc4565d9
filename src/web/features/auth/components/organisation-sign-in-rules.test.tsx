import { organisationRuleMessages } from '@contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInNoticeKey } from '../../../lib/sign-in-notice';
import { getStoredTokens } from '../../../lib/token-storage';
import { fakeApi } from '../../../test/fake-api';
import { apiErrorBody, type RecordedRequest } from '../../../test/fetch-stub';
import { makeUser, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const setupRefusal = {
  status: 403,
  body: apiErrorBody('two_factor_setup_required', organisationRuleMessages.twoFactorSetupRequired),
};

async function signInThroughForm() {
  await userEvent.type(await screen.findByLabelText('Username'), 'ada');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret123!');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const recoveryCodes = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);

/** The server while two-factor must be set up: only its setup, the profile and logout answer; the rest is refused. */
function twoFactorServer() {
  let enabled = false;
  const user = () => makeUser({ two_factor_enabled: enabled, two_factor_setup_required: !enabled });
  const refuseUntilEnabled = (answer: () => { body: unknown }) => () => (enabled ? answer() : setupRefusal);
  const api = fakeApi({
    user: user(),
    routes: {
      'GET /user/profile': () => ({ body: { user: user() } }),
      'GET /auth/2fa/setup': () => ({
        body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Tokenwise:ada?secret=JBSWY3DPEHPK3PXP' },
      }),
      'POST /auth/2fa/enable': () => {
        enabled = true;
        return { body: { success: true, recovery_codes: recoveryCodes } };
      },
      'GET /conversation/models': refuseUntilEnabled(() => ({ body: { models: [] } })),
      'GET /conversation/session/list/org-1/user-1': refuseUntilEnabled(() => ({ body: { sessions: [] } })),
    },
  });
  return api;
}

describe('require_2fa in the web app', () => {
  it('sends a member without two-factor from sign-in to its setup, keeps them there, and lets them continue once it is on', async () => {
    twoFactorServer();
    const app = renderApp('/login');
    await signInThroughForm();
    await waitFor(() => expect(app.currentPath()).toBe('/setup-two-factor'));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeInTheDocument(),
    );
    expect(screen.getByText(organisationRuleMessages.twoFactorSetupRequired)).toBeInTheDocument();

    await app.router.navigate('/settings/app');
    await waitFor(() => expect(app.currentPath()).toBe('/setup-two-factor'));

    // The setup screen mounts again after the redirect: wait for it rather than catch it mid-load.
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    // The recovery codes come first, shown once; the member moves on when they say they saved them.
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(app.currentPath()).toBe('/setup-two-factor');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have saved these codes somewhere safe.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.currentPath()).toBe('/settings/app'));
  });

  it('sends a signed-in member there when a call is refused with two_factor_setup_required', async () => {
    signIn('access-1');
    // The profile loaded before the organisation turned the rule on; the next call finds out.
    fakeApi({
      routes: {
        'GET /conversation/models': () => setupRefusal,
        'GET /conversation/session/list/org-1/user-1': () => setupRefusal,
      },
    });
    const app = renderApp('/chat');
    await waitFor(() => expect(app.currentPath()).toBe('/setup-two-factor'));
    // The path changes before the (lazily loaded) page has rendered into <main>.
    await waitFor(() =>
      expect(
        within(screen.getByRole('main')).getByText(organisationRuleMessages.twoFactorSetupRequired),
      ).toBeInTheDocument(),
    );
  });
});

describe('a sign-in the organisation ends', () => {
  it('goes to sign-in with the server’s reason when an idle sign-in ends, refreshing once and no more', async () => {
    signIn('access-1');
    const idle = organisationRuleMessages.signedOutWhenIdle(15);
    let profileCalls = 0;
    const { requests } = fakeApi({
      routes: {
        // The profile loads at start; the sign-in then sits idle past the organisation's timeout.
        'GET /user/profile': () =>
          profileCalls++ === 0
            ? { body: { user: makeUser() } }
            : { status: 401, body: apiErrorBody('unauthorized', idle) },
        'GET /conversation/models': () => ({ status: 401, body: apiErrorBody('unauthorized', idle) }),
        'GET /conversation/session/list/org-1/user-1': () => ({
          status: 401,
          body: apiErrorBody('unauthorized', idle),
        }),
        'POST /auth/refresh': () => ({ status: 401, body: apiErrorBody('unauthorized', idle) }),
      },
    });
    const app = renderApp('/chat');
    await waitFor(() => expect(app.currentPath()).toBe('/login'));
    await waitFor(() => expect(screen.getByText(idle)).toBeInTheDocument());
    expect(getStoredTokens().token).toBeNull();
    const refreshes = (list: RecordedRequest[]) =>
      list.filter((request) => request.path === '/api/auth/refresh').length;
    expect(refreshes(requests)).toBe(1);
    // Shown once: it is not kept for the next visit to the login page (the page forgets it in an
    // effect, which a loaded machine may run a moment after the text is on screen).
    await waitFor(() => expect(sessionStorage.getItem(signInNoticeKey)).toBeNull());
    expect(screen.getByText(idle)).toBeInTheDocument();
  });

  it('shows a refused network address at sign-in', async () => {
    const refused = organisationRuleMessages.addressNotAllowed('203.0.113.9');
    fakeApi({ routes: { 'POST /auth/login': () => ({ status: 403, body: apiErrorBody('forbidden', refused) }) } });
    renderApp('/login');
    await signInThroughForm();
    await waitFor(() => expect(screen.getByText(refused)).toBeInTheDocument());
  });
});
