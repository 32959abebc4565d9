import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface TestAccount {
  username: string;
  email: string;
  password: string;
  organization: string;
}

/** Unique per call, so tests never share users and can run in parallel. */
export function newAccount(prefix = 'user'): TestAccount {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    username: `${prefix}-${suffix}`,
    email: `${prefix}-${suffix}@example.com`,
    password: 'Sturdy-Pass-42',
    organization: `Org ${suffix}`,
  };
}

/** Creates the account through the API: for tests whose subject is something else than signup. */
export async function signUpThroughApi(request: APIRequestContext, account: TestAccount): Promise<void> {
  const response = await request.post('/api/auth/signup', {
    data: {
      username: account.username,
      email: account.email,
      password: account.password,
      org_name: account.organization,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

export async function fillLoginForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signInThroughUi(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/login');
  await fillLoginForm(page, account.username, account.password);
  await expect(page).toHaveURL(/\/chat$/);
}

/** Signs in as the admin of a new organisation, so every model is allowed and no test shares data. */
export async function signInAsNewAdmin(page: Page, prefix: string): Promise<void> {
  const account = newAccount(prefix);
  await signUpThroughApi(page.request, account);
  await signInThroughUi(page, account);
}

/** A visitor signs up on /signup, creating the organisation, and lands in the chat. */
export async function signUpThroughUi(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Organization name').fill(account.organization);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/chat$/);
}
