import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newAccount, signInThroughUi, signUpThroughApi } from './support/accounts';
import { signInThroughApi, subscribeThroughApi } from './support/admin';
import { addUserThroughUi, createOneModelRole } from './support/admin-screens';
import { expectFinishedReply, scriptReplies, sendPrompt } from './support/chat';
import { e2eBaseUrl } from './support/environment';
import { asRgb, contrastRatio, styleOf } from './support/styles';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const now = new Date();
/** Monthly limits reset on the first day of the next UTC month. */
const resetsOn = isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
/** The Cost Savings Analysis opens on the last 30 days to today. */
const savingsRange = { from: isoDay(new Date(now.getTime() - 30 * 86_400_000)), to: isoDay(now) };

test('a one-model role with a small monthly limit: its holder sees only that model, is warned above 90% and refused at the limit; the admin reads the usage, changes the role and exports the cost savings', async ({
  page,
  browser,
}) => {
  // A long journey: on a loaded 2-core machine its steps alone took about 120 s.
  test.setTimeout(180_000);
  const admin = newAccount('admin');
  const person = newAccount('limited');
  const roleName = `Limited ${person.username.slice(-6)}`;
  await signUpThroughApi(page.request, admin);
  await signInThroughUi(page, admin);
  await createOneModelRole(page, roleName, 1_000);
  await addUserThroughUi(page, person, roleName, 'password');

  // The new person signs in in their own browser and sees only the role's model (beside Auto).
  const personContext = await browser.newContext({ baseURL: e2eBaseUrl });
  const chat = await personContext.newPage();
  await signInThroughUi(chat, person);
  await chat.getByRole('button', { name: 'Model: Auto' }).click();
  const models = chat.getByRole('listbox', { name: 'Models' }).getByRole('option');
  await expect(models).toHaveCount(2);
  await expect(models.nth(0)).toContainText('Auto');
  await expect(models.nth(1)).toContainText('GPT-4o mini');
  await models.nth(1).click();
  await expect(chat.getByRole('button', { name: 'Model: GPT-4o mini' })).toBeVisible();

  // 925 of 1,000 tokens: warned above 90%; then 75 more reach the limit; the next is refused.
  const script = await scriptReplies(
    chat.request,
    { text: 'Most of the month.', usage: { inputTokens: 920, outputTokens: 5 } },
    { text: 'The rest of it.', usage: { inputTokens: 70, outputTokens: 5 } },
  );
  const banner = chat.getByTestId('error-banner');
  await sendPrompt(chat, `Spend most ${script.marker}`);
  await expectFinishedReply(chat, 0, 'Most of the month.');
  await expect(banner).toContainText(
    `You have used 92% of your monthly token limit for GPT-4o mini. It resets on ${resetsOn}.`,
  );
  // A warning, not a refusal: amber, readable, and apart from the refusal's red below.
  await expect(banner).toHaveAttribute('data-tone', 'warning');
  const warningColours = {
    background: await asRgb(chat, await styleOf(banner, 'background-color')),
    text: await asRgb(chat, await styleOf(banner, 'color')),
  };
  expect(contrastRatio(warningColours.background, warningColours.text)).toBeGreaterThanOrEqual(4.5);
  await sendPrompt(chat, `Spend the rest ${script.marker}`);
  await expectFinishedReply(chat, 1, 'The rest of it.');
  await expect(banner).toContainText(
    `You have used 100% of your monthly token limit for GPT-4o mini. It resets on ${resetsOn}.`,
  );
  await sendPrompt(chat, 'One more please');
  await expect(banner).toContainText('You have exceeded your monthly token limit for this model.');
  await expect(banner).toContainText(`GPT-4o mini: 1,000 of 1,000 tokens this month. Resets on ${resetsOn}.`);
  await expect(banner).toHaveAttribute('data-tone', 'error');
  const refusalBackground = await asRgb(chat, await styleOf(banner, 'background-color'));
  expect(refusalBackground).not.toBe(warningColours.background);
  // Red against amber: the refusal's red channel leads, the warning's green is far higher.
  const [refusalRed, refusalGreen] = refusalBackground.match(/\d+/g)!.map(Number);
  const [, warningGreen] = warningColours.background.match(/\d+/g)!.map(Number);
  expect(refusalRed! - refusalGreen!).toBeGreaterThan(100);
  expect(warningGreen!).toBeGreaterThan(refusalGreen! + 100);
  await personContext.close();

  // The admin sees the usage on the dashboard...
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Dashboard' }).click();
  const usage = page.getByRole('region', { name: 'Usage Analytics' });
  // The admin area's code loads on first visit: room for a busy machine.
  await expect(usage.getByRole('progressbar', { name: 'Usage' })).toHaveAttribute(
    'aria-valuetext',
    '1,000 of 1,000,000 tokens, 0.1%',
    { timeout: 30_000 },
  );
  await expect(
    page.getByRole('region', { name: 'Model Usage Breakdown' }).getByRole('listitem', { name: 'GPT-4o mini' }),
  ).toContainText('Tokens1,000');
  const trend = page.getByRole('region', { name: 'Usage Trends' }).getByRole('figure', { name: 'Tokens used per day' });
  await expect(trend.locator('.recharts-bar-rectangle')).toHaveCount(1);
  await trend.locator('.recharts-bar-rectangle').hover();
  await expect(trend.getByRole('tooltip')).toContainText('1,000 tokens');
  await expect(trend.getByRole('tooltip')).toContainText(/Cost \$\d+\.\d{2}/);
  const savings = page.getByRole('region', { name: 'Cost Savings Analysis' });
  await expect(savings.getByLabel('Model')).toHaveValue('openai/gpt-4o-mini');
  await expect(savings.getByLabel('Start date')).toHaveValue(savingsRange.from);
  await expect(savings.getByLabel('End date')).toHaveValue(savingsRange.to);

  // ...and, on Business (CSV exports are its feature, docs/decisions/041), downloads the cost savings as the same figures the server reports.
  await expect(savings.getByTestId('plan-feature-note')).toContainText('included in the Business plan');
  await subscribeThroughApi(page.request, await signInThroughApi(page.request, admin));
  await page.reload();
  // The reloaded dashboard reads its analytics again: room for a busy machine.
  await expect(savings.getByRole('button', { name: 'Export CSV' })).toBeEnabled({ timeout: 30_000 });
  const downloading = page.waitForEvent('download');
  await savings.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(
    `cost-savings-openai_gpt-4o-mini-${savingsRange.from}-${savingsRange.to}.csv`,
  );
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe('Date,Tokens Used,Actual Cost,Potential Cost,Savings');
  const adminSession = await signInThroughApi(page.request, admin);
  const reported = await page.request.get(
    `/api/subscription/analytics/${adminSession.orgId}?start_date=${savingsRange.from}&end_date=${savingsRange.to}`,
    {
      headers: { Authorization: `Bearer ${adminSession.token}` },
    },
  );
  const { cost_savings } = (await reported.json()) as {
    cost_savings: {
      model_id: string;
      daily_savings: { date: string; tokens_used: number; actual_cost: number; potential_cost: number }[];
    }[];
  };
  const days = cost_savings.find((model) => model.model_id === 'openai/gpt-4o-mini')!.daily_savings;
  expect(lines.slice(1)).toHaveLength(days.length);
  expect(days.reduce((total, day) => total + day.tokens_used, 0)).toBe(1_000);
  for (const [index, day] of days.entries()) {
    const [date, tokens, actual, potential, saved] = lines[index + 1]!.split(',');
    expect([date, Number(tokens), Number(actual), Number(potential)]).toEqual([
      day.date,
      day.tokens_used,
      day.actual_cost,
      day.potential_cost,
    ]);
    expect(Number(saved)).toBeCloseTo(day.potential_cost - day.actual_cost, 10);
    expect(Number(saved)).toBeGreaterThan(0);
  }

  // The person's usage view shows the limit reached, with the warning.
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'User Management' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: person.username }) });
  await row.getByRole('button', { name: `View Usage for ${person.username}` }).click();
  const usageDialog = page.getByRole('dialog', { name: `Usage for ${person.username}` });
  await expect(usageDialog.getByText('1,000 of 1,000 tokens (100.0%)')).toBeVisible();
  await expect(usageDialog.getByRole('progressbar', { name: 'Tokens' })).toHaveAttribute('data-level', 'red');
  await expect(usageDialog.getByRole('alert')).toHaveText(
    `Warning: ${person.username} has used over 90% of the monthly token limit of their role.`,
  );
  await expect(usageDialog.getByRole('alert')).toHaveAttribute('data-tone', 'warning');
  await page.keyboard.press('Escape');

  // A new role for them, at once.
  await row.getByRole('button', { name: `Change Role for ${person.username}` }).click();
  await page.getByRole('dialog', { name: 'Change Role' }).getByLabel('Role').selectOption({ label: 'Member' });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Member');
  await page.reload();
  await expect(
    page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: person.username }) })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('Member');
});
