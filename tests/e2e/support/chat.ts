import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { FakeReply } from '../../../src/gateway/testing/fake-reply';
import { scriptMarker } from '../../support/scripted-providers';
import { e2eFakeProviderUrl } from './environment';

/**
 * The fake provider's default answer (see src/gateway/testing/fake-reply.ts), for prompts without
 * a script marker: every reply is determined by its own prompt, so parallel tests never collide.
 */
export function fakeReplyTo(prompt: string): string {
  return `Fake reply to: ${prompt}`;
}

/** Spec section 3: a session is titled with the first 30 characters of its first prompt plus '...'. */
export function sessionTitleFor(prompt: string): string {
  return `${prompt.slice(0, 30)}...`;
}

/** A prompt unique to this test, long enough to stream many words and to be cut in the title. */
export function uniquePrompt(topic: string): string {
  const tag = Math.random().toString(36).slice(2, 8);
  return `${topic} ${tag} please answer in a few plain words so that the reply streams in one word after another`;
}

export const sidebar = (page: Page): Locator => page.getByRole('complementary', { name: 'Chat sessions' });
export const replies = (page: Page): Locator => page.getByRole('article', { name: 'Assistant reply' });
export const userMessages = (page: Page): Locator => page.getByRole('article', { name: 'Your message' });

/** Types the prompt and presses Enter (spec: Enter sends). */
export async function sendPrompt(page: Page, prompt: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(prompt);
  await box.press('Enter');
}

/** A reply is routed, called, streamed and settled: on a loaded 2-core machine that can take longer than expect's 10 s. */
const replyFinishes = { timeout: 30_000 };

/** Waits until the reply at `index` has finished streaming (its footer is shown) and holds `text`. */
export async function expectFinishedReply(page: Page, index: number, text: string): Promise<Locator> {
  const reply = replies(page).nth(index);
  await expect(reply).toContainText(text, replyFinishes);
  await expect(reply.getByRole('button', { name: 'Regenerate' })).toBeVisible(replyFinishes);
  return reply;
}

/**
 * Records, in the page, every distinct text of the newest assistant reply while it streams (before its
 * footer appears), sampled on each animation frame. Start it before sending; await it after.
 */
export function recordStreamingTexts(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const started = performance.now();
        const sample = () => {
          const all = document.querySelectorAll('article[aria-label="Assistant reply"]');
          const last = all[all.length - 1];
          const finished = [...(last?.querySelectorAll('button') ?? [])].some(
            (button) => button.textContent === 'Regenerate',
          );
          if (last && !finished) {
            // article > bubble > rendered markdown (the timestamp and footer come after it)
            const text = (last.firstElementChild?.firstElementChild?.textContent ?? '').trim();
            if (text && seen.at(-1) !== text) seen.push(text);
          }
          if ((last && finished) || performance.now() - started > 20_000) resolve(seen);
          else requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      }),
  );
}

/** A session's select button in the sidebar; its accessible name is the title followed by the creation date. */
export function sessionButton(page: Page, title: string): Locator {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return sidebar(page).getByRole('button', { name: new RegExp(`^${escaped}`) });
}

/** A scripted reply's record of how its provider call ended ('closed-by-client' when our server aborted it). */
export interface ScriptedCall {
  ending: string;
}

/**
 * Scripts the fake provider's answers (one per call, in order) to prompts that carry the returned
 * marker; put it anywhere in the prompt. Other tests' prompts are not affected.
 */
export async function scriptReplies(
  request: APIRequestContext,
  ...replies: FakeReply[]
): Promise<{ marker: string; calls(): Promise<ScriptedCall[]> }> {
  const key = randomBytes(6).toString('hex');
  const response = await request.post(`${e2eFakeProviderUrl}/_scripts`, { data: { key, replies } });
  expect(response.ok(), 'scripting the fake provider').toBe(true);
  return {
    marker: scriptMarker(key),
    calls: async () =>
      (await (await request.get(`${e2eFakeProviderUrl}/_scripts/${key}/requests`)).json()) as ScriptedCall[],
  };
}

export const thinkingIndicator = (page: Page): Locator =>
  page.getByRole('region', { name: 'Conversation' }).getByRole('status').filter({ hasText: 'Thinking' });

/** Error toasts (spec section 2: toasts at top right), as opposed to the red banner above the input. */
export const errorToasts = (page: Page): Locator =>
  page.getByRole('region', { name: 'Notifications' }).getByRole('alert');

/**
 * Chooses a model in the message box's model list: Auto (null), or a model by its id (shown under
 * its name), so 'GPT-4o' is not confused with 'GPT-4o mini'.
 */
export async function chooseModel(page: Page, modelId: string | null): Promise<void> {
  await page.getByRole('button', { name: /^Model: / }).click();
  const options = page.getByRole('listbox', { name: 'Models' }).getByRole('option');
  const option =
    modelId === null
      ? options.filter({ hasText: /^Auto/ })
      : options.filter({ hasText: new RegExp(`${modelId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.-])`) });
  await expect(option).toHaveCount(1);
  await option.click();
  await expect(page.getByRole('dialog', { name: 'Choose a model' })).toBeHidden();
}
