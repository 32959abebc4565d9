import { expect, test, type Page } from '@playwright/test';
import type { FakeReply } from '../../src/gateway/testing/fake-reply';
import { signInAsNewAdmin } from './support/accounts';
import { e2eFakeProviderUrl } from './support/environment';
import {
  errorToasts,
  fakeReplyTo,
  replies,
  scriptReplies,
  sendPrompt,
  uniquePrompt,
  userMessages,
} from './support/chat';

/** Spec section 8 (Chat): the toast a failed send shows; the server's reason shows under the message. */
const sendFailedText = 'Failed to send message. Please try again.';
const providerFailedText = 'The model provider failed to answer. Please try again.';

/** Replaces the replies scripted under a marker (the fake provider keeps one script per key). */
async function rescript(page: Page, marker: string, replies: FakeReply[]): Promise<void> {
  const key = /\[script:([\w-]+)\]/.exec(marker)![1];
  const response = await page.request.post(`${e2eFakeProviderUrl}/_scripts`, { data: { key, replies } });
  expect(response.ok()).toBe(true);
}

const failureUnder = (page: Page) => userMessages(page).first().getByRole('group', { name: 'Reply failed' });

for (const size of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
]) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('a reply that fails mid-stream shows the reason under the message; Retry answers it once, and a reload agrees', async ({
      page,
    }) => {
      await signInAsNewAdmin(page, `retry-${size.name}`);
      // One broken reply; the retry gets the fake provider's default answer.
      const script = await scriptReplies(page.request, {
        text: 'First second third fourth fifth',
        chunkDelayMs: 50,
        errorEventAfterChunks: 2,
      });
      const prompt = `${uniquePrompt('Retry')} ${script.marker}`;
      await sendPrompt(page, prompt);

      await expect(errorToasts(page).filter({ hasText: sendFailedText })).toBeVisible();
      await expect(failureUnder(page)).toContainText(providerFailedText);
      await expect(failureUnder(page).getByRole('button', { name: 'Try another model' })).toBeVisible();
      await failureUnder(page).getByRole('button', { name: 'Retry' }).click();

      await expect(replies(page)).toHaveCount(1);
      await expect(replies(page).first()).toContainText(fakeReplyTo(prompt));
      await expect(
        replies(page)
          .first()
          .getByText(/^[1-9]\d* tokens$/),
      ).toBeVisible();
      await expect(failureUnder(page)).toHaveCount(0);
      await expect(userMessages(page)).toHaveCount(1);

      await page.reload();
      await expect(userMessages(page)).toHaveCount(1);
      await expect(replies(page)).toHaveCount(1);
      await expect(replies(page).first()).toContainText(fakeReplyTo(prompt));
    });

    test("'Try another model' opens the model list; the model chosen there answers the failed message", async ({
      page,
    }) => {
      await signInAsNewAdmin(page, `another-${size.name}`);
      const refusal: FakeReply = { failBeforeStream: { status: 500, message: 'secret upstream detail' } };
      const script = await scriptReplies(page.request, refusal, refusal, refusal);
      const prompt = `${uniquePrompt('Another')} ${script.marker}`;
      await sendPrompt(page, prompt);

      await expect(failureUnder(page)).toContainText(providerFailedText);
      await expect(page.getByText('secret upstream detail')).toHaveCount(0);
      // The provider recovers: the same marker now gets the default answer.
      await rescript(page, script.marker, []);
      await failureUnder(page).getByRole('button', { name: 'Try another model' }).click();
      const list = page.getByRole('dialog', { name: 'Choose a model' });
      await expect(list).toBeVisible();
      const options = list.getByRole('option');
      // The first option is Auto; the second a named model.
      const chosen = options.nth(1);
      // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText(), not the DOM property: the rendered text with its line breaks, which the split needs
      const chosenName = (await chosen.innerText()).split('\n')[0]!.trim();
      await chosen.click();

      await expect(page.getByRole('button', { name: `Model: ${chosenName}` })).toBeVisible();
      await expect(replies(page)).toHaveCount(1);
      await expect(replies(page).first()).toContainText(fakeReplyTo(prompt));
      await expect(failureUnder(page)).toHaveCount(0);
      await expect(userMessages(page)).toHaveCount(1);
      await page.reload();
      await expect(userMessages(page)).toHaveCount(1);
      await expect(replies(page).first()).toContainText(fakeReplyTo(prompt));
    });
  });
}
