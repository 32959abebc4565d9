import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newAccount, signInThroughUi, signUpThroughApi } from './support/accounts';
import {
  createUserThroughApi,
  expectNoHorizontalOverflow,
  signInThroughApi,
  subscribeThroughApi,
} from './support/admin';
import { expectFinishedReply, fakeReplyTo, sendPrompt, sidebar, uniquePrompt } from './support/chat';

test("a rated reply shows in the dashboard's User Feedback card and its export, and in model analytics, which a model manager reaches from the chat", async ({
  browser,
  page,
}) => {
  const admin = newAccount('feedback-admin');
  await signUpThroughApi(page.request, admin);
  // The ratings' CSV is a Business feature (docs/decisions/041).
  await subscribeThroughApi(page.request, await signInThroughApi(page.request, admin));
  await signInThroughUi(page, admin);
  const prompt = uniquePrompt('Ratings');
  await sendPrompt(page, prompt);
  const reply = await expectFinishedReply(page, 0, fakeReplyTo(prompt));
  await reply.getByRole('button', { name: 'Good reply' }).click();
  await expect(reply.getByRole('button', { name: 'Good reply' })).toHaveAttribute('aria-pressed', 'true');

  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const card = page.getByRole('region', { name: 'User Feedback' });
  const recent = card.getByRole('list', { name: 'Recent feedback' }).getByRole('listitem');
  await expect(recent).toHaveCount(1);
  await expect(recent.first()).toContainText('Positive');
  await expect(card).toContainText('Share Positive100.0%');

  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^feedback-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe('id,created_at,user_id,model_id,selection_id,feedback');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/,positive$/);

  await page.getByRole('link', { name: 'Model analytics' }).click();
  await expect(page).toHaveURL(/\/admin\/models$/);
  const ratings = page
    .getByRole('region', { name: 'User Ratings' })
    .getByRole('list', { name: 'Ratings by model' })
    .getByRole('listitem');
  await expect(ratings).toHaveCount(1);
  await expect(ratings.first()).toContainText('100.0% positive');

  // A model manager has no dashboard: on a phone the chat sidebar's switch leads to model analytics, with the organisation's ratings.
  const manager = newAccount('model-manager');
  await createUserThroughApi(page.request, await signInThroughApi(page.request, admin), manager, 'Model Manager');
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const managerPage = await context.newPage();
  await signInThroughUi(managerPage, manager);
  await managerPage.getByRole('region', { name: 'Conversation' }).getByRole('button', { name: 'Open sidebar' }).click();
  await sidebar(managerPage).getByRole('link', { name: 'Model Analytics' }).click();
  await expect(managerPage).toHaveURL(/\/admin\/models$/);
  await expect(managerPage.getByRole('region', { name: 'User Ratings' }).getByRole('listitem').first()).toContainText(
    '100.0% positive',
  );
  await expectNoHorizontalOverflow(managerPage);
  await expect(managerPage.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat');
  await context.close();
});
