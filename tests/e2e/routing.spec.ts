import { expect, test } from '@playwright/test';
import { signInAsNewAdmin } from './support/accounts';
import { expectFinishedReply, fakeReplyTo, sendPrompt, uniquePrompt } from './support/chat';

test('Auto routes a reply and says how; the same question in a new chat is answered from the cache for free', async ({
  page,
}) => {
  await signInAsNewAdmin(page, 'routing');
  await expect(page.getByRole('button', { name: 'Model: Auto' })).toBeVisible();

  const prompt = uniquePrompt('Explain how tides work');
  await sendPrompt(page, prompt);
  const first = await expectFinishedReply(page, 0, fakeReplyTo(prompt));
  const firstRoute = first.getByLabel('How this reply was routed');
  await expect(firstRoute).toContainText(/Routed|Only model/);
  await expect(firstRoute).toContainText(/vs \$[\d.]+ on \w+\//);

  await page.getByRole('button', { name: 'New Chat' }).click();
  await sendPrompt(page, prompt);
  const second = await expectFinishedReply(page, 0, fakeReplyTo(prompt));
  const secondRoute = second.getByLabel('How this reply was routed');
  await expect(secondRoute).toContainText('From cache');
  // Money shows 2 decimals (spec section 9, docs/decisions/044): a free cache hit reads $0.00.
  await expect(secondRoute).toContainText(/^From cache.*\$0\.00 vs \$[\d.]+ on \w+\/.*\(saved \$[\d.]+\)/);
});
