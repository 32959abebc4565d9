import { expect, type Browser, type Page } from '@playwright/test';
import { fillLoginForm, type TestAccount } from './accounts';
import { e2eBaseUrl } from './environment';
import { readLinkFromOutbox } from './outbox';

export type AdminSection = 'Dashboard' | 'User Management' | 'Role Management' | 'Billing & Usage' | 'Organization';

/** Opens an administration tab as people do: its link, behind the section menu on a narrow screen. */
export async function openAdminSection(page: Page, section: AdminSection): Promise<void> {
  const navigation = page.getByRole('navigation', { name: 'Administration' });
  const link = navigation.getByRole('link', { name: section });
  if (!(await link.isVisible())) await navigation.getByRole('button', { name: /^Admin sections, current: / }).click();
  await link.click();
}

/** A role allowing one small model (GPT-4o mini) with a monthly token limit, made on Role Management. */
export async function createOneModelRole(page: Page, roleName: string, monthlyTokenLimit: number): Promise<void> {
  await page.goto('/admin/roles');
  await page.getByRole('button', { name: 'Create Role' }).click();
  const form = page.getByRole('dialog', { name: 'Create Role' });
  await form.getByLabel('Role name').fill(roleName);
  await form.getByLabel('Description').fill('One small model with a monthly limit');
  await form.getByRole('button', { name: 'Disable all models' }).click();
  await form.getByRole('checkbox', { name: 'Enable GPT-4o mini' }).check();
  await form.getByLabel('GPT-4o mini monthly token limit', { exact: true }).fill(String(monthlyTokenLimit));
  // Replies are not shortened to fit by default (docs/decisions/051): a message is held with its conversation
  // and its whole reply, so the role's replies are kept small enough for the month's last message to fit
  // (at 925 used: about 50 tokens of conversation and a reply of up to 15, in the 75 left).
  await form.getByLabel('GPT-4o mini max tokens per request', { exact: true }).fill('15');
  await form.getByRole('button', { name: 'Create Role' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('listitem', { name: roleName }).getByText('1 model enabled')).toBeVisible();
}

/**
 * Adds someone on User Management with a role: invited by e-mail (the form's default) or given a
 * password they can sign in with at once.
 */
export async function addUserThroughUi(
  page: Page,
  person: TestAccount,
  roleName: string,
  access: 'invitation' | 'password',
): Promise<void> {
  await openAdminSection(page, 'User Management');
  await page.getByRole('button', { name: 'Add user' }).click();
  const form = page.getByRole('dialog', { name: 'Create New User' });
  await form.getByLabel('Username').fill(person.username);
  await form.getByLabel('Email').fill(person.email);
  if (access === 'password') {
    await form.getByRole('radio', { name: /Set a password/ }).check();
    await form.getByLabel('Password', { exact: true }).fill(person.password);
  } else {
    await expect(form.getByRole('radio', { name: /Send an invitation/ })).toBeChecked();
  }
  await form.getByLabel('Role').selectOption({ label: roleName });
  await form.getByRole('button', { name: 'Create User' }).click();
  await expect(form).toBeHidden();
}

/**
 * The invited person, in a browser of their own: opens the e-mailed link, chooses their password,
 * and signs in. Returns their page, on the chat.
 */
export async function acceptInvitationThroughUi(
  browser: Browser,
  person: TestAccount,
  viewport: { width: number; height: number } | null = null,
): Promise<Page> {
  const link = await readLinkFromOutbox(person.email, '/activate');
  const context = await browser.newContext({ baseURL: e2eBaseUrl, viewport });
  const invitee = await context.newPage();
  await invitee.goto(`${link.pathname}${link.search}`);
  await invitee.getByLabel('Password', { exact: true }).fill(person.password);
  await invitee.getByLabel('Confirm password', { exact: true }).fill(person.password);
  await invitee.getByLabel(/I agree to the/).check();
  await invitee.getByRole('button', { name: 'Activate Account' }).click();
  await expect(invitee.getByText('Your account is active. Redirecting you to the login page...')).toBeVisible();
  await expect(invitee).toHaveURL(/\/login$/, { timeout: 15_000 });
  await fillLoginForm(invitee, person.username, person.password);
  await expect(invitee).toHaveURL(/\/chat$/);
  return invitee;
}
