import { expect, test } from '@playwright/test';
import { signInAsNewAdmin } from './support/accounts';
import { replies, sendPrompt } from './support/chat';

test('code blocks are highlighted: one without a fence language by the language it is in, a shell block by its alias', async ({
  page,
}) => {
  await signInAsNewAdmin(page, 'chathighlight');
  // The fake provider echoes the prompt, so the fenced blocks come back as the reply's markdown.
  const prompt = `Check ${Math.random().toString(36).slice(2, 8)}:\n\n\`\`\`\ndef greet(name):\n    return f"hi {name}"\n\`\`\`\n\n\`\`\`sh\nif [ -f notes.txt ]; then echo found; fi\n\`\`\``;
  await sendPrompt(page, prompt);
  const reply = replies(page).first();
  await expect(reply.getByRole('button', { name: 'Regenerate' })).toBeVisible();

  const python = reply.getByRole('figure', { name: 'python code' });
  await expect(python.locator('figcaption')).toContainText('python');
  await expect(python.locator('.token.keyword').first()).toHaveText('def');
  // Highlighted means coloured: the keyword is not drawn in the block's plain text colour.
  const colours = await python.evaluate((figure) => ({
    keyword: getComputedStyle(figure.querySelector('.token.keyword')!).color,
    plain: getComputedStyle(figure.querySelector('pre')!).color,
  }));
  expect(colours.keyword).not.toBe(colours.plain);

  const shell = reply.getByRole('figure', { name: 'sh code' });
  await expect(shell.locator('.token.keyword', { hasText: 'then' })).toBeVisible();
});
