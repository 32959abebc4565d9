import { expect, test } from '@playwright/test';
import { fillLoginForm, newAccount, signInThroughUi, signUpThroughApi } from './support/accounts';
import { readLinkFromOutbox } from './support/outbox';

test('a visitor signs up and lands in the app', async ({ page }) => {
  const account = newAccount('signup');
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Saving Today' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Organization name').fill(account.organization);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('button', { name: 'New Chat' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  // The chat asks to verify the address; the e-mailed link verifies it and leads back to the chat.
  const reminder = page.getByRole('region', { name: 'Verify your email address' });
  await expect(reminder).toContainText(`follow the link we sent to ${account.email}`);
  const link = await readLinkFromOutbox(account.email, '/verify-email');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Email verification successful! Your email address is confirmed.')).toBeVisible();
  await page.getByRole('link', { name: 'Continue to chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('button', { name: 'New Chat' })).toBeVisible();
  await expect(reminder).toHaveCount(0);
});

test('a signed-in user signs out from the user menu and returns to the landing page', async ({ page, request }) => {
  const account = newAccount('signout');
  await signUpThroughApi(request, account);
  await signInThroughUi(page, account);

  await page.goto('/settings/app');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByText(account.email, { exact: true })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Start Saving Today' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.goto('/chat');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the spec message', async ({ page, request }) => {
  const account = newAccount('wrongpw');
  await signUpThroughApi(request, account);
  await page.goto('/login');
  await fillLoginForm(page, account.username, 'Not-The-Password-1');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a protected page visited while signed out comes back after login', async ({ page, request }) => {
  const account = newAccount('redirect');
  await signUpThroughApi(request, account);
  await page.goto('/settings/app');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBe('/settings/app');

  await fillLoginForm(page, account.username, account.password);
  await expect(page).toHaveURL(/\/settings\/app$/);
  await expect(page.getByRole('heading', { name: 'App Settings' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBeNull();
});
