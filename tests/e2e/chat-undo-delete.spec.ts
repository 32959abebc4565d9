import { expect, test, type Page } from '@playwright/test';
import { signInAsNewAdmin } from './support/accounts';
import {
  expectFinishedReply,
  fakeReplyTo,
  replies,
  sendPrompt,
  sessionButton,
  sessionTitleFor,
  sidebar,
  uniquePrompt,
  userMessages,
} from './support/chat';

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** Deletes the conversation through its confirmation; answers the toast that offers Undo. */
async function deleteConfirmed(page: Page, title: string) {
  await sidebar(page)
    .getByRole('button', { name: `Delete ${title}` })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Delete this conversation?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(sessionButton(page, title)).toBeHidden();
  const toast = notifications(page).getByRole('status').filter({ hasText: 'Chat session deleted' });
  await expect(toast).toBeVisible();
  return toast;
}

test('Undo after deleting the open conversation brings it back, open, with its messages', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsNewAdmin(page, 'undodelete');
  const [kept, deleted] = [uniquePrompt('Kept'), uniquePrompt('Undone')];
  await sendPrompt(page, kept);
  await expectFinishedReply(page, 0, fakeReplyTo(kept));
  await sidebar(page).getByRole('button', { name: 'New Chat' }).click();
  await sendPrompt(page, deleted);
  await expectFinishedReply(page, 0, fakeReplyTo(deleted));

  const toast = await deleteConfirmed(page, sessionTitleFor(deleted));
  await expect(page.getByRole('heading', { name: 'Start a new conversation' })).toBeVisible();
  await toast.getByRole('button', { name: 'Undo' }).click();

  await expect(sessionButton(page, sessionTitleFor(deleted))).toBeVisible();
  await expect(userMessages(page)).toHaveCount(1);
  await expect(userMessages(page).first()).toContainText(deleted);
  await expect(replies(page).first()).toContainText(fakeReplyTo(deleted));
  await expect(toast).toBeHidden();
  // Restored on the server, not only on the screen.
  await page.reload();
  await expect(sessionButton(page, sessionTitleFor(deleted))).toBeVisible();
  await expect(sessionButton(page, sessionTitleFor(kept))).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Undo from the full-screen sidebar brings the conversation back with its messages', async ({ page }) => {
    await signInAsNewAdmin(page, 'undomobile');
    const prompt = uniquePrompt('Phone');
    await sendPrompt(page, prompt);
    await expectFinishedReply(page, 0, fakeReplyTo(prompt));

    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await expect(sidebar(page)).toBeVisible();
    const toast = await deleteConfirmed(page, sessionTitleFor(prompt));
    await expect(toast.getByRole('button', { name: 'Undo' })).toBeInViewport();
    await toast.getByRole('button', { name: 'Undo' }).click();

    await expect(sessionButton(page, sessionTitleFor(prompt))).toBeVisible();
    await sessionButton(page, sessionTitleFor(prompt)).click();
    await expect(sidebar(page)).toBeHidden();
    await expect(userMessages(page)).toHaveCount(1);
    await expect(userMessages(page).first()).toContainText(prompt);
    await expect(replies(page).first()).toContainText(fakeReplyTo(prompt));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
