import { expect, test, type Page } from '@playwright/test';
import OpenAI from 'openai';
import { newAccount, signUpThroughUi } from './support/accounts';
import { seriousViolations } from './support/accessibility';
import { scriptReplies } from './support/chat';
import { e2eBaseUrl } from './support/environment';

// Issue 23's journey: a person signs up, creates an API key in their settings, a program uses it
// with OpenAI's own client, the usage shows on the dashboard filtered to the API, the person
// revokes the key and the program's next call is refused with 401.

/** A program as OpenAI's SDK writes one: only the base URL and the key change. */
function program(apiKey: string): OpenAI {
  return new OpenAI({ apiKey, baseURL: `${e2eBaseUrl}/v1`, maxRetries: 0, timeout: 60_000 });
}

/** The dashboard with the Source select set; the figures are read again on each visit. */
async function dashboardFilteredTo(page: Page, source: 'All' | 'Chat' | 'API') {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const filter = page.getByRole('group', { name: 'Usage filter' });
  await filter.getByRole('combobox', { name: 'Source' }).selectOption({ label: source });
  return filter;
}

test('a person creates an API key, a program spends with it, the dashboard shows it under API, and once revoked the key is refused', async ({
  page,
}) => {
  // A build, axe and a sign-up on a loaded 2-core machine: room to finish, not a measure of speed.
  test.setTimeout(240_000);
  const account = newAccount('keyjourney');
  await signUpThroughUi(page, account);

  await page.goto('/profile/settings');
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await expect(page.getByText('You have no API keys yet.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create API key' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Create API key' });
  await createDialog.getByLabel('Name').fill('Report script');
  expect(await seriousViolations(page)).toEqual([]);
  await createDialog.getByRole('button', { name: 'Create key' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Copy your new API key' });
  const secret = (await secretDialog.getByTestId('new-api-key').textContent()) ?? '';
  expect(secret).toMatch(/^tw-[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row', { name: /Report script/ })).toContainText(`${secret.slice(0, 11)}…`);
  expect(await seriousViolations(page)).toEqual([]);

  // The program: one chat completion, whose usage the fake provider is told to report.
  const script = await scriptReplies(page.request, {
    text: 'Sales rose 4% this week.',
    usage: { inputTokens: 1200, outputTokens: 34 },
  });
  const completion = await program(secret).chat.completions.create({
    model: 'openai/gpt-4o-mini',
    messages: [{ role: 'user', content: `Summarise this week's sales ${script.marker}` }],
  });
  expect(completion.choices[0]!.message.content).toBe('Sales rose 4% this week.');
  expect(completion.usage).toMatchObject({ prompt_tokens: 1200, completion_tokens: 34, total_tokens: 1234 });

  // The dashboard, filtered to the API, shows exactly the program's tokens; to the chat, nothing.
  await expect(async () => {
    await dashboardFilteredTo(page, 'API');
    await expect(page.getByRole('region', { name: 'Usage Analytics' })).toContainText('1,234', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  const models = page.getByRole('region', { name: 'Model Usage Breakdown' });
  await expect(models.getByRole('listitem', { name: 'GPT-4o mini' })).toContainText('1,234');
  const filter = page.getByRole('group', { name: 'Usage filter' });
  const key = filter.getByRole('combobox', { name: 'Key' });
  await expect(key.getByRole('option', { name: /^Report script \(tw-/ })).toHaveCount(1);
  await key.selectOption({ label: `Report script (${secret.slice(0, 11)})` });
  await expect(page.getByRole('region', { name: 'Usage Analytics' })).toContainText('1,234');
  expect(await seriousViolations(page)).toEqual([]);
  await filter.getByRole('combobox', { name: 'Source' }).selectOption({ label: 'Chat' });
  await expect(models).toContainText('No model usage data available for this period.');

  // Revoked in the settings: the program's next call fails with 401 invalid_api_key.
  await page.goto('/profile/settings');
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await page.getByRole('button', { name: 'Revoke Report script' }).click();
  await page.getByRole('alertdialog', { name: 'Revoke API key?' }).getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('Report script was revoked')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const refusal = await program(secret)
    .chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: 'One more summary, please' }],
    })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(refusal).toBeInstanceOf(OpenAI.AuthenticationError);
  expect((refusal as InstanceType<typeof OpenAI.AuthenticationError>).status).toBe(401);
  expect((refusal as InstanceType<typeof OpenAI.AuthenticationError>).code).toBe('invalid_api_key');

  // The revoked key's usage stays on the dashboard under its name.
  const afterwards = await dashboardFilteredTo(page, 'API');
  await afterwards
    .getByRole('combobox', { name: 'Key' })
    .selectOption({ label: `Report script (${secret.slice(0, 11)}), revoked` });
  await expect(page.getByRole('region', { name: 'Usage Analytics' })).toContainText('1,234');
});
