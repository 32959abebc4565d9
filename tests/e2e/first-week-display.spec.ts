import { expect, test } from '@playwright/test';
import { newAccount, signInThroughUi, signUpThroughApi } from './support/accounts';
import { chatThroughApi, signInThroughApi } from './support/admin';
import { asRgb, styleOf } from './support/styles';

// Issue 21's display items, as a new organisation meets them in its first week (items 7, 10, 12, 13).
// The e2e server has instance keys for OpenAI and Anthropic only: Google's models need a key.

const red = 'rgb(220, 38, 38)';

/** An amount below a cent, written with its digits: '$0.0000030', never '$0.00'. */
const smallAmount = /^\$0\.0*[1-9]\d?$/;

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`a first week at ${viewport.width} px: small amounts as they are, the brand colour everywhere, models the organisation can reach, the wallet icon`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const admin = newAccount(`display-${viewport.width}`);
    await signUpThroughApi(page.request, admin);
    const session = await signInThroughApi(page.request, admin);
    const headers = { Authorization: `Bearer ${session.token}` };
    // The organisation picks red; a couple of light replies cost fractions of a cent.
    const branding = await page.request.put(`/api/org/${session.orgId}/settings`, {
      headers,
      data: { branding: { primary_color: '#DC2626' } },
    });
    expect(branding.status(), await branding.text()).toBe(200);
    await chatThroughApi(page.request, session, 'openai/gpt-4o-mini', 'Say hello in three words');
    await chatThroughApi(page.request, session, 'openai/gpt-4o-mini', 'Name one colour');
    await signInThroughUi(page, admin);

    // Item 7 and 12 on the dashboard: a cost under a cent, the active tab and the bars in the brand's red.
    await page.goto('/admin');
    const usage = page.getByRole('region', { name: 'Usage Analytics' });
    // Generous: the analytics load slowly on a busy 2-core machine.
    await expect(usage).toBeVisible({ timeout: 30_000 });
    await expect(usage.getByText('Total Cost').locator('xpath=following-sibling::dd')).toHaveText(smallAmount);
    const navigation = page.getByRole('navigation', { name: 'Administration' });
    if (viewport.width < 768)
      await navigation.getByRole('button', { name: 'Admin sections, current: Dashboard' }).click();
    const activeTab = navigation.getByRole('link', { name: 'Dashboard' });
    expect(await styleOf(activeTab, 'background-color')).toBe(red);
    const trend = page.getByRole('region', { name: 'Usage Trends' }).getByRole('figure');
    const bar = trend.locator('.recharts-bar-rectangle path').first();
    await expect(bar).toBeVisible();
    expect(await asRgb(page, await styleOf(bar, 'fill'))).toBe(red);
    // One total saving for the period, and value ticks that each read differently.
    const savings = page.getByRole('region', { name: 'Cost Savings Analysis' });
    await expect(savings.getByTestId('total-savings')).toContainText(/Total savings, all models: \$0\.0*[1-9]/);
    const ticks = await savings
      .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .allTextContents();
    expect(ticks.length).toBeGreaterThan(1);
    expect(new Set(ticks).size).toBe(ticks.length);
    await expect(page.getByText('-$0.00')).toHaveCount(0);

    // Users and the organisation's usage show the same small cost, not $0.00.
    await page.goto('/admin/users');
    const person =
      viewport.width < 768
        ? page.getByRole('listitem').filter({ hasText: admin.username })
        : page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: admin.username }) });
    await expect(person).toContainText(/\$0\.0*[1-9]/, { timeout: 30_000 });
    await expect(person).not.toContainText(/\$0\.00(?!\d)/);
    await page.goto('/admin/organization');
    await expect(
      page
        .getByRole('region', { name: 'Usage Summary' })
        .getByText('Total Cost')
        .locator('xpath=following-sibling::dd'),
    ).toHaveText(smallAmount, { timeout: 30_000 });
    await page.goto('/admin/models');
    await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('-$0.00')).toHaveCount(0);

    // Item 13 and 12 on billing: the wallet's settings icon is a gear, not a dot; buttons and focus rings in red.
    await page.goto('/admin/billing');
    const settingsIcon = page.getByRole('button', { name: 'Wallet settings' }).locator('svg');
    await expect(settingsIcon).toBeVisible({ timeout: 30_000 });
    const box = (await settingsIcon.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(16);
    expect(box.height).toBeGreaterThanOrEqual(16);
    const topUp = page.getByRole('region', { name: 'Wallet' }).getByRole('button', { name: 'Top Up' });
    expect(await styleOf(topUp, 'background-color')).toBe(red);
    // Reached by the keyboard, as :focus-visible means: a programmatic focus after mouse clicks draws no ring.
    await topUp.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(topUp).toBeFocused();
    // The ring's colour eases in (a colour transition), so it is read once the transition has ended.
    await expect.poll(async () => asRgb(page, await styleOf(topUp, 'outline-color'))).toBe(red);

    // Item 10: a new role offers what the organisation can reach; Gemini needs a Google key, added on the Organization page.
    await page.goto('/admin/roles');
    await page.getByRole('button', { name: 'Create Role' }).click();
    const form = page.getByRole('dialog', { name: 'Create Role' });
    await expect(form.getByRole('checkbox', { name: 'Enable GPT-4o mini' })).toBeChecked();
    const gemini = form.getByRole('checkbox', { name: /^Enable Gemini/ }).first();
    await expect(gemini).toBeDisabled();
    await expect(gemini).not.toBeChecked();
    await form.getByRole('link', { name: 'add one under Provider Keys' }).first().click();
    await expect(page).toHaveURL(/\/admin\/organization#provider-keys$/);
    const keys = page.getByRole('region', { name: 'Provider Keys' });
    await expect(keys.getByRole('listitem', { name: 'Google Gemini' })).toContainText('No key');
    await expect(keys.getByRole('listitem', { name: 'OpenAI', exact: true })).toContainText(
      "Available through this service's key",
    );
    await expect(keys).toBeInViewport();
  });
}
