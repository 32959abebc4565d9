import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsNewAdmin } from './support/accounts';
import { expectFinishedReply, fakeReplyTo, sendPrompt, sidebar, userMessages } from './support/chat';

/** The phone header: a plain header inside the conversation (no landmark of its own inside main). */
const header = (page: Page): Locator => page.getByRole('region', { name: 'Conversation' }).locator('header');

/** How far an element reaches past its own box or the window's right edge, in px (0 when it fits). */
function overflow(locator: Locator): Promise<number> {
  return locator.evaluate((element) =>
    Math.max(element.scrollWidth - element.clientWidth, element.getBoundingClientRect().right - window.innerWidth, 0),
  );
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the chat has a header with the menu, the title and New Chat', async ({ page }) => {
    await signInAsNewAdmin(page, 'header');
    await expect(header(page).getByRole('heading', { name: 'New Chat' })).toBeVisible();
    const prompt = `Header check ${Date.now()} a prompt longer than thirty characters`;
    await sendPrompt(page, prompt);
    await expectFinishedReply(page, 0, fakeReplyTo(prompt));
    await expect(header(page).getByRole('heading', { name: `${prompt.slice(0, 30)}...` })).toBeVisible();

    const menu = header(page).getByRole('button', { name: 'Open sidebar' });
    const newChat = header(page).getByRole('button', { name: 'New Chat' });
    for (const button of [menu, newChat]) {
      const box = await button.boundingBox();
      // Big enough to hit with a thumb.
      expect(box!.width).toBeGreaterThanOrEqual(40);
      expect(box!.height).toBeGreaterThanOrEqual(40);
    }
    await newChat.click();
    await expect(page.getByRole('heading', { name: 'Start a new conversation' })).toBeVisible();
    await expect(header(page).getByRole('heading', { name: 'New Chat' })).toBeVisible();

    await menu.click();
    await expect(sidebar(page)).toBeVisible();
    await sidebar(page).getByRole('button', { name: 'Close sidebar' }).click();
    await expect(sidebar(page)).toBeHidden();
    await expect(header(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('long words and URLs break inside the user bubble', async ({ page }) => {
    await signInAsNewAdmin(page, 'longword');
    const prompt = `See https://example.com/${'a-very-long-path-segment'.repeat(6)}?query=${'x'.repeat(60)} and ${'Supercalifragilistic'.repeat(4)}`;
    await sendPrompt(page, prompt);
    const bubble = userMessages(page).first();
    await expect(bubble).toContainText('example.com');
    await expectFinishedReply(page, 0, 'Fake reply to');
    expect(await overflow(bubble.locator('p').first())).toBe(0);
    expect(await overflow(bubble.locator('p').first().locator('..'))).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('the App Settings tabs stay on one row', async ({ page }) => {
    await signInAsNewAdmin(page, 'tabs');
    await page.goto('/settings/app');
    const tabs = page.getByRole('tablist', { name: 'App settings sections' }).getByRole('tab');
    await expect(tabs).toHaveCount(4);
    const tops = await tabs.evaluateAll((elements) =>
      elements.map((element) => Math.round(element.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    await tabs.filter({ hasText: 'Privacy' }).click();
    await expect(tabs.filter({ hasText: 'Privacy' })).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.filter({ hasText: 'Privacy' })).toBeInViewport();
  });
});

test('on a wide screen the chat has no header; the sidebar holds New Chat', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsNewAdmin(page, 'noheader');
  await expect(sidebar(page).getByRole('button', { name: 'New Chat' })).toBeVisible();
  await expect(header(page)).toHaveCount(0);
});
