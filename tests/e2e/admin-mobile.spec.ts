import { expect, test } from '@playwright/test';
import { newAccount, signInThroughUi, signUpThroughApi } from './support/accounts';
import {
  chatThroughApi,
  createUserThroughApi,
  expectNoHorizontalOverflow,
  signInThroughApi,
  subscribeThroughApi,
} from './support/admin';

test.use({ viewport: { width: 375, height: 740 } });

test('at 375 px the admin pages show cards, a tab toggle menu and nothing wider than the screen', async ({ page }) => {
  const admin = newAccount('admin');
  await signUpThroughApi(page.request, admin);
  const session = await signInThroughApi(page.request, admin);
  // Editing the routing policy is a Business feature (docs/decisions/041).
  await subscribeThroughApi(page.request, session);
  await createUserThroughApi(page.request, session, newAccount('colleague-with-a-rather-long-name'), 'Member');
  await signInThroughUi(page, admin);

  await page.goto('/admin/users');
  await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);

  const navigation = page.getByRole('navigation', { name: 'Administration' });
  await expect(navigation.getByRole('link', { name: 'Role Management' })).toBeHidden();
  const toggle = navigation.getByRole('button', { name: 'Admin sections, current: User Management' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  for (const tab of ['Dashboard', 'User Management', 'Role Management', 'Billing & Usage', 'Organization']) {
    await expect(navigation.getByRole('link', { name: tab })).toBeVisible();
  }
  await expectNoHorizontalOverflow(page);

  const firstCard = page.getByRole('list', { name: 'Users' }).getByRole('listitem').first();
  await firstCard.getByRole('button', { name: /^View Usage for / }).click();
  await expect(page.getByRole('dialog', { name: /^Usage for / })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.keyboard.press('Escape');

  await navigation.getByRole('link', { name: 'Role Management' }).click();
  await expect(page).toHaveURL(/\/admin\/roles$/);
  await expect(navigation.getByRole('button', { name: 'Admin sections, current: Role Management' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(page.getByRole('listitem', { name: 'Admin' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: 'Create Role' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Role' }).getByLabel('Role name')).toBeFocused();
  await expectNoHorizontalOverflow(page);
  await page.keyboard.press('Escape');

  await page.goto('/admin/organization');
  await expect(page.getByRole('region', { name: 'Usage Summary' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Routing & Cache' }).getByText('No adjustment yet')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: 'Edit Settings' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await page.getByRole('checkbox', { name: 'Auto may choose every model the organization can reach' }).uncheck();
  await expect(page.getByRole('group', { name: 'Models Auto may choose' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('at 375 px the dashboard and model analytics fit the screen, with model cards', async ({ page }) => {
  const admin = newAccount('admin');
  await signUpThroughApi(page.request, admin);
  const session = await signInThroughApi(page.request, admin);
  // CSV exports are a Business feature (docs/decisions/041).
  await subscribeThroughApi(page.request, session);
  await chatThroughApi(page.request, session, 'openai/gpt-4o-mini', 'Some usage for the charts');
  await signInThroughUi(page, admin);

  await page.goto('/admin');
  await expect(
    page.getByRole('region', { name: 'Model Usage Breakdown' }).getByRole('listitem', { name: 'GPT-4o mini' }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Cost Savings Analysis' }).getByRole('button', { name: 'Export CSV' }),
  ).toBeEnabled();
  await expect(
    page.getByRole('figure', { name: 'Tokens used per day' }).locator('.recharts-bar-rectangle'),
  ).toHaveCount(1);
  await expectNoHorizontalOverflow(page);
  const navigation = page.getByRole('navigation', { name: 'Administration' });
  await navigation.getByRole('button', { name: 'Admin sections, current: Dashboard' }).click();
  await expect(navigation.getByRole('link', { name: 'Organization' })).toBeVisible();
  await expectNoHorizontalOverflow(page);

  await page.getByRole('link', { name: 'Model analytics' }).click();
  await expect(page).toHaveURL(/\/admin\/models$/);
  const card = page.getByRole('list', { name: 'Models' }).getByRole('listitem', { name: 'GPT-4o mini' });
  await expect(card).toContainText('Requests');
  await expect(card).toContainText('p50 Latency');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Usage Analytics' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
