import { expect, test } from '@playwright/test';
import { newAccount, signUpThroughApi } from './support/accounts';

// Issue 21 item 14: sign-up problems show at their fields, in the spec's words, and go once the field is right.
test('sign-up problems show at their fields, not as stacked toasts, and go once each field is put right', async ({
  page,
}) => {
  const taken = newAccount('taken');
  const account = newAccount('fixer');
  await signUpThroughApi(page.request, taken);
  await page.goto('/signup');
  const username = page.getByLabel('Username');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  const create = page.getByRole('button', { name: 'Create Account' });

  await create.click();
  await create.click();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription('Username is required');
  await expect(page.getByLabel('Organization name')).toHaveAccessibleDescription('Organization name is required');
  await expect(page.getByText('Email is required')).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(username).toBeFocused();

  await username.fill(taken.username);
  await expect(username).not.toHaveAttribute('aria-invalid');
  await email.fill('not-an-address');
  await password.fill('weakpass');
  await page.getByLabel('Organization name').fill(account.organization);
  await create.click();
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
  await expect(password).toHaveAccessibleDescription(
    /Please use a stronger password \(at least 8 characters with letters and numbers\)\./,
  );
  await email.fill(account.email);
  await expect(email).not.toHaveAttribute('aria-invalid');
  await password.fill(account.password);
  await expect(page.getByText(/Please use a stronger password/)).toHaveCount(0);

  // The server's refusal of a taken username lands on its field too.
  await create.click();
  await expect(username).toHaveAccessibleDescription('Username already exists');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await username.fill(account.username);
  await expect(page.getByText('Username already exists')).toHaveCount(0);
  await create.click();
  await expect(page).toHaveURL(/\/chat$/);
});
