import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { organisationRuleMessages } from '../../src/contracts/organisation-rules';
import { fillLoginForm, newAccount, signInThroughUi, type TestAccount } from './support/accounts';
import { subscribeThroughApi } from './support/admin';
import { expectFinishedReply, sendPrompt, sidebar, uniquePrompt } from './support/chat';

const haiku = 'anthropic/claude-3-5-haiku-latest';
const branding = { application_name: 'Acme Assist', primary_color: '#C2410C' };

interface Admin {
  token: string;
  orgId: string;
}

/** A new organisation's admin, signed up through the API (the admin screens are another journey's subject). */
async function newAdmin(request: APIRequestContext): Promise<Admin> {
  const account = newAccount('brand-admin');
  const signup = await request.post('/api/auth/signup', {
    data: {
      username: account.username,
      email: account.email,
      password: account.password,
      org_name: account.organization,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const body = (await signup.json()) as { token: string; user: { org_id: string } };
  return { token: body.token, orgId: body.user.org_id };
}

/** POST /user: a Member of the admin's organisation, who can sign in at once with this password. */
async function createMember(request: APIRequestContext, admin: Admin): Promise<TestAccount> {
  const headers = { authorization: `Bearer ${admin.token}` };
  const roles = (await (await request.get(`/api/roles/organization/${admin.orgId}`, { headers })).json()) as {
    roles: { id: string; name: string }[];
  };
  const member = roles.roles.find((role) => role.name === 'Member');
  expect(member, 'the seeded Member role').toBeDefined();
  const account = newAccount('member');
  const created = await request.post('/api/user', {
    headers,
    data: {
      username: account.username,
      email: account.email,
      password: account.password,
      org_id: admin.orgId,
      role_id: member!.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return account;
}

async function saveSettings(
  request: APIRequestContext,
  admin: Admin,
  settings: Record<string, unknown>,
): Promise<void> {
  const saved = await request.put(`/api/org/${admin.orgId}/settings`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: settings,
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

const brandColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-brand').trim());

test('a member of an organisation that requires two-factor sets it up at sign-in, then chats under its branding and default model', async ({
  page,
  request,
}) => {
  const admin = await newAdmin(request);
  // Two-factor enforcement is a Business feature (docs/decisions/041).
  await subscribeThroughApi(request, admin);
  const member = await createMember(request, admin);
  // Last: with require_2fa on, the admin's own calls wait for their two-factor setup too.
  await saveSettings(request, admin, { default_model: haiku, branding, security: { require_2fa: true } });

  await page.goto('/login');
  await fillLoginForm(page, member.username, member.password);
  await expect(page).toHaveURL(/\/setup-two-factor$/);
  await expect(page.getByRole('main').getByText(organisationRuleMessages.twoFactorSetupRequired)).toBeVisible();
  // Nothing else is open until it is set up.
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/setup-two-factor$/);

  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await page.getByLabel('Authentication code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Enable' }).click();
  // The recovery codes are shown once, and the page moves on only when the member says they kept them (docs/decisions/042).
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expect(page).toHaveURL(/\/setup-two-factor$/);
  await page.getByRole('checkbox', { name: 'I have saved these codes somewhere safe.' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/chat$/);

  await expect(sidebar(page).getByRole('link', { name: branding.application_name })).toBeVisible();
  await expect(page).toHaveTitle(branding.application_name);
  // The palette writes hex colours in lower case (docs/decisions/044); the same colour as picked.
  expect(await brandColour(page)).toBe(branding.primary_color.toLowerCase());
  await expect(sidebar(page).getByRole('button', { name: 'New Chat' })).toHaveCSS(
    'background-color',
    'rgb(194, 65, 12)',
  );

  const selector = page.getByRole('button', { name: /^Model: / });
  await expect(selector).toHaveText(/Haiku/);
  const prompt = uniquePrompt('Default model');
  await sendPrompt(page, prompt);
  const reply = await expectFinishedReply(page, 0, prompt);
  await expect(reply).toContainText('claude-3-5-haiku');
});

test('a member whose sign-in the organisation ends when idle is sent to sign in with the reason, after one refresh', async ({
  page,
  request,
}) => {
  const admin = await newAdmin(request);
  const member = await createMember(request, admin);
  await saveSettings(request, admin, { security: { session_timeout_minutes: 5 } });
  await signInThroughUi(page, member);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();

  // Five idle minutes cannot pass in a browser test: from here the server's answers to an idle sign-in
  // (tests/api/session-timeout.test.ts) are given in its place, for the requests and the refresh alike.
  const idle = organisationRuleMessages.signedOutWhenIdle(5);
  const refreshes: string[] = [];
  await page.route('**/api/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/api/auth/refresh') refreshes.push(url.pathname);
    if (!route.request().headers().authorization && url.pathname !== '/api/auth/refresh') return route.continue();
    await route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'unauthorized', message: idle }),
    });
  });

  await sendPrompt(page, uniquePrompt('After a long break'));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(idle)).toBeVisible();
  expect(refreshes).toHaveLength(1);

  // Signing in again starts a new sign-in, back where they were.
  await page.unroute('**/api/**');
  await fillLoginForm(page, member.username, member.password);
  await expect(page).toHaveURL(/\/chat$/);
});
