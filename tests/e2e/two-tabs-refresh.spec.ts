import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../api/support/server-process';
import { fillLoginForm, newAccount } from './support/accounts';
import { fakeReplyTo, replies, sendPrompt, uniquePrompt } from './support/chat';
import { e2eFakeProviderUrl } from './support/environment';

/**
 * Two tabs of one browser, signed in once, both acting after the access token expired
 * (docs/decisions/036). On a server of this file's own whose access tokens live 20 s, so the wait
 * is short; it listens on a free port and serves the web app the run's first server built.
 */
// Longer than the slowest request seen on a loaded 2-core machine (~10 s), so a fresh token is not already past.
const accessTokenSeconds = 20;
let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-e2e-tabs-'));
  server = await startServerProcess({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    ACCESS_TOKEN_TTL_SECONDS: String(accessTokenSeconds),
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: `${e2eFakeProviderUrl}/v1`,
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: `${e2eFakeProviderUrl}/v1`,
    // Warmed before the test as the run's main server is, so the first reply does not wait for the encoder.
    ENCODER_WARM_AT_START: 'true',
    CHAT_PATH_WARM_AT_START: 'true',
  });
  await expect
    .poll(async () => (await fetch(`${server.url}/api/readyz`)).status, { timeout: 150_000, intervals: [500] })
    .toBe(200);
});

test.afterAll(async () => {
  if (server) await test.info().attach('server log', { body: server.output(), contentType: 'text/plain' });
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Waits until the access token the tab holds has expired, with a second to spare. */
async function waitPastExpiry(page: Page): Promise<void> {
  const expiresAt = Date.parse((await page.evaluate(() => localStorage.getItem('token_expires_at'))) ?? '');
  expect(Number.isFinite(expiresAt)).toBe(true);
  await page.waitForTimeout(Math.max(0, expiresAt - Date.now()) + 1000);
}

const storedTokens = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('token'), refreshToken: localStorage.getItem('refreshToken') }));

test('two tabs past the access token expiry both stay signed in, and no sign-in is revoked', async ({ page }) => {
  test.setTimeout(240_000);
  const account = newAccount('tabs');
  const signup = await page.request.post(`${server.url}/api/auth/signup`, {
    data: {
      username: account.username,
      email: account.email,
      password: account.password,
      org_name: account.organization,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);

  const first = page;
  await first.goto(`${server.url}/login`);
  await fillLoginForm(first, account.username, account.password);
  // Page loads get 30 s throughout: a 2-core machine shared by several test runs is slow.
  await expect(first).toHaveURL(/\/chat$/, { timeout: 30_000 });
  const second = await first.context().newPage();
  await second.goto(`${server.url}/chat`);
  await expect(second.getByRole('button', { name: 'New Chat' })).toBeVisible({ timeout: 30_000 });
  const signedIn = await storedTokens(first);

  const refreshes: Request[] = [];
  first.context().on('request', (request) => {
    if (request.url().endsWith('/api/auth/refresh')) refreshes.push(request);
  });

  // Both tabs send a message at once with the expired token.
  await waitPastExpiry(first);
  const prompts = [uniquePrompt('First tab'), uniquePrompt('Second tab')];
  await Promise.all([sendPrompt(first, prompts[0]!), sendPrompt(second, prompts[1]!)]);
  // Generous: this server warmed its encoder, but a loaded 2-core machine still answers slowly.
  await expect(replies(first).first()).toContainText(fakeReplyTo(prompts[0]!), { timeout: 60_000 });
  await expect(replies(second).first()).toContainText(fakeReplyTo(prompts[1]!), { timeout: 60_000 });

  // Past expiry again, both tabs reload at once: each starts with a refresh.
  await waitPastExpiry(first);
  await Promise.all([first.reload(), second.reload()]);
  for (const tab of [first, second]) {
    await expect(tab).toHaveURL(/\/chat/);
    await expect(tab.getByRole('button', { name: 'New Chat' })).toBeVisible({ timeout: 30_000 });
  }

  // Both tabs hold the same, newer tokens, which the server still honours: the sign-in was never revoked.
  const [firstTokens, secondTokens] = [await storedTokens(first), await storedTokens(second)];
  expect(firstTokens).toEqual(secondTokens);
  expect(firstTokens.refreshToken).not.toBe(signedIn.refreshToken);
  expect(refreshes.length).toBeGreaterThanOrEqual(2);
  for (const refresh of refreshes) expect((await refresh.response())?.status()).toBe(200);
  const profile = await first.request.get(`${server.url}/api/user/profile`, {
    headers: { Authorization: `Bearer ${firstTokens.token}` },
  });
  expect(profile.status()).toBe(200);
  const renewed = await first.request.post(`${server.url}/api/auth/refresh`, {
    data: { refresh_token: firstTokens.refreshToken },
  });
  expect(renewed.status()).toBe(200);
  expect(server.output()).not.toContain('sign-in revoked');
  test.info().annotations.push({ type: 'refresh calls', description: String(refreshes.length) });
});
