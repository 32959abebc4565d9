import { defaultOrganisationSettings } from '@contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { brandVariables } from '../lib/brand-palette';
import { shownBranding } from '../lib/shown-branding';
import { brandColorVariable } from './branding-effect';

const acme = {
  application_name: 'Acme Assist',
  primary_color: '#C2410C',
  logo_url: 'https://cdn.example.com/acme.png',
};
const topBar = () => screen.getByRole('banner');
const brandColour = () => document.documentElement.style.getPropertyValue(brandColorVariable);
const brandRole = (variable: string) => document.documentElement.style.getPropertyValue(variable);

afterEach(() => {
  for (const variable of Object.values(brandVariables)) document.documentElement.style.removeProperty(variable);
  document.title = 'Tokenwise';
});

describe('organisation branding in the web app', () => {
  it("shows a member their organisation's name, logo and primary colour, and titles the page with the name", async () => {
    signIn('access-1');
    fakeApi({ routes: { 'GET /org/me/branding': () => ({ body: { branding: acme } }) } });
    renderApp('/profile/settings');
    expect(await within(topBar()).findByRole('link', { name: 'Acme Assist' })).toHaveAttribute('href', '/chat');
    expect(within(topBar()).getByTestId('brand-logo')).toHaveAttribute('src', acme.logo_url);
    await waitFor(() => expect(document.title).toBe('Acme Assist'));
    expect(brandColour()).toBe('#c2410c');
    // Every role the accent plays takes the organisation's colour: text on its fill, text and
    // focus rings in either theme, the tint behind highlighted panels.
    expect(brandRole(brandVariables.onFill)).toBe('#ffffff');
    expect(brandRole(brandVariables.inkOnLight)).toBe('#c2410c');
    expect(brandRole(brandVariables.inkOnDark)).toMatch(/^#[0-9a-f]{6}$/);
    expect(brandRole(brandVariables.tintOnLight)).toMatch(/^#[0-9a-f]{6}$/);
    expect(brandRole(brandVariables.tintOnDark)).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("keeps the product's own look signed out, and for section 9's fallback branding", async () => {
    fakeApi();
    renderApp('/pricing');
    expect(await within(topBar()).findByRole('link', { name: 'Tokenwise' })).toBeInTheDocument();
    expect(brandColour()).toBe('');

    expect(shownBranding(defaultOrganisationSettings.branding)).toEqual({
      applicationName: 'Tokenwise',
      primaryColor: null,
      logoUrl: null,
    });
    expect(
      shownBranding({ ...defaultOrganisationSettings.branding, primary_color: '#3b82f6', application_name: 'Acme' }),
    ).toMatchObject({ applicationName: 'Acme', primaryColor: null });
  });

  it('falls back to the product look, with its letter mark, when the branding cannot be loaded', async () => {
    signIn('access-1');
    const { requests, fetchStub } = fakeApi({
      routes: {
        'GET /org/me/branding': () => ({ status: 500, body: { code: 'internal', message: 'Internal server error' } }),
      },
    });
    renderApp('/profile/settings');
    // The product's look shows before the branding is read too: wait for the failure to be answered and taken in first.
    await waitFor(() => expect(requests.map((request) => request.path)).toContain('/api/org/me/branding'));
    await fetchStub.mock.results[requests.findIndex((request) => request.path === '/api/org/me/branding')]!.value;
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(within(topBar()).getByRole('link', { name: 'Tokenwise' })).toBeInTheDocument();
    expect(within(topBar()).getByTestId('brand-mark')).toHaveTextContent('T');
    for (const variable of Object.values(brandVariables)) expect(brandRole(variable)).toBe('');
  });
});
