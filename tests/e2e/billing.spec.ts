import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, signInThroughUi, signUpThroughApi } from './support/accounts';
import { chatThroughApi, expectNoHorizontalOverflow, signInThroughApi, type ApiSession } from './support/admin';
import { expectFinishedReply, fakeReplyTo, sendPrompt, uniquePrompt } from './support/chat';

const card = (page: Page, title: string) => page.getByRole('region', { name: title });

async function ledger(page: Page, session: ApiSession) {
  const response = await page.request.get(`/api/wallet/${session.orgId}/transactions?page=1&limit=100`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { transactions: { type: string; amount: number; description: string }[] })
    .transactions;
}

test('an admin subscribes, tops up with a test card, chats, sees the debit and the usage, turns on auto-reload and downloads an invoice', async ({
  page,
}) => {
  // A long journey (a subscription, top-ups, a reply, auto-reload, an invoice): a loaded 2-core machine needs more than a minute.
  test.setTimeout(180_000);
  const admin = newAccount('billing');
  await signUpThroughApi(page.request, admin);
  const session = await signInThroughApi(page.request, admin);
  await signInThroughUi(page, admin);

  // Subscribe on /pricing: the plans come from the server, the current one is marked.
  await page.goto('/pricing');
  const team = page.getByRole('article', { name: 'Team' });
  await expect(page.getByRole('article', { name: 'Free Trial' })).toContainText('Current plan');
  await team.getByRole('button', { name: 'Subscribe to Team' }).click();
  // Paid first, with a test card (docs/decisions/040).
  const subscribe = page.getByRole('dialog', { name: 'Subscribe to Team?' });
  await subscribe.getByLabel('Card number').fill('4242 4242 4242 4242');
  await subscribe.getByRole('button', { name: 'Pay $49.00' }).click();
  await expect(team).toContainText('Current plan');
  await team.getByRole('link', { name: 'Manage in Billing & Usage' }).click();
  await expect(page).toHaveURL(/\/admin\/billing$/);
  await expect(card(page, 'Current Plan').getByTestId('current-plan-name')).toHaveText('Team');

  // Top up with Stripe's test card; a double click credits once.
  const wallet = card(page, 'Wallet');
  await expect(wallet.getByTestId('wallet-balance')).toHaveText('$5.00 USD');
  await expect(wallet.getByRole('list', { name: 'Recent transactions' })).toContainText('Trial credit');
  await wallet.getByRole('button', { name: 'Top Up' }).click();
  const topUp = page.getByRole('dialog', { name: 'Top Up' });
  await expect(topUp.getByTestId('test-mode-note')).toContainText('no real money moves');
  await topUp.getByLabel('Amount (USD)').fill('25');
  await topUp.getByLabel('Card number').fill('4242 4242 4242 4242');
  await topUp.getByRole('button', { name: 'Pay' }).dblclick();
  await expect(topUp).toBeHidden();
  await expect(wallet.getByTestId('wallet-balance')).toHaveText('$30.00 USD');
  const credits = (await ledger(page, session)).filter((entry) => entry.type === 'credit');
  expect(credits.map((entry) => entry.amount)).toEqual([25, 5]);

  // A declined test card is refused with the card's reason, in the dialog's red banner.
  await wallet.getByRole('button', { name: 'Top Up' }).click();
  await topUp.getByLabel('Card number').fill('4000000000000002');
  await topUp.getByRole('button', { name: 'Pay' }).click();
  await expect(topUp.getByTestId('error-banner')).toContainText(/declined/i);
  await page.keyboard.press('Escape');
  await expect(topUp).toBeHidden();

  // Chat through the instance's keys (the scripted fake provider): the reply is paid from the wallet.
  await page.goto('/chat');
  const prompt = uniquePrompt('Billing journey');
  await sendPrompt(page, prompt);
  await expectFinishedReply(page, 0, fakeReplyTo(prompt));

  await page.goto('/admin/billing');
  const recent = wallet.getByRole('list', { name: 'Recent transactions' });
  const debit = recent.getByRole('listitem').filter({ hasText: 'Usage:' }).first();
  // The wallet's transactions are read again on the page's arrival: room for a busy machine.
  await expect(debit).toBeVisible({ timeout: 30_000 });
  await expect(debit.getByTestId('transaction-amount')).toHaveText(/^-\$0\.\d+$/);
  await expect(debit.getByTestId('transaction-amount')).toHaveClass(/text-red-700/);
  await expect(recent.getByRole('listitem').filter({ hasText: 'Top-up' }).getByTestId('transaction-amount')).toHaveText(
    '+$25.00',
  );
  await expect(card(page, 'Transactions').getByRole('list', { name: 'Transactions' })).toContainText('Usage:');
  const debited = (await ledger(page, session)).find((entry) => entry.type === 'debit');
  expect(debited?.amount).toBeGreaterThan(0);
  // Shown to 2 decimals (spec section 9), exact in its title: less than the $30 before the reply.
  const exactBalance = async () =>
    Number((await wallet.getByTestId('wallet-balance').getAttribute('title'))?.split(' ')[0]);
  await expect.poll(exactBalance).toBeCloseTo(30 - debited!.amount, 9);
  expect(await exactBalance()).toBeLessThan(30);

  const usage = card(page, 'Usage');
  await expect(usage.getByRole('list', { name: 'Usage by model' }).getByRole('listitem')).toHaveCount(1);
  await expect(
    usage.getByRole('figure', { name: 'Tokens used per day in the period' }).locator('.recharts-bar-rectangle'),
  ).toHaveCount(1);

  // Auto-reload: the threshold and amount appear once it is on.
  await wallet.getByRole('button', { name: 'Wallet settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Wallet Settings' });
  await expect(settings.getByLabel('Auto-reload threshold (USD)')).toHaveCount(0);
  await settings.getByLabel('Enable auto-reload').check();
  await settings.getByLabel('Auto-reload threshold (USD)').fill('5');
  await settings.getByLabel('Auto-reload amount (USD)').fill('20');
  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expect(settings).toBeHidden();
  await expect(wallet.getByTestId('auto-reload-note')).toHaveText(
    'Auto-reload is on: $20.00 is added when the balance falls below $5.00.',
  );

  // The invoice of this period (the Team plan's charge among its lines) downloads as a PDF.
  const invoices = card(page, 'Invoices').getByRole('list', { name: 'Invoices' });
  await expect(invoices.getByRole('listitem').first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    invoices
      .getByRole('button', { name: /^Download .* \(PDF\)$/ })
      .first()
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(500);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the billing page shows its cards and dialogs with nothing wider than the screen', async ({ page }) => {
    const admin = newAccount('billing-mobile');
    await signUpThroughApi(page.request, admin);
    await chatThroughApi(
      page.request,
      await signInThroughApi(page.request, admin),
      'openai/gpt-4o-mini',
      'Some usage for the billing page on a phone',
    );
    await signInThroughUi(page, admin);

    await page.goto('/admin/billing');
    await expect(card(page, 'Wallet').getByTestId('wallet-balance')).toBeVisible();
    await expect(
      card(page, 'Wallet').getByRole('list', { name: 'Recent transactions' }).getByRole('listitem'),
    ).toHaveCount(2);
    await expect(
      card(page, 'Usage').getByRole('list', { name: 'Usage by model' }).getByRole('listitem', { name: 'GPT-4o mini' }),
    ).toBeVisible();
    await expect(
      card(page, 'Invoices').getByRole('list', { name: 'Invoices' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expectNoHorizontalOverflow(page);

    await card(page, 'Wallet').getByRole('button', { name: 'Top Up' }).click();
    await expect(page.getByRole('dialog', { name: 'Top Up' }).getByLabel('Amount (USD)')).toBeFocused();
    await expectNoHorizontalOverflow(page);
    await page.keyboard.press('Escape');

    await card(page, 'Current Plan').getByRole('button', { name: 'Choose a plan' }).click();
    await expect(page.getByRole('dialog', { name: 'Choose a plan' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.keyboard.press('Escape');

    await page.goto('/pricing');
    await expect(page.getByRole('article', { name: 'Free Trial' })).toContainText('Current plan');
    await expectNoHorizontalOverflow(page);
  });
});
