import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { fillLoginForm, newAccount, signInThroughUi, signUpThroughApi } from './support/accounts';
import { readQrCode } from './support/qr-code';

const periodSeconds = 30;

test('a user enables two-factor authentication and signs in with a code', async ({ page, request }) => {
  const account = newAccount('totp');
  await signUpThroughApi(request, account);
  await signInThroughUi(page, account);

  await page.goto('/profile/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  // The secret comes from the QR code, as an authenticator app reads it, and matches the key shown.
  const scanned = new URL(
    (await readQrCode(page.getByRole('img', { name: 'QR code for your authenticator app' }))) ?? 'invalid:',
  );
  expect(scanned.protocol).toBe('otpauth:');
  const secret = scanned.searchParams.get('secret') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expect(page.getByTestId('totp-secret')).toHaveText(secret);

  await page.getByLabel('Authentication code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByTestId('two-factor-status')).toHaveText('On');

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/login');
  await fillLoginForm(page, account.username, account.password);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeVisible();
  // The server refuses a code from a time step it has already accepted, so use the next step's
  // code, which its ±30 s tolerance accepts.
  const nextStepCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + periodSeconds });
  await codeField.fill(nextStepCode);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/chat$/);
});
