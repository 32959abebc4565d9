import { expect, test } from '@playwright/test';
import { newAccount, signInThroughUi, signUpThroughApi } from './support/accounts';
import { chatThroughApi, createUserThroughApi, signInThroughApi, subscribeThroughApi } from './support/admin';

test('an admin makes a one-model role, adds someone with it, sees their usage, changes their role and reads the change in the audit log', async ({
  page,
}) => {
  // A long journey through five screens; a loaded 2-core machine needs more than the default minute.
  test.setTimeout(180_000);
  const admin = newAccount('admin');
  const person = newAccount('trial');
  const roleName = `Trial ${person.username.slice(-6)}`;
  const applicationName = `Acme ${person.username.slice(-6)}`;
  await signUpThroughApi(page.request, admin);
  // The audit log and the routing policy are Business features (docs/decisions/041).
  await subscribeThroughApi(page.request, await signInThroughApi(page.request, admin));
  await signInThroughUi(page, admin);

  // A role that enables one model with a small monthly limit.
  await page.goto('/admin/roles');
  await page.getByRole('button', { name: 'Create Role' }).click();
  const roleForm = page.getByRole('dialog', { name: 'Create Role' });
  await expect(roleForm.getByRole('checkbox', { name: 'Enable GPT-4o mini' })).toBeChecked();
  await roleForm.getByLabel('Role name').fill(roleName);
  await roleForm.getByLabel('Description').fill('One small model to try things');
  await roleForm.getByRole('button', { name: 'Disable all models' }).click();
  await roleForm.getByRole('checkbox', { name: 'Enable GPT-4o mini' }).check();
  await roleForm.getByLabel('GPT-4o mini monthly token limit', { exact: true }).fill('300');
  // A message is held with its whole reply (docs/decisions/051): replies of up to 100 tokens fit the month's 300.
  await roleForm.getByLabel('GPT-4o mini max tokens per request', { exact: true }).fill('100');
  await roleForm.getByRole('button', { name: 'Create Role' }).click();
  await expect(roleForm).toBeHidden();
  const roleCard = page.getByRole('listitem', { name: roleName });
  await expect(roleCard.getByText('1 model enabled')).toBeVisible();
  await expect(roleCard.getByText('GPT-4o mini', { exact: true })).toBeVisible();

  // Someone with that role, through Create New User.
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByRole('button', { name: 'Add user' }).click();
  const userForm = page.getByRole('dialog', { name: 'Create New User' });
  await userForm.getByRole('button', { name: 'Create User' }).click();
  await expect(userForm.getByText('Role selection is required')).toBeVisible();
  await userForm.getByLabel('Username').fill(person.username);
  await userForm.getByLabel('Email').fill(person.email);
  await userForm.getByRole('radio', { name: /Set a password/ }).check();
  await userForm.getByLabel('Password', { exact: true }).fill(person.password);
  await userForm.getByLabel('Role').selectOption({ label: roleName });
  await userForm.getByRole('button', { name: 'Create User' }).click();
  await expect(userForm).toBeHidden();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByText('Showing 2 of 2 users')).toBeVisible();

  // They can sign in at once; one reply gives them usage to show.
  const personSession = await signInThroughApi(page.request, person);
  await chatThroughApi(page.request, personSession, 'openai/gpt-4o-mini', 'Say hello to the usage modal');
  await page.reload();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: person.username }) });
  await expect(row.getByRole('cell').nth(1)).toHaveText(roleName);
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');

  await row.getByRole('button', { name: `View Usage for ${person.username}` }).click();
  const usage = page.getByRole('dialog', { name: `Usage for ${person.username}` });
  await expect(usage.getByText(/ of 300 tokens \(\d+\.\d%\)/)).toBeVisible();
  await expect(usage.getByRole('progressbar', { name: 'Tokens' })).toBeVisible();
  await expect(usage.getByRole('rowheader', { name: 'GPT-4o mini' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(usage).toBeHidden();

  await row.getByRole('button', { name: `Change Role for ${person.username}` }).click();
  const changeRole = page.getByRole('dialog', { name: 'Change Role' });
  await changeRole.getByLabel('Role').selectOption({ label: 'Member' });
  await expect(changeRole).toBeHidden();
  await expect(row.getByRole('cell').nth(1)).toHaveText('Member');

  // Settings, and the audit log, on from the organisation's start.
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Organization' }).click();
  const auditLog = page.getByRole('region', { name: 'Audit Log' });
  await expect(auditLog.getByRole('list', { name: 'Audit entries' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Settings' }).click();
  await expect(page.getByRole('checkbox', { name: 'Enable audit log' })).toBeChecked();
  await page.getByLabel('Application name').fill(applicationName);
  // How Auto routes is saved with the page too, through the routing policy.
  const routing = page.getByRole('region', { name: 'Routing & Cache' });
  await expect(routing.getByLabel('Quality target (%)')).toHaveValue('95');
  await routing.getByLabel('Quality target (%)').fill('90');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Edit Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Branding' }).getByText(applicationName)).toBeVisible();
  await expect(routing.getByText("90% of the strongest model's quality")).toBeVisible();
  await expect(routing.getByText('No adjustment yet')).toBeVisible();
  await page.reload();
  await expect(routing.getByText("90% of the strongest model's quality")).toBeVisible();

  const entries = auditLog.getByRole('list', { name: 'Audit entries' }).getByRole('listitem');
  // The routing change is saved after the settings, so it is the newest entry.
  const routingChange = entries.first();
  await expect(routingChange).toContainText(`${admin.username} Changed how Auto routes and caches`);
  await expect(routingChange.getByRole('row').filter({ hasText: 'quality_target' })).toContainText('0.950.9');
  const settingsChange = entries.filter({ hasText: `${admin.username} Changed the settings` });
  await expect(settingsChange).toHaveCount(1);
  await expect(settingsChange.getByRole('row').filter({ hasText: 'branding.application_name' })).toContainText(
    `LLM Platform${applicationName}`,
  );
  // Roles by name, as they were called then; never their ids.
  const roleChange = entries.filter({ hasText: `Changed the role of ${person.username} from ${roleName} to Member` });
  await expect(roleChange).toHaveCount(1);
  await expect(roleChange.getByRole('row').filter({ hasText: 'role' })).toHaveText(`role${roleName}Member`);
  await expect(entries.filter({ hasText: `Created user ${person.username}` })).toHaveCount(1);
  await expect(entries.filter({ hasText: `Created role ${roleName}` })).toHaveCount(1);
});

test('a member opening /admin/users gets the Access Denied page', async ({ page }) => {
  const admin = newAccount('admin');
  const member = newAccount('member');
  await signUpThroughApi(page.request, admin);
  await createUserThroughApi(page.request, await signInThroughApi(page.request, admin), member, 'Member');
  await signInThroughUi(page, member);

  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(
    page.getByText(
      "You don't have the required permissions to access this section. Please contact your administrator if you believe this is an error.",
    ),
  ).toBeVisible();
  await expect(page.getByText('You do not have permission to access this section.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'User Management' })).toHaveCount(0);
});
