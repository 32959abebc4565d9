import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { signInAsNewAdmin } from './support/accounts';
import {
  expectFinishedReply,
  fakeReplyTo,
  recordStreamingTexts,
  replies,
  sendPrompt,
  sessionButton,
  sessionTitleFor,
  sidebar,
  uniquePrompt,
  userMessages,
} from './support/chat';

/** Sends a prompt in the current chat and waits for its finished reply; returns the reply. */
async function chatOnce(page: Page, prompt: string, replyIndex = 0) {
  await sendPrompt(page, prompt);
  return expectFinishedReply(page, replyIndex, fakeReplyTo(prompt));
}

test('a new chat streams its reply word by word and shows in the sidebar with its title', async ({ page }) => {
  await signInAsNewAdmin(page, 'chatstream');
  await expect(page.getByRole('heading', { name: 'Start a new conversation' })).toBeVisible();

  const prompt = uniquePrompt('Tides');
  const streamed = recordStreamingTexts(page);
  await sendPrompt(page, prompt);
  await expect(userMessages(page).first()).toContainText(prompt);

  const reply = await expectFinishedReply(page, 0, fakeReplyTo(prompt));
  const texts = await streamed;
  test.info().annotations.push({ type: 'streamed steps seen', description: String(texts.length) });
  // The reply grew in several visible steps, each one extending the previous text, before the final text.
  expect(texts.length, `texts seen while streaming: ${JSON.stringify(texts)}`).toBeGreaterThanOrEqual(3);
  for (let index = 1; index < texts.length; index += 1) expect(texts[index]!.startsWith(texts[index - 1]!)).toBe(true);
  expect(texts[0]!.length).toBeLessThan(fakeReplyTo(prompt).length);
  await expect(reply).toContainText(/\d+ tokens/);

  const title = sessionTitleFor(prompt);
  await expect(sessionButton(page, title)).toBeVisible();
  await expect(sessionButton(page, title)).toHaveAttribute('aria-current', 'true');
});

test('a session is renamed inline: Enter saves, and the name survives a reload', async ({ page }) => {
  await signInAsNewAdmin(page, 'chatrename');
  const prompt = uniquePrompt('Rename');
  await chatOnce(page, prompt);
  const title = sessionTitleFor(prompt);

  await sidebar(page)
    .getByRole('button', { name: `Rename ${title}` })
    .click();
  const nameBox = sidebar(page).getByRole('textbox', { name: 'Chat name' });
  await expect(nameBox).toHaveValue(title);
  await nameBox.fill('Ocean questions');
  await nameBox.press('Enter');

  await expect(nameBox).toBeHidden();
  await expect(sessionButton(page, 'Ocean questions')).toBeVisible();
  await expect(sessionButton(page, title)).toBeHidden();

  await page.reload();
  await expect(sessionButton(page, 'Ocean questions')).toBeVisible();
});

test('renaming: Escape cancels, and leaving the box (blur) saves', async ({ page }) => {
  await signInAsNewAdmin(page, 'chatrename2');
  const prompt = uniquePrompt('Blur');
  await chatOnce(page, prompt);
  const title = sessionTitleFor(prompt);
  const nameBox = sidebar(page).getByRole('textbox', { name: 'Chat name' });

  await sidebar(page)
    .getByRole('button', { name: `Rename ${title}` })
    .click();
  await nameBox.fill('Not kept');
  await nameBox.press('Escape');
  await expect(nameBox).toBeHidden();
  await expect(sessionButton(page, title)).toBeVisible();
  await expect(sessionButton(page, 'Not kept')).toHaveCount(0);

  await sidebar(page)
    .getByRole('button', { name: `Rename ${title}` })
    .click();
  await nameBox.fill('Saved on blur');
  await page.getByRole('textbox', { name: 'Message' }).click();
  await expect(nameBox).toBeHidden();
  await expect(sessionButton(page, 'Saved on blur')).toBeVisible();
  await page.reload();
  await expect(sessionButton(page, 'Saved on blur')).toBeVisible();
});

