import { expect, test } from '@playwright/test';
import { fillLoginForm, newAccount, signUpThroughApi } from './support/accounts';
import { readLinkFromOutbox } from './support/outbox';

test('a user resets a forgotten password through the e-mailed link', async ({ page, request }) => {
  const account = newAccount('reset');
  await signUpThroughApi(request, account);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that email, a reset link has been sent.')).toBeVisible();

  const link = await readLinkFromOutbox(account.email, '/reset-password');
  await page.goto(`${link.pathname}${link.search}`);
  const newPassword = 'Brand-New-Pass-7';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(/Your password has been reset/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

  await fillLoginForm(page, account.username, account.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/chat$/);
});
