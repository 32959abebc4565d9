import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, signInThroughUi, signUpThroughApi } from './support/accounts';
import { seriousViolations } from './support/accessibility';
import { expectNoHorizontalOverflow } from './support/admin';

const card = (page: Page, title: string) => page.getByRole('region', { name: title });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin meets the plans, pays a plan with a declined test card and then a good one, upgrades from the wallet, and finds the payments and receipts on the invoice', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const admin = newAccount(`plans-${viewport.width}`);
      await signUpThroughApi(page.request, admin);
      await signInThroughUi(page, admin);

      // The pricing page lists what each plan includes, from the server's data; Enterprise is Contact sales.
      await page.goto('/pricing');
      const team = page.getByRole('article', { name: 'Team' });
      await expect(page.getByRole('article', { name: 'Free Trial' })).toContainText('Current plan', {
        timeout: 30_000,
      });
      const business = page.getByRole('article', { name: 'Business' });
      await expect(business).toContainText('100,000,000 tokens per billing cycle');
      await expect(business).toContainText('Audit logging');
      await expect(business).toContainText('Two-factor enforcement');
      const enterprise = page.getByRole('article', { name: 'Enterprise' });
      await expect(enterprise.getByRole('link', { name: 'Contact sales' })).toHaveAttribute(
        'href',
        /^mailto:sales@tokenwise\.ai/,
      );
      await expect(enterprise.getByRole('button')).toHaveCount(0);
      await expect(page.getByTestId('past-allowance')).toContainText('messages to models are refused');
      await expect(team.getByRole('button', { name: 'Subscribe to Team' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoHorizontalOverflow(page);

      // Subscribing is paid first: a declined test card changes nothing and says why, in the dialog.
      await team.getByRole('button', { name: 'Subscribe to Team' }).click();
      const subscribe = page.getByRole('dialog', { name: 'Subscribe to Team?' });
      await expect(subscribe.getByTestId('due-now')).toHaveText('Due now: $49.00');
      await subscribe.getByLabel('Card number').fill('4000 0000 0000 0002');
      await subscribe.getByRole('button', { name: 'Pay $49.00' }).click();
      await expect(subscribe.getByTestId('error-banner')).toContainText(
        'Your card was declined. Nothing was charged and the plan is unchanged.',
      );
      await subscribe.getByLabel('Card number').fill('4000 0000 0000 9995');
      await subscribe.getByRole('button', { name: 'Pay $49.00' }).click();
      await expect(subscribe.getByTestId('error-banner')).toContainText('Your card has insufficient funds.');
      await expect(page.getByRole('article', { name: 'Free Trial' })).toContainText('Current plan');
      await expectNoHorizontalOverflow(page);
      expect(await seriousViolations(page)).toEqual([]);

      await subscribe.getByLabel('Card number').fill('4242 4242 4242 4242');
      await subscribe.getByRole('button', { name: 'Pay $49.00' }).click();
      await expect(subscribe).toBeHidden();
      await expect(team).toContainText('Current plan');
      await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
        'Your plan is now Team: $49.00 paid with Visa •••• 4242 (test card: no real money).',
      );

      // Billing & Usage: the plan with the cycle's tokens; the card paid, not the wallet.
      await page.goto('/admin/billing');
      // The admin area's code loads on first visit: room for a busy machine.
      await expect(card(page, 'Current Plan').getByTestId('current-plan-name')).toHaveText('Team', { timeout: 30_000 });
      await expect(card(page, 'Current Plan').getByTestId('plan-allowance')).toContainText('of 20,000,000');
      await expect(card(page, 'Wallet').getByTestId('wallet-balance')).toHaveText('$5.00 USD');
      const draft = card(page, 'Invoices').getByRole('list', { name: 'Invoices' }).getByRole('listitem').first();
      const payments = draft.getByRole('list', { name: /^Payments of / });
      await expect(payments).toContainText('Visa •••• 4242 (test card: no real money)');
      const [receipt] = await Promise.all([
        page.waitForEvent('download'),
        payments.getByRole('button', { name: /^Receipt for \$49\.00/ }).click(),
      ]);
      expect(receipt.suggestedFilename()).toMatch(/^receipt-R-[0-9A-F]{8}\.pdf$/);
      expect((await readFile((await receipt.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoHorizontalOverflow(page);

      // The upgrade's prorated difference from the wallet: refused before anything is sent while the wallet cannot pay it.
      await card(page, 'Current Plan').getByRole('button', { name: 'Change plan' }).click();
      let change = page.getByRole('dialog', { name: 'Change plan' });
      await change.getByRole('radio', { name: /^Business/ }).check();
      await expect(change.getByTestId('due-now')).toHaveText('Due now: $150.00');
      await change.getByRole('radio', { name: /Prepaid wallet/ }).check();
      await change.getByRole('button', { name: 'Pay $150.00' }).click();
      await expect(change.getByRole('alert')).toContainText('The wallet balance is too low to pay $150.00');
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await card(page, 'Wallet').getByRole('button', { name: 'Top Up' }).click();
      const topUp = page.getByRole('dialog', { name: 'Top Up' });
      await topUp.getByLabel('Amount (USD)').fill('200');
      await topUp.getByLabel('Card number').fill('4242 4242 4242 4242');
      await topUp.getByRole('button', { name: 'Pay' }).click();
      await expect(card(page, 'Wallet').getByTestId('wallet-balance')).toHaveText('$205.00 USD');

      await card(page, 'Current Plan').getByRole('button', { name: 'Change plan' }).click();
      change = page.getByRole('dialog', { name: 'Change plan' });
      await change.getByRole('radio', { name: /^Business/ }).check();
      await change.getByRole('radio', { name: /Prepaid wallet/ }).check();
      await change.getByRole('button', { name: 'Pay $150.00' }).click();
      await expect(change).toBeHidden();
      await expect(card(page, 'Current Plan').getByTestId('current-plan-name')).toHaveText('Business');
      await expect(card(page, 'Wallet').getByTestId('wallet-balance')).toHaveText('$55.00 USD');

      // The invoice: the plan and the upgrade, the payments against them, never the top-up.
      await expect(draft).toContainText('$199.00');
      await expect(draft).toContainText('Paid $199.00');
      await expect(payments.getByRole('listitem')).toHaveCount(2);
      await expect(payments.getByRole('listitem').nth(1)).toContainText('Prepaid wallet');
      await expect(draft).not.toContainText('top-up');
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoHorizontalOverflow(page);

      // Business includes the audit log: the Organization page reads it.
      await page.goto('/admin/organization');
      await expect(card(page, 'Audit Log')).toBeVisible({ timeout: 30_000 });
      await expect(card(page, 'Audit Log')).not.toContainText('is included in the Business plan');
    });
  });
}