test('a reply is regenerated with another model, and the footer names that model', async ({ page }) => {
  await signInAsNewAdmin(page, 'chatregen');
  const prompt = uniquePrompt('Regenerate');
  const reply = await chatOnce(page, prompt);
  await expect(reply).not.toContainText('claude-3-5-haiku');

  // First click reveals the model selector, the second regenerates with the chosen model.
  await reply.getByRole('button', { name: 'Regenerate' }).click();
  await reply.getByRole('combobox', { name: 'Model for regeneration' }).selectOption({ label: 'Claude 3.5 Haiku' });
  await reply.getByRole('button', { name: 'Regenerate now' }).click();

  const regenerated = await expectFinishedReply(page, 0, fakeReplyTo(prompt));
  await expect(regenerated).toContainText('claude-3-5-haiku');
  await expect(replies(page)).toHaveCount(1);

  await page.reload();
  await sessionButton(page, sessionTitleFor(prompt)).click();
  await expect(replies(page).first()).toContainText('claude-3-5-haiku');
});

test("the user's message is edited and saved", async ({ page }) => {
  await signInAsNewAdmin(page, 'chatedit');
  const prompt = uniquePrompt('Edit');
  await chatOnce(page, prompt);

  const message = userMessages(page).first();
  await message.getByRole('button', { name: 'Edit' }).click();
  const editor = message.getByRole('textbox', { name: 'Edit message' });
  await expect(editor).toHaveValue(prompt);
  const edited = 'An edited question about tides, asked again in other words';
  await editor.fill(edited);
  await message.getByRole('button', { name: 'Save' }).click();

  await expect(editor).toBeHidden();
  await expect(message).toContainText(edited);
  // A title made from the first message follows its edit (spec: the first 30 characters of the prompt).
  await expect(sessionButton(page, sessionTitleFor(edited))).toBeVisible();
  await expect(sessionButton(page, sessionTitleFor(prompt))).toHaveCount(0);

  await page.reload();
  await sessionButton(page, sessionTitleFor(edited)).click();
  await expect(userMessages(page).first()).toContainText(edited);
});

test.describe('with clipboard access', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a reply is rated once and copied to the clipboard', async ({ page }) => {
    await signInAsNewAdmin(page, 'chatrate');
    const prompt = uniquePrompt('Feedback');
    const reply = await chatOnce(page, prompt);

    await reply.getByRole('button', { name: 'Good reply' }).click();
    await expect(reply.getByRole('status')).toHaveText('Thanks for your feedback!');
    await expect(reply.getByRole('button', { name: 'Good reply' })).toHaveAttribute('aria-pressed', 'true');
    await expect(reply.getByRole('button', { name: 'Bad reply' })).toBeDisabled();

    await reply.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(reply.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fakeReplyTo(prompt));
  });

  test('a code block in a reply shows its language and line numbers, and copies its code', async ({ page }) => {
    await signInAsNewAdmin(page, 'chatcode');
    // The fake provider echoes the prompt, so a fenced block in the prompt comes back as markdown.
    const code = 'const answer = 42;\nconsole.log(answer);';
    const prompt = `Check this ${Math.random().toString(36).slice(2, 8)}:\n\n\`\`\`js\n${code}\n\`\`\``;
    await sendPrompt(page, prompt);
    const reply = replies(page).first();
    await expect(reply.getByRole('button', { name: 'Regenerate' })).toBeVisible();

    const block = reply.getByRole('figure', { name: 'js code' });
    await expect(block).toBeVisible();
    await expect(block.locator('figcaption')).toContainText('js');
    await expect(block.locator('pre')).toContainText('1');
    await expect(block.locator('pre')).toContainText('2');
    await block.getByRole('button', { name: 'Copy code' }).click();
    await expect(block.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expect(block.getByRole('button', { name: 'Copy code' })).toBeVisible();
  });
});

test('a session is exported: a new tab opens the Markdown download of the conversation', async ({ page, context }) => {
  await signInAsNewAdmin(page, 'chatexport');
  const prompt = uniquePrompt('Export');
  await chatOnce(page, prompt);

  // The tab opens at once (so popup blockers allow it), then goes to the returned signed url, which
  // answers the file as an attachment: Chromium downloads it from that tab.
  const downloaded = new Promise<Download>((resolve) =>
    context.once('page', (tab) => void tab.waitForEvent('download').then(resolve)),
  );
  await sidebar(page)
    .getByRole('button', { name: `Export ${sessionTitleFor(prompt)}` })
    .click();
  const download = await downloaded;
  expect(download.url()).toMatch(/\/api\/conversation\/session\/[^/]+\/export\/download\?/);
  expect(download.suggestedFilename()).toMatch(/\.md$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text).toContain(prompt);
  expect(text).toContain(fakeReplyTo(prompt));
  await expect(page.getByText('Failed to export chat session')).toBeHidden();
});

