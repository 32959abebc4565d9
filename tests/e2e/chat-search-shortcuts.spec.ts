import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
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

const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: '375 px', viewport: { width: 375, height: 812 } },
];

const press = (page: Page, keys: string) => page.keyboard.press(keys);

/** Opens the sidebar with its shortcut when it is closed (a phone starts with it closed). */
async function showSidebar(page: Page) {
  if (!(await sidebar(page).isVisible())) await press(page, 'Control+Shift+S');
  await expect(sidebar(page)).toBeVisible();
}

for (const size of sizes) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('shortcuts, search that opens the message, timestamps, and export as JSON', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInAsNewAdmin(page, 'chatfind');
      const tag = Math.random().toString(36).slice(2, 8);
      const needle = `quince${tag}`;
      const first = `Orchard ${tag}: how do I prune a ${needle} tree in late winter without harming next year's fruit`;
      const followUps = [uniquePrompt('Soil'), uniquePrompt('Water'), uniquePrompt('Light')];
      await sendPrompt(page, first);
      await expectFinishedReply(page, 0, fakeReplyTo(first));
      for (const [index, prompt] of followUps.entries()) {
        await sendPrompt(page, prompt);
        await expectFinishedReply(page, index + 1, fakeReplyTo(prompt));
      }

      // Relative time on each message, the exact time as its tooltip.
      const replyTime = replies(page).last().locator('time');
      await expect(replyTime).toHaveText(/just now|1 min ago/);
      expect(await replyTime.getAttribute('title')).toMatch(/\d{4}/);

      // The help dialog: Ctrl+/ opens it, Escape closes it.
      await page.getByRole('textbox', { name: 'Message' }).focus();
      await press(page, 'Control+/');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(help).toBeVisible();
      await expect(help.getByText('Copy the last reply')).toBeVisible();
      await press(page, 'Escape');
      await expect(help).toBeHidden();

      // Copy the last reply.
      await press(page, 'Control+Shift+C');
      await expect(page.getByText('Last reply copied')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fakeReplyTo(followUps[2]!));

      // A new chat from the keyboard, then one message there.
      await press(page, 'Control+Shift+O');
      await expect(page.getByRole('heading', { name: 'Start a new conversation' })).toBeVisible();
      await press(page, 'Shift+Escape');
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
      const other = uniquePrompt('Bees');
      await sendPrompt(page, other);
      await expectFinishedReply(page, 0, fakeReplyTo(other));

      // Search finds the first chat's first message and opens the chat there.
      await showSidebar(page);
      await sidebar(page).getByRole('searchbox', { name: 'Search conversations' }).fill(needle.toUpperCase());
      const results = sidebar(page).getByRole('list', { name: 'Search results' });
      const hit = results.getByRole('button').filter({ hasText: 'You:' });
      await expect(hit).toHaveCount(1);
      await expect(hit.locator('mark').first()).toHaveText(needle);
      await hit.click();
      // The first chat opens (a phone's sidebar closes on choosing it), then its message is marked.
      if (size.viewport.width < 768) await expect(sidebar(page)).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: sessionTitleFor(first) })).toBeAttached();
      const found = userMessages(page).filter({ hasText: needle });
      await expect(found).toHaveAttribute('aria-current', 'true');
      await expect(found).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);

      // Export as JSON: a new tab downloads the conversation.
      await showSidebar(page);
      const search = sidebar(page).getByRole('searchbox', { name: 'Search conversations' });
      await search.focus();
      await press(page, 'Escape');
      await expect(search).toHaveValue('');
      const title = sessionTitleFor(first);
      await expect(sessionButton(page, title)).toBeVisible();
      await expect(sidebar(page).getByRole('heading', { name: 'Today' })).toBeVisible();
      const downloaded = new Promise<Download>((resolve) =>
        context.once('page', (tab) => void tab.waitForEvent('download').then(resolve)),
      );
      await sidebar(page)
        .getByRole('button', { name: `Export as JSON: ${title}` })
        .click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(/\.json$/);
      const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
        title: string;
        messages: { content: string }[];
      };
      expect(exported.messages.map((message) => message.content)).toContain(first);
      expect(exported.messages).toHaveLength(8);
    });
  });
}
