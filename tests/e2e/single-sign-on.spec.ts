import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startOidcTestProvider, type OidcTestProvider } from '../support/oidc-test-provider';
import { newAccount, signInThroughUi, signUpThroughApi } from './support/accounts';
import { e2eBaseUrl, e2eIdentityProviderPort, e2eSingleSignOnTrustedDomain } from './support/environment';

// One identity provider for the file's journeys, so they run one after another in one worker.
test.describe.configure({ mode: 'serial' });

let provider: OidcTestProvider;
test.beforeAll(async () => {
  provider = await startOidcTestProvider({ port: e2eIdentityProviderPort });
});
test.afterAll(async () => {
  await provider?.close();
});

test('an administrator connects the identity provider, and a colleague signs in through it', async ({ page }) => {
  const admin = newAccount('sso-admin');
  await signUpThroughApi(page.request, admin);
  const clientId = `tokenwise-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');
  provider.addClient({
    client_id: clientId,
    client_secret: clientSecret,
    redirect_uris: [`${e2eBaseUrl}/api/auth/sso/callback`],
  });
  const domain = `${randomBytes(4).toString('hex')}.${e2eSingleSignOnTrustedDomain}`;
  const slug = `acme-${randomBytes(3).toString('hex')}`;

  // The administrator sets it up on the Organization page, testing it before saving.
  await signInThroughUi(page, admin);
  await page.goto('/admin/organization');
  const card = page.getByRole('region', { name: 'Single sign-on' });
  await expect(card.getByText(`${e2eBaseUrl}/api/auth/sso/callback`)).toBeVisible();
  await card.getByLabel('Issuer URL').fill(provider.issuer);
  await card.getByLabel('Client ID').fill(clientId);
  await card.getByLabel('Client secret', { exact: true }).fill(clientSecret);
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(card.getByText('The connection works.')).toBeVisible();
  await card.getByLabel('Single sign-on name').fill(slug);
  await card.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(card.getByText(/^Stored \(…/)).toBeVisible();
  await card.getByLabel('Add a domain').fill(domain);
  await card.getByRole('button', { name: 'Add domain' }).click();
  await expect(card.getByRole('listitem').filter({ hasText: domain }).getByText('Verified')).toBeVisible();

  // A colleague the identity provider knows, who has never been here.
  const email = `grace.hopper@${domain}`;
  provider.accounts.set('grace', { email, email_verified: true, given_name: 'Grace', family_name: 'Hopper' });
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await page.getByLabel('Work e-mail or organization').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();

  // At the identity provider's own login page.
  await expect(page.getByRole('heading', { name: 'Test Identity Provider' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(new URL(provider.issuer).origin);
  await page.getByLabel('Account').fill('grace');
  await page.getByRole('button', { name: 'Sign in and allow' }).click();

  // Back, signed in, the one-time code gone from the address.
  await expect(page).toHaveURL(/\/chat$/);
  const profile = await page.evaluate(async () => {
    const response = await fetch('/api/user/profile', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await response.json()) as { user: { email: string; role: string; username: string } };
  });
  expect(profile.user).toMatchObject({ email, role: 'member', username: 'grace.hopper' });

  // By the organisation's name works too, and a refusal is explained on the page.
  provider.accounts.set('mallory', { email: `mallory@${domain}`, email_verified: false });
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await page.getByLabel('Work e-mail or organization').fill(slug);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Account').fill('mallory');
  await page.getByRole('button', { name: 'Sign in and allow' }).click();
  await expect(page.getByRole('alert')).toContainText('Your identity provider has not verified your e-mail address');
  await expect(page).toHaveURL(/\/sso\/complete$/);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
