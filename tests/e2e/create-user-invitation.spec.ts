import { expect, test } from '@playwright/test';
import { fillLoginForm, newAccount, signInThroughUi, signUpThroughApi } from './support/accounts';
import { createUserThroughApi, signInThroughApi } from './support/admin';
import { readLinkFromOutbox } from './support/outbox';

// Issue 21 item 8: an administrator invites someone from Create New User; they choose their password through the e-mailed link.
test('an admin invites someone, who chooses a password through the e-mailed link and chats without a reminder to verify', async ({
  page,
  browser,
}) => {
  // A long journey (two people, two browsers); a loaded 2-core machine needs more than the default minute.
  test.setTimeout(180_000);
  const admin = newAccount('inviter');
  const person = newAccount('invitee');
  await signUpThroughApi(page.request, admin);
  await signInThroughUi(page, admin);

  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const userForm = page.getByRole('dialog', { name: 'Create New User' });
  await expect(userForm.getByRole('radio', { name: /Send an invitation/ })).toBeChecked();
  await userForm.getByLabel('Username').fill(person.username);
  await userForm.getByLabel('Email').fill(person.email);
  await userForm.getByLabel('Role').selectOption({ label: 'Member' });
  await userForm.getByRole('button', { name: 'Create User' }).click();
  await expect(userForm).toBeHidden();
  await expect(page.getByText(`Invitation sent to ${person.email}`)).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: person.username }) });
  await expect(row.getByText('Invited')).toBeVisible();

  // The invited person, in their own browser.
  const link = await readLinkFromOutbox(person.email, '/activate');
  const theirs = await browser.newContext();
  const invitee = await theirs.newPage();
  await invitee.goto(`${link.pathname}${link.search}`);
  await invitee.getByLabel('Password', { exact: true }).fill(person.password);
  await invitee.getByLabel('Confirm password', { exact: true }).fill(person.password);
  await invitee.getByLabel(/I agree to the/).check();
  await invitee.getByRole('button', { name: 'Activate Account' }).click();
  await expect(invitee.getByText('Your account is active. Redirecting you to the login page...')).toBeVisible();
  await expect(invitee).toHaveURL(/\/login$/, { timeout: 15_000 });
  await fillLoginForm(invitee, person.username, person.password);
  await expect(invitee).toHaveURL(/\/chat$/);
  await expect(invitee.getByRole('region', { name: 'Conversation' })).toBeVisible();
  // The link they followed proved their address: nothing asks them to follow one again.
  await expect(invitee.getByRole('region', { name: 'Verify your email address' })).toHaveCount(0);
  await theirs.close();

  // Back in the admin's list they have joined.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(row.getByText('Invited')).toHaveCount(0);
});

test('someone an admin gave a password is not asked to follow a link nobody sent', async ({ page }) => {
  const admin = newAccount('setter');
  const person = newAccount('given');
  await signUpThroughApi(page.request, admin);
  await createUserThroughApi(page.request, await signInThroughApi(page.request, admin), person, 'Member');
  await signInThroughUi(page, person);
  await expect(page.getByRole('region', { name: 'Conversation' })).toBeVisible();
  await expect(page.getByText(/follow the link we sent/)).toHaveCount(0);
  await page.goto('/profile/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verify your email address' })).toHaveCount(0);
});
