import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAsNewAdmin } from './support/accounts';
import { expectFinishedReply, fakeReplyTo, scriptReplies, sendPrompt } from './support/chat';

/** axe-core's findings that block or seriously hinder people using assistive technology. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.replace(/\s+/g, ' ')).join('\n  ')}`,
    );
}

async function expectTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test('the landing page has no serious or critical accessibility violations', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('main')).toBeVisible();
      await expectTheme(page, theme);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the sign-in page has no serious or critical accessibility violations', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expectTheme(page, theme);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the chat, with a reply and a failed send, has no serious or critical accessibility violations', async ({
      page,
    }) => {
      await signInAsNewAdmin(page, `axe-chat-${theme}`);
      const prompt = `Accessibility ${Date.now()} check`;
      await sendPrompt(page, prompt);
      await expectFinishedReply(page, 0, fakeReplyTo(prompt));
      const refusal = { failBeforeStream: { status: 500, message: 'upstream detail' } };
      const script = await scriptReplies(page.request, refusal, refusal, refusal);
      await sendPrompt(page, `Failing ${Date.now()} ${script.marker}`);
      await expect(page.getByRole('group', { name: 'Reply failed' })).toBeVisible();
      // The toast goes; the failure under the message stays.
      await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toHaveCount(0, {
        timeout: 15_000,
      });
      await expectTheme(page, theme);
      expect(await seriousViolations(page)).toEqual([]);
      // The model list open, as a user meets it.
      await page.getByRole('button', { name: /^Model:/ }).click();
      await expect(page.getByRole('dialog', { name: 'Choose a model' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the chat on a phone has no serious or critical accessibility violations', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await signInAsNewAdmin(page, `axe-phone-${theme}`);
      await expect(
        page.getByRole('region', { name: 'Conversation' }).getByRole('button', { name: 'Open sidebar' }),
      ).toBeVisible();
      await expectTheme(page, theme);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('App Settings has no serious or critical accessibility violations', async ({ page }) => {
      await signInAsNewAdmin(page, `axe-settings-${theme}`);
      await page.goto('/settings/app');
      await expect(page.getByRole('tablist', { name: 'App settings sections' })).toBeVisible();
      await expectTheme(page, theme);
      expect(await seriousViolations(page)).toEqual([]);
      for (const tab of ['Messages', 'AI Models', 'Privacy']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        expect(await seriousViolations(page), `the ${tab} tab`).toEqual([]);
      }
    });
  });
}
