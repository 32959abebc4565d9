import { expect, test, type Page } from '@playwright/test';
import type { FakeReply } from '../../src/gateway/testing/fake-reply';
import { signInAsNewAdmin } from './support/accounts';
import {
  errorToasts,
  expectFinishedReply,
  replies,
  scriptReplies,
  sendPrompt,
  sessionButton,
  sessionTitleFor,
  thinkingIndicator,
  uniquePrompt,
  userMessages,
} from './support/chat';

/** Spec section 8 (Chat): what a failed send shows when the server's message names no limit or access case. */
const sendFailedText = 'Failed to send message. Please try again.';

const stopButton = (page: Page) => page.getByRole('button', { name: 'Stop generating' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });

/** Reloads and opens the session the prompt started, as the server saved it. */
async function reopenAfterReload(page: Page, prompt: string): Promise<void> {
  await page.reload();
  await sessionButton(page, sessionTitleFor(prompt)).click();
  await expect(userMessages(page).first()).toContainText(prompt);
}

test("'Thinking' shows until the reply's first words arrive, then gives way to the streaming text", async ({
  page,
}) => {
  await signInAsNewAdmin(page, 'thinking');
  // Every chunk waits 2 s, so the first one is slow and the reply is still streaming after it.
  const script = await scriptReplies(page.request, { text: 'Slowly arriving answer', chunkDelayMs: 2_000 });
  await sendPrompt(page, `${uniquePrompt('Thinking')} ${script.marker}`);

  await expect(thinkingIndicator(page)).toBeVisible();
  await expect(replies(page)).toHaveCount(0);

  const reply = replies(page).first();
  await expect(reply).toContainText('Slowly');
  await expect(thinkingIndicator(page)).toBeHidden();
  // Still streaming: the next word and the footer are seconds away.
  await expect(reply).not.toContainText('arriving');
  await expect(reply.getByRole('button', { name: 'Regenerate' })).toHaveCount(0);

  await expectFinishedReply(page, 0, 'Slowly arriving answer');
  await expect(thinkingIndicator(page)).toBeHidden();
});

test("'Stop generating' stops a streaming reply; the partial reply stays and is saved with its tokens", async ({
  page,
}) => {
  await signInAsNewAdmin(page, 'stop');
  // Words that end in a letter, so the reply's time stamp right after the text cannot extend them.
  const words = Array.from({ length: 40 }, (_, index) => `w${index + 1}w`);
  const script = await scriptReplies(page.request, { text: words.join(' '), chunkDelayMs: 250 });
  const prompt = `${uniquePrompt('Stop')} ${script.marker}`;
  await sendPrompt(page, prompt);

  const reply = replies(page).first();
  await expect(reply).toContainText('w3w');
  await expect(stopButton(page)).toBeVisible();
  await expect(sendButton(page)).toBeHidden();
  await stopButton(page).click();

  await expect(stopButton(page)).toBeHidden();
  await expect(sendButton(page)).toBeVisible();
  // The stop reached the model provider: our server aborted its call instead of reading on.
  await expect
    .poll(async () => (await script.calls())[0]?.ending, { message: 'how the provider call ended' })
    .toBe('closed-by-client');

  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText(), not the DOM property: only the words shown on screen count
  const shownWords = (await reply.innerText()).match(/w\d+w/g) ?? [];
  expect(shownWords.length).toBeGreaterThanOrEqual(3);
  expect(shownWords.length).toBeLessThan(words.length);
  expect(shownWords).toEqual(words.slice(0, shownWords.length));
  await expect(reply).not.toContainText(words.at(-1)!);
  await expect(errorToasts(page)).toHaveCount(0);

  await reopenAfterReload(page, prompt);
  const saved = replies(page).first();
  await expect(saved).toContainText(shownWords.join(' '));
  await expect(saved).not.toContainText(words.at(-1)!);
  await expect(saved.getByText(/^[1-9]\d* tokens$/)).toBeVisible();
});

const midStreamFailures: { name: string; failure: FakeReply }[] = [
  { name: 'sends its error event', failure: { errorEventAfterChunks: 3 } },
  { name: 'drops the connection', failure: { dropConnectionAfterChunks: 3 } },
];

for (const { name, failure } of midStreamFailures) {
  test(`a provider that ${name} mid-reply: the send failure shows, the partial reply stays, the message survives a reload`, async ({
    page,
  }) => {
    await signInAsNewAdmin(page, 'midstream');
    const script = await scriptReplies(page.request, {
      text: 'First second third fourth fifth sixth',
      chunkDelayMs: 100,
      ...failure,
    });
    const prompt = `${uniquePrompt('Broken')} ${script.marker}`;
    await sendPrompt(page, prompt);

    await expect(errorToasts(page).filter({ hasText: sendFailedText })).toBeVisible();
    const reply = replies(page).first();
    // The third word is sent just before the failure; on a loaded machine a stream that errors can
    // lose a chunk its reader had not taken yet, so only the words well before it are certain.
    await expect(reply).toContainText('First second');
    await expect(reply).not.toContainText('fourth');
    const kept = (await reply.locator('p').first().textContent())?.trim() ?? '';
    expect(kept).toContain('First second');
    await expect(userMessages(page).first()).toContainText(prompt);
    await expect(stopButton(page)).toBeHidden();
    await expect(thinkingIndicator(page)).toBeHidden();

    await reopenAfterReload(page, prompt);
    await expect(replies(page)).toHaveCount(1);
    await expect(replies(page).first()).toContainText(kept);
    await expect(replies(page).first()).not.toContainText('fourth');
  });
}

for (const status of [429, 500]) {
  test(`a provider answering ${status} before the reply: the send failure shows and the message survives a reload`, async ({
    page,
  }) => {
    await signInAsNewAdmin(page, `prestream${status}`);
    // Every call fails: the router's primary model and the backup it falls back to.
    const refusal: FakeReply = { failBeforeStream: { status, message: 'secret upstream detail' } };
    const script = await scriptReplies(page.request, refusal, refusal, refusal);
    const prompt = `${uniquePrompt('Refused')} ${script.marker}`;
    await sendPrompt(page, prompt);

    // Spec section 4: a failed send shows an error toast; the red banner is for access and limit texts.
    await expect(errorToasts(page).filter({ hasText: sendFailedText })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Conversation' }).getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('secret upstream detail')).toHaveCount(0);
    await expect(thinkingIndicator(page)).toBeHidden();
    await expect(replies(page)).toHaveCount(0);
    await expect(userMessages(page).first()).toContainText(prompt);
    await expect(sendButton(page)).toBeVisible();

    await reopenAfterReload(page, prompt);
    await expect(replies(page)).toHaveCount(0);
  });
}
