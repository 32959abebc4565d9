import { expect, test } from '@playwright/test';
import { signInAsNewAdmin } from './support/accounts';
import { errorToasts, replies, scriptReplies, sendPrompt, uniquePrompt } from './support/chat';

for (const size of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
]) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('a stopped reply shows its footer at once, marked Stopped, and keeps it after a reload', async ({ page }) => {
      await signInAsNewAdmin(page, `stopped-${size.name}`);
      const words = Array.from({ length: 40 }, (_, index) => `w${index + 1}w`);
      const script = await scriptReplies(page.request, { text: words.join(' '), chunkDelayMs: 250 });
      await sendPrompt(page, `${uniquePrompt('Stopped')} ${script.marker}`);

      const reply = replies(page).first();
      await expect(reply).toContainText('w3w');
      await page.getByRole('button', { name: 'Stop generating' }).click();

      // No reload: the footer as the server saved the reply.
      await expect(reply.getByRole('note')).toContainText('Stopped');
      await expect(reply.getByText(/^[1-9]\d* tokens$/)).toBeVisible();
      await expect(reply.getByRole('button', { name: 'Good reply' })).toBeEnabled();
      await expect(reply.getByRole('button', { name: 'Regenerate' })).toBeVisible();
      await expect(reply).not.toContainText(words.at(-1)!);
      await expect(errorToasts(page)).toHaveCount(0);

      await page.reload();
      const saved = replies(page).first();
      await expect(saved.getByRole('note')).toContainText('Stopped');
      await expect(saved.getByText(/^[1-9]\d* tokens$/)).toBeVisible();
    });
  });
}
