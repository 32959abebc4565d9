import { expect, test } from '@playwright/test';
import { signInAsNewAdmin } from './support/accounts';
import {
  errorToasts,
  expectFinishedReply,
  fakeReplyTo,
  replies,
  sendPrompt,
  uniquePrompt,
  userMessages,
} from './support/chat';

for (const size of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
]) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('saving an edit asks again, and the earlier answers stay as versions with their prompts, also after a reload', async ({
      page,
    }) => {
      await signInAsNewAdmin(page, `versions-${size.name}`);
      const prompt = uniquePrompt('Versions');
      await sendPrompt(page, prompt);
      await expectFinishedReply(page, 0, fakeReplyTo(prompt));
      await expect(page.getByRole('group', { name: 'Answer versions' })).toHaveCount(0);

      const rewritten = `${uniquePrompt('Rewritten')} about tides`;
      const message = userMessages(page).first();
      await message.getByRole('button', { name: 'Edit' }).click();
      await message.getByRole('textbox', { name: 'Edit message' }).fill(rewritten);
      await message.getByRole('button', { name: 'Save' }).click();

      const reply = await expectFinishedReply(page, 0, fakeReplyTo(rewritten));
      await expect(message).toContainText(rewritten);
      await expect(replies(page)).toHaveCount(1);
      const versions = reply.getByRole('group', { name: 'Answer versions' });
      await expect(versions).toContainText('2 / 2');

      await versions.getByRole('button', { name: 'Previous answer' }).click();
      await expect(reply).toContainText(fakeReplyTo(prompt));
      await expect(reply.getByRole('button', { name: 'Regenerate' })).toHaveCount(0);
      await expect(message).toContainText('As asked then');
      await expect(message).toContainText(prompt);
      await versions.getByRole('button', { name: 'Next answer' }).click();
      await expect(reply).toContainText(fakeReplyTo(rewritten));

      // A regeneration adds a third answer.
      await reply.getByRole('button', { name: 'Regenerate' }).click();
      await reply.getByRole('button', { name: 'Regenerate now' }).click();
      await expect(replies(page).first().getByRole('group', { name: 'Answer versions' })).toContainText('3 / 3');
      await expect(errorToasts(page)).toHaveCount(0);

      // After a reload the only chat opens by itself (spec: the first session is selected).
      await page.reload();
      const saved = replies(page).first();
      await expect(saved.getByRole('group', { name: 'Answer versions' })).toContainText('3 / 3');
      await saved.getByRole('button', { name: 'Previous answer' }).click();
      await saved.getByRole('button', { name: 'Previous answer' }).click();
      await expect(saved).toContainText(fakeReplyTo(prompt));
      await expect(userMessages(page).first()).toContainText(prompt);
    });
  });
}