test('sessions are deleted one at a time, then all cleared', async ({ page }) => {
  // Three replies, two reloads and two deletions: on a loaded 2-core machine this took more than a minute.
  test.setTimeout(120_000);
  await signInAsNewAdmin(page, 'chatdelete');
  const prompts = [uniquePrompt('First'), uniquePrompt('Second'), uniquePrompt('Third')];
  for (const prompt of prompts) {
    await sidebar(page).getByRole('button', { name: 'New Chat' }).click();
    await chatOnce(page, prompt);
  }
  for (const prompt of prompts) await expect(sessionButton(page, sessionTitleFor(prompt))).toBeVisible();

  // Asked first: Escape keeps the conversation, Delete removes it.
  await sidebar(page)
    .getByRole('button', { name: `Delete ${sessionTitleFor(prompts[0]!)}` })
    .click();
  await expect(page.getByRole('alertdialog', { name: 'Delete this conversation?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(sessionButton(page, sessionTitleFor(prompts[0]!))).toBeVisible();
  await sidebar(page)
    .getByRole('button', { name: `Delete ${sessionTitleFor(prompts[0]!)}` })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Delete this conversation?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(sessionButton(page, sessionTitleFor(prompts[0]!))).toBeHidden();
  await expect(sessionButton(page, sessionTitleFor(prompts[1]!))).toBeVisible();
  await page.reload();
  await expect(sessionButton(page, sessionTitleFor(prompts[1]!))).toBeVisible();
  await expect(sessionButton(page, sessionTitleFor(prompts[0]!))).toBeHidden();

  await sidebar(page).getByRole('button', { name: 'Clear all conversations' }).click();
  await sidebar(page).getByRole('button', { name: 'Yes, clear all' }).click();
  await expect(sidebar(page).getByRole('listitem')).toHaveCount(0);
  await expect(sidebar(page).getByRole('button', { name: 'Clear all conversations' })).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Start a new conversation' })).toBeVisible();
  await page.reload();
  await expect(sidebar(page).getByRole('button', { name: 'New Chat' })).toBeVisible();
  await expect(sidebar(page).getByRole('listitem')).toHaveCount(0);
});

test.describe('at a 375 px viewport', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  /** Dispatches a horizontal swipe on the chat screen, as touch events. */
  async function swipe(page: Page, fromX: number, toX: number): Promise<void> {
    await page
      .locator('section[aria-label="Conversation"], aside[aria-label="Chat sessions"]')
      .first()
      .evaluate(
        (element, [from, to]) => {
          const touch = (x: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: 300 });
          element.dispatchEvent(
            new TouchEvent('touchstart', { bubbles: true, touches: [touch(from!)], changedTouches: [touch(from!)] }),
          );
          element.dispatchEvent(
            new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(to!)] }),
          );
        },
        [fromX, toX],
      );
  }

  test('the sidebar fills the screen, closes on choosing a chat, and reopens by swipe or toggle', async ({ page }) => {
    await signInAsNewAdmin(page, 'chatmobile');
    const bar = sidebar(page);
    // On a narrow screen the chat opens with the sidebar closed; the toggle opens it full screen.
    await expect(bar).toBeHidden();
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await expect(bar).toBeVisible();
    const box = await bar.boundingBox();
    expect(box?.width).toBe(375);
    expect(box?.height).toBe(740);

    // New Chat closes it.
    await bar.getByRole('button', { name: 'New Chat' }).click();
    await expect(bar).toBeHidden();
    const prompt = uniquePrompt('Mobile');
    await chatOnce(page, prompt);

    // The toggle reopens it; choosing a session closes it.
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await expect(bar).toBeVisible();
    await sessionButton(page, sessionTitleFor(prompt)).click();
    await expect(bar).toBeHidden();
    await expect(userMessages(page).first()).toContainText(prompt);

    // Swipe right opens it, swipe left closes it.
    await swipe(page, 40, 300);
    await expect(bar).toBeVisible();
    await swipe(page, 300, 40);
    await expect(bar).toBeHidden();

    // The close button in the sidebar closes it too.
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await bar.getByRole('button', { name: 'Close sidebar' }).click();
    await expect(bar).toBeHidden();
  });
});
