import { expect, test } from '@playwright/test';
import { newAccount, signInThroughUi, signUpThroughApi } from './support/accounts';
import { signInThroughApi, subscribeThroughApi } from './support/admin';
import { expectFinishedReply, scriptReplies, sendPrompt } from './support/chat';

// docs/decisions/067: an administrator switches shadow evaluation on with a budget; a cheaper Auto
// reply is then answered again by the strongest model and judged, and the Quality section shows it.

// Scored low by the committed router: tier 1 is enough (as in tests/api/shadow-evaluation.test.ts).
const cheapQuestion = 'What is the capital of France?';

test('an administrator switches shadow evaluation on with a budget and sees the measured quality of a cheaper reply', async ({
  page,
  request,
}) => {
  // A chat reply, two background model calls and four screens: more than the default minute on a loaded 2-core machine.
  test.setTimeout(150_000);
  const account = newAccount('shadow-admin');
  await signUpThroughApi(request, account);
  const admin = await signInThroughApi(request, account);
  // The routing policy is a Business feature (docs/decisions/041).
  await subscribeThroughApi(request, admin);
  await signInThroughUi(page, account);

  await page.goto('/admin/organization');
  const card = page.getByRole('region', { name: 'Routing & Cache' });
  const quality = card.getByRole('region', { name: 'Quality' });
  await expect(quality).toContainText(
    'Shadow evaluation is off: switch it on to measure the quality of cheaper answers.',
  );

  await page.getByRole('button', { name: 'Edit Settings' }).click();
  const shadow = card.getByRole('group', { name: 'Shadow evaluation' });
  await shadow.getByLabel('Sampling rate (%)').fill('100');
  await shadow.getByLabel('Monthly sampling budget ($)').fill('5.50');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Organization settings saved')).toBeVisible();
  await expect(card.getByText('Shadow evaluation', { exact: true })).toBeVisible();
  await expect(card).toContainText(
    'On: 100% of cheaper Auto replies, up to $5.50 a month, judged by the strongest model each person may use',
  );
  await expect(quality).toContainText('No replies have been sampled yet');
  await expect(quality).toContainText('Sampling this month: $0.00 of the $5.50 monthly budget');

  // The cheap reply, the strongest model's answer to the same prompt, and the judge's verdict.
  const script = await scriptReplies(
    request,
    { text: 'Paris.', usage: { inputTokens: 20, outputTokens: 3 } },
    { text: 'The capital of France is Paris.', usage: { inputTokens: 20, outputTokens: 9 } },
    { text: 'As good.', usage: { inputTokens: 80, outputTokens: 2 } },
  );
  await page.goto('/chat');
  await sendPrompt(page, `${cheapQuestion} ${script.marker}`);
  await expectFinishedReply(page, 0, 'Paris.');
  // The evaluation runs in the background after the reply: wait for the server to have its label.
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/org/${admin.orgId}/routing-quality`, {
          headers: { Authorization: `Bearer ${admin.token}` },
        });
        return ((await answer.json()) as { totals: { sampled: number } }).totals.sampled;
      },
      { timeout: 30_000 },
    )
    .toBe(1);

  await page.goto('/admin/organization');
  const table = quality.getByRole('table', { name: 'Quality of cheaper answers by kind of prompt and model tier' });
  const totals = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'All sampled replies' }) });
  // One reply judged as good: 100%, and Wilson's interval says how little one sample proves.
  await expect(totals).toContainText('1');
  await expect(totals).toContainText('100% (21–100%)');
  await expect(totals).toContainText('100%, 95% interval 21% to 100%');
  await expect(table.getByRole('row').nth(1)).toContainText('Tier 1');
  await expect(quality).toContainText(/Sampling this month: \$[\d.]+ of the \$5\.50 monthly budget/);

  // The dashboard sums it up for administrators.
  await page.goto('/admin');
  const summary = page.getByRole('region', { name: 'Quality of cheaper answers' });
  await expect(summary).toContainText('100% (21–100%)');
});
