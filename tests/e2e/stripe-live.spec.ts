import { expect, test, type Page } from '@playwright/test';
import { newAccount, signInThroughUi, signUpThroughApi } from './support/accounts';
import { signInThroughApi, type ApiSession } from './support/admin';
import { e2eFakeStripeUrl } from './support/environment';

// Runs against the live-mode server only (playwright.config.ts, project 'stripe-live'): payments go
// through the fake Stripe server's API, its hosted Checkout page and its signed webhooks.

const card = (page: Page, title: string) => page.getByRole('region', { name: title });

async function credits(page: Page, session: ApiSession) {
  const read = () =>
    page.request.get(`/api/wallet/${session.orgId}/transactions?page=1&limit=100`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
  // A pooled keep-alive connection the server closed as idle just then resets: sent again, once (a read).
  const response = await read().catch((error: unknown) => {
    if (error instanceof Error && error.message.includes('ECONNRESET')) return read();
    throw error;
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { transactions: { type: string; amount: number }[] }).transactions.filter(
    (entry) => entry.type === 'credit',
  );
}

test('an admin tops up on Stripe Checkout, a declined card first, and sees the credit when Stripe brings them back', async ({
  page,
}) => {
  const admin = newAccount('live-top-up');
  await signUpThroughApi(page.request, admin);
  const session = await signInThroughApi(page.request, admin);
  await signInThroughUi(page, admin);

  await page.goto('/admin/billing');
  const wallet = card(page, 'Wallet');
  await expect(wallet.getByTestId('wallet-balance')).toHaveText('$5.00 USD');
  await expect(wallet).not.toContainText('Test mode');
  await wallet.getByRole('button', { name: 'Top Up' }).click();
  const topUp = page.getByRole('dialog', { name: 'Top Up' });
  // No card field here: the card is typed on Stripe's page, never in the app.
  await expect(topUp.getByLabel('Card number')).toHaveCount(0);
  await topUp.getByLabel('Amount (USD)').fill('25');
  await topUp.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(new RegExp(`^${e2eFakeStripeUrl}/checkout/pay/cs_test_`));
  await expect(page.getByTestId('checkout-amount')).toHaveText('25.00 USD');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();

  await expect(page).toHaveURL(/\/admin\/billing\?payment=[0-9a-f-]{36}$/);
  // Credited once Stripe's signed webhook reaches the server: room for a busy machine.
  await expect(page.getByTestId('payment-return')).toContainText('$25.00 added to the wallet.', { timeout: 30_000 });
  await expect(wallet.getByTestId('wallet-balance')).toHaveText('$30.00 USD');
  await expect(wallet.getByRole('list', { name: 'Recent transactions' })).toContainText('+$25.00');
  expect((await credits(page, session)).map((entry) => entry.amount)).toEqual([25, 5]);

  await page.getByTestId('payment-return').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page).toHaveURL(/\/admin\/billing$/);
});

test('an admin who leaves Stripe Checkout without paying is told nothing was charged', async ({ page }) => {
  const admin = newAccount('live-cancel');
  await signUpThroughApi(page.request, admin);
  await signInThroughUi(page, admin);
  await page.goto('/admin/billing');
  const wallet = card(page, 'Wallet');
  await wallet.getByRole('button', { name: 'Top Up' }).click();
  await page.getByRole('dialog', { name: 'Top Up' }).getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`^${e2eFakeStripeUrl}/checkout/pay/`));
  await page.getByRole('link', { name: 'Cancel and return' }).click();
  await expect(page).toHaveURL(/\/admin\/billing\?payment=[0-9a-f-]{36}&checkout=cancelled$/);
  await expect(page.getByTestId('payment-return')).toContainText(
    'The top-up of $10.00 was not completed: nothing was charged.',
  );
  await expect(wallet.getByTestId('wallet-balance')).toHaveText('$5.00 USD');
});

test('an admin subscribes on /pricing through Stripe Checkout, then upgrades on the card it saved', async ({
  page,
}) => {
  const admin = newAccount('live-plan');
  await signUpThroughApi(page.request, admin);
  await signInThroughUi(page, admin);

  await page.goto('/pricing');
  const team = page.getByRole('article', { name: 'Team' });
  await team.getByRole('button', { name: 'Subscribe to Team' }).click();
  // Paid before the plan changes (docs/decisions/040): with Stripe, by card on Stripe's payment page.
  const subscribe = page.getByRole('dialog', { name: 'Subscribe to Team?' });
  await expect(subscribe.getByTestId('due-now')).toHaveText('Due now: $49.00');
  await expect(subscribe.getByRole('radio', { name: /^Card/ })).toBeChecked();
  await expect(subscribe.getByRole('radio', { name: /^Card/ })).toHaveAccessibleName(/Stripe's secure payment page/);
  await expect(subscribe.getByLabel('Card number')).toHaveCount(0);
  await subscribe.getByRole('button', { name: 'Pay $49.00' }).click();
  await expect(page).toHaveURL(new RegExp(`^${e2eFakeStripeUrl}/checkout/pay/cs_test_`));
  await expect(page.getByTestId('checkout-amount')).toHaveText('49.00 USD');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();

  await expect(page).toHaveURL(/\/admin\/billing\?payment=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('payment-return')).toContainText('$49.00 received: your plan is updated.');
  const plan = card(page, 'Current Plan');
  await expect(plan.getByTestId('current-plan-name')).toHaveText('Team');

  // The card Checkout saved pays the upgrade off-session: no second trip to Stripe.
  await plan.getByRole('button', { name: 'Change plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change plan' });
  await dialog.getByRole('radio', { name: /Business/ }).check();
  // The prorated difference, paid before the plan changes (docs/decisions/040), by the saved card.
  await expect(dialog.getByTestId('due-now')).toHaveText(/^Due now: \$[\d.,]+$/);
  await expect(dialog.getByRole('radio', { name: /^Card/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^Card/ })).toHaveAccessibleName(/The card saved with Stripe/);
  await dialog.getByRole('button', { name: /^Pay \$[\d.,]+$/ }).click();
  await expect(plan.getByTestId('current-plan-name')).toHaveText('Business');
  await expect(page).toHaveURL(/\/admin\/billing/);
  await expect(page.getByText(/Your plan is now Business: \$[\d.,]+ paid with Card \(Stripe\)\./)).toBeVisible();
});
