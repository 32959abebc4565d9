import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newAccount, signInThroughUi, signUpThroughApi } from './support/accounts';
import { signInThroughApi, subscribeThroughApi } from './support/admin';
import { expectFinishedReply, scriptReplies, sendPrompt, sidebar } from './support/chat';

// docs/decisions/080: a cache hit checked by the judge after the reply (shadow evaluation's rate),
// and the cache's wrong-hit rate with its interval in the Quality section, the dashboard and the export.

test("an administrator sees the cache's checked hits and wrong-hit rate, and exports them", async ({
  page,
  request,
}) => {
  // Two chat replies, a background check and three screens: more than the default minute on a loaded 2-core machine.
  test.setTimeout(150_000);
  const account = newAccount('cache-quality');
  await signUpThroughApi(request, account);
  const admin = await signInThroughApi(request, account);
  // The routing policy is a Business feature (docs/decisions/041).
  await subscribeThroughApi(request, admin);
  const headers = { Authorization: `Bearer ${admin.token}` };
  // One model for Auto, so a question and its paraphrase share a cache scope; every hit checked.
  const policy = await request.put(`/api/org/${admin.orgId}/routing-policy`, {
    headers,
    data: { candidate_model_ids: ['openai/gpt-4o-mini'], shadow_evaluation: { sampling_rate: 1 } },
  });
  expect(policy.status()).toBe(200);
  await signInThroughUi(page, account);

  // The model's answer, then the judge's verdict on the hit served from it.
  const script = await scriptReplies(
    request,
    { text: 'Soft paws at dawn.', usage: { inputTokens: 20, outputTokens: 6 } },
    { text: 'Different.', usage: { inputTokens: 130, outputTokens: 2 } },
  );
  await page.goto('/chat');
  await sendPrompt(page, `Write a short poem about cats ${script.marker}`);
  await expectFinishedReply(page, 0, 'Soft paws at dawn.');
  // In a chat of its own: a follow-up's cache scope is its conversation so far.
  await sidebar(page).getByRole('button', { name: 'New Chat' }).click();
  await sendPrompt(page, `Please write a short poem about cats ${script.marker}`);
  const hit = await expectFinishedReply(page, 0, 'Soft paws at dawn.');
  await expect(hit).toContainText('Answered from the cache');
  // The check runs in the background after the reply: wait for the server to have its label.
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/org/${admin.orgId}/routing-quality`, { headers });
        return ((await answer.json()) as { cache: { checked_hits: number } }).cache.checked_hits;
      },
      { timeout: 30_000 },
    )
    .toBe(1);

  await page.goto('/admin/organization');
  const cache = page
    .getByRole('region', { name: 'Routing & Cache' })
    .getByRole('region', { name: 'Quality' })
    .getByRole('region', { name: 'Cache' });
  const line = cache.getByRole('table', { name: 'Quality of answers from the cache' }).getByRole('row').nth(1);
  // Two lookups, one hit, checked and found wrong: 100%, and Wilson's interval says how little one check proves.
  await expect(line).toContainText('100% (20.7–100%)');
  await expect(line).toContainText('100%, 95% interval 20.7% to 100%');
  await expect(cache).toContainText(
    "Your organization's learned cache threshold has learned from 1 label of the 100 it needs",
  );

  await page.goto('/admin');
  const summary = page.getByRole('region', { name: 'Quality of cheaper answers' });
  await expect(summary).toContainText('100% (20.7–100%)');
  await expect(summary).toContainText('1 of 2 lookups');
  const downloading = page.waitForEvent('download');
  await summary.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^routing-quality-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).split('\r\n');
  expect(lines[0]).toBe('Quality of cheaper answers (all time)');
  expect(lines).toContain('Cache (all time)');
  expect(lines).toContainEqual(expect.stringMatching(/^2,1,1,1,1,0\.2065,1,0,[\d.]+$/));
});
