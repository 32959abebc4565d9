import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import OpenAI from 'openai';
import { signInAsNewAdmin } from './support/accounts';
import { e2eBaseUrl } from './support/environment';

/** axe-core's serious and critical findings on the page as it is. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A program using the key as OpenAI's SDK does: only the base URL and the key change. */
function program(apiKey: string): OpenAI {
  return new OpenAI({ apiKey, baseURL: `${e2eBaseUrl}/v1`, maxRetries: 0, timeout: 30_000 });
}

test('a person creates an API key, a program lists models with it, the person revokes it and the next call fails', async ({
  page,
}) => {
  // axe and a build on a loaded 2-core machine: room to finish, not a measure of speed.
  test.setTimeout(180_000);
  await signInAsNewAdmin(page, 'apikey');
  await page.goto('/profile/settings');
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await expect(page.getByText('You have no API keys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Create API key' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Create API key' });
  await createDialog.getByLabel('Name').fill('Build script');
  await createDialog.getByLabel('Monthly budget in USD (optional)').fill('20');
  await createDialog.getByRole('button', { name: 'Create key' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Copy your new API key' });
  const secret = (await secretDialog.getByTestId('new-api-key').textContent()) ?? '';
  expect(secret).toMatch(/^tw-[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row', { name: /Build script/ });
  await expect(row).toContainText(`${secret.slice(0, 11)}…`);
  await expect(row).toContainText('$0.00 of $20.00');
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  const models = await program(secret).models.list();
  const ids = models.data.map((model) => model.id);
  expect(ids[0]).toBe('auto');
  expect(ids).toContain('openai/gpt-4o-mini');

  // The list shows the use (written within a few seconds of it, off the request path).
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await expect(page.getByRole('row', { name: /Build script/ })).toContainText('from 127.0.0.1', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Revoke Build script' }).click();
  await page.getByRole('alertdialog', { name: 'Revoke API key?' }).getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('Build script was revoked')).toBeVisible();
  const refusal = await program(secret)
    .models.list()
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(refusal).toBeInstanceOf(OpenAI.AuthenticationError);
  expect((refusal as InstanceType<typeof OpenAI.AuthenticationError>).code).toBe('invalid_api_key');
});

test('an administrator sees every key of the organization on a phone, and the page is accessible', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAsNewAdmin(page, 'apikeyadmin');
  await page.goto('/admin/api-keys');
  await expect(page.getByRole('heading', { name: 'API Keys', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create service key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create service key' });
  await dialog.getByLabel('Name').fill('Nightly import');
  await dialog.getByLabel('Role').selectOption({ label: 'Member' });
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('dialog', { name: 'Copy your new API key' }).getByRole('button', { name: 'Done' }).click();
  const card = page.getByRole('listitem', { name: 'Nightly import' });
  await expect(card).toContainText('Service key');
  await expect(card).toContainText('Member');
  expect(await seriousViolations(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
