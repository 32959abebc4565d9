import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { themeStorageKey } from '../../../components/theme/theme-context';
import { signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { fakeSettingsApi } from '../test/settings-api';

describe('saved preferences on a new browser', () => {
  it('applies the theme and font size saved on the server when nothing is stored locally', async () => {
    fakeSettingsApi({ stored: { theme: 'dark', font_size: 'large' } });
    expect(localStorage.getItem(themeStorageKey)).toBeNull();
    signIn();
    renderApp('/pricing');
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(localStorage.getItem(themeStorageKey)).toBe('dark');
    expect(document.documentElement.style.fontSize).toBe('18px');
    document.documentElement.style.fontSize = '';
  });

  it('lets the server win over an older local choice, and saves a later toggle to the server', async () => {
    localStorage.setItem(themeStorageKey, 'light');
    const api = fakeSettingsApi({ stored: { theme: 'dark' } });
    signIn();
    renderApp('/pricing');
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));

    await userEvent.click(await screen.findByRole('button', { name: /, open user menu$/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Light mode' }));
    expect(document.documentElement).not.toHaveClass('dark');
    await waitFor(() =>
      expect(api.calls('PUT', '/preferences/user/user-1').map((request) => request.body)).toEqual([{ theme: 'light' }]),
    );
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('reads nothing and changes nothing while signed out', async () => {
    const api = fakeSettingsApi({ stored: { theme: 'dark' } });
    renderApp('/pricing');
    await screen.findByRole('link', { name: /login/i });
    expect(api.calls('GET', '/preferences/user/user-1')).toHaveLength(0);
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
