import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillLoginForm, newAccount, signInThroughUi, signUpThroughApi } from './support/accounts';
import { expectFinishedReply, fakeReplyTo, sendPrompt, sidebar, uniquePrompt, userMessages } from './support/chat';

const toasts = (page: Page): Locator =>
  page.getByRole('region', { name: 'Notifications' }).locator('[data-toast-type]');

/**
 * The WCAG contrast ratio of an element's text against the nearest ancestor with a background,
 * as drawn: colours are resolved through a canvas (Tailwind's are oklch) and the element's own
 * and its ancestors' opacity are applied to the text.
 */
function textContrast(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const toRgba = (color: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    let background: HTMLElement | null = element as HTMLElement;
    let opacity = 1;
    while (background && toRgba(getComputedStyle(background).backgroundColor)[3] === 0) {
      opacity *= Number(getComputedStyle(background).opacity);
      background = background.parentElement;
    }
    const [br, bg, bb] = toRgba(getComputedStyle(background ?? document.body).backgroundColor);
    const [fr, fg, fb, fa] = toRgba(getComputedStyle(element).color);
    const alpha = fa * opacity;
    const text = [fr, fg, fb].map((channel, index) => channel * alpha + [br, bg, bb][index]! * (1 - alpha));
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((channel) => {
        const value = channel / 255;
        return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [lighter, darker] = [luminance(text), luminance([br, bg, bb])].sort((a, b) => b - a);
    return (lighter! + 0.05) / (darker! + 0.05);
  });
}

test('the theme saved in App Settings is the one a fresh browser shows after signing in', async ({ page, browser }) => {
  const account = newAccount('theme');
  await signUpThroughApi(page.request, account);
  await signInThroughUi(page, account);
  await page.goto('/settings/app');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  // A new context: no local storage, and a light system preference.
  const fresh = await browser.newContext({ colorScheme: 'light' });
  const other = await fresh.newPage();
  await signInThroughUi(other, account);
  await expect(other.locator('html')).toHaveClass(/\bdark\b/);
  await other.goto('/settings/app');
  await expect(other.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(other.locator('html')).toHaveClass(/\bdark\b/);
  await fresh.close();
});

test('a failed sign-in leaves no toast in the chat, and logging out leaves exactly one', async ({ page, request }) => {
  const account = newAccount('toasts');
  await signUpThroughApi(request, account);
  await page.goto('/login');
  await fillLoginForm(page, account.username, 'Not-The-Password-1');
  await expect(toasts(page).filter({ hasText: 'Invalid username or password' })).toBeVisible();
  await fillLoginForm(page, account.username, account.password);
  await expect(page).toHaveURL(/\/chat$/);
  await expect(sidebar(page).getByRole('button', { name: 'New Chat' })).toBeVisible();
  // Counted once, not awaited: a toast that only expires (after 5 s) would pass a retrying check.
  expect(await toasts(page).count()).toBe(0);

  await sidebar(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toasts(page).filter({ hasText: 'Successfully logged out' })).toBeVisible();
  // Whatever the chat left behind would have shown by now.
  await page.waitForTimeout(1000);
  expect(await toasts(page).count()).toBe(1);
});

test.describe('the reply footer and the user bubble at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  // Sign-up, sign-in and a first reply: a minute was not always enough on a loaded 2-core CI machine.
  test.describe.configure({ timeout: 150_000 });

  async function chatOnce(page: Page, topic: string): Promise<Locator> {
    const account = newAccount(topic.toLowerCase());
    await signUpThroughApi(page.request, account);
    await signInThroughUi(page, account);
    const prompt = uniquePrompt(topic);
    await sendPrompt(page, prompt);
    return expectFinishedReply(page, 0, fakeReplyTo(prompt));
  }

  test("keeps the footer's actions on one line", async ({ page }) => {
    const reply = await chatOnce(page, 'Footer');
    const tops = await Promise.all(
      [
        reply.getByRole('button', { name: 'Regenerate' }),
        reply.getByRole('button', { name: 'Good reply' }),
        reply.getByRole('button', { name: 'Copy' }),
      ].map(async (button) => (await button.boundingBox())!.y + (await button.boundingBox())!.height / 2),
    );
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(4);
  });

  test("'Edit' in the user bubble and the footer's Copy read at 4.5:1 or better in both themes", async ({ page }) => {
    const reply = await chatOnce(page, 'Contrast');
    const edit = userMessages(page).first().getByRole('button', { name: 'Edit' });
    expect(await textContrast(edit)).toBeGreaterThanOrEqual(4.5);
    expect(await textContrast(reply.getByRole('button', { name: 'Copy' }))).toBeGreaterThanOrEqual(4.5);
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    expect(await textContrast(edit)).toBeGreaterThanOrEqual(4.5);
    expect(await textContrast(reply.getByRole('button', { name: 'Copy' }))).toBeGreaterThanOrEqual(4.5);
  });
});

test.describe('the reply footer at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('wraps inside the bubble: every action is visible and nothing overflows', async ({ page }) => {
    const account = newAccount('footer375');
    await signUpThroughApi(page.request, account);
    await signInThroughUi(page, account);
    const prompt = uniquePrompt('Narrow');
    await sendPrompt(page, prompt);
    const reply = await expectFinishedReply(page, 0, fakeReplyTo(prompt));
    const bubble = (await reply.locator('> div').boundingBox())!;
    for (const name of ['Regenerate', 'Good reply', 'Neutral reply', 'Bad reply', 'Copy']) {
      const box = (await reply.getByRole('button', { name }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(bubble.x);
      expect(box.x + box.width).toBeLessThanOrEqual(bubble.x + bubble.width + 0.5);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
