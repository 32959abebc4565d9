import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { TestAccount } from './accounts';

export interface ApiSession {
  token: string;
  userId: string;
  orgId: string;
}

/** Signs in through the API, for the parts of a journey whose subject is not the screen. */
export async function signInThroughApi(
  request: APIRequestContext,
  account: Pick<TestAccount, 'username' | 'password'>,
): Promise<ApiSession> {
  const response = await request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { token: string; user: { id: string; org_id: string } };
  return { token: body.token, userId: body.user.id, orgId: body.user.org_id };
}

const bearer = (session: ApiSession) => ({ Authorization: `Bearer ${session.token}` });

export async function roleIdNamed(request: APIRequestContext, admin: ApiSession, name: string): Promise<string> {
  const response = await request.get(`/api/roles/organization/${admin.orgId}`, { headers: bearer(admin) });
  expect(response.status()).toBe(200);
  const { roles } = (await response.json()) as { roles: { id: string; name: string }[] };
  const role = roles.find((candidate) => candidate.name === name);
  expect(role, `role ${name}`).toBeDefined();
  return role!.id;
}

/** An admin adds someone with a role (POST /user); they can sign in at once. */
export async function createUserThroughApi(
  request: APIRequestContext,
  admin: ApiSession,
  person: TestAccount,
  roleName: string,
): Promise<void> {
  const response = await request.post('/api/user', {
    headers: bearer(admin),
    data: {
      username: person.username,
      email: person.email,
      password: person.password,
      org_id: admin.orgId,
      role_id: await roleIdNamed(request, admin, roleName),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** One chat reply through the API, answered by the fake provider: usage to show. */
export async function chatThroughApi(
  request: APIRequestContext,
  person: ApiSession,
  modelId: string,
  prompt: string,
): Promise<void> {
  const response = await request.post('/api/conversation/start', {
    headers: bearer(person),
    data: { org_id: person.orgId, user_id: person.userId, prompt, forced_model_id: modelId },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The page is no wider than the window: nothing scrolls sideways. When it is, says which elements stick out. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  if (scrollWidth <= innerWidth) return;
  const stickingOut = await page.evaluate(() => {
    // A box that scrolls clips what is inside it, unless it is placed absolutely (against an ancestor maybe outside the box).
    const clipped = (element: Element): boolean => {
      if (getComputedStyle(element).position === 'absolute') return false;
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement)
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      return false;
    };
    const past = new Set(
      [...document.body.querySelectorAll('*')].filter(
        (element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(element),
      ),
    );
    return [...past]
      .filter((element) => !past.has(element.parentElement!))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} "${element.textContent?.slice(0, 60)}"`,
      );
  });
  expect(scrollWidth, stickingOut.join('\n')).toBeLessThanOrEqual(innerWidth);
}

/**
 * Subscribes the organisation through the API with a test card (docs/decisions/040), for journeys
 * whose subject is not billing: Business includes the routing policy, the audit log, two-factor
 * enforcement and CSV exports (docs/decisions/041).
 */
export async function subscribeThroughApi(
  request: APIRequestContext,
  admin: Pick<ApiSession, 'token' | 'orgId'>,
  planId = 'business',
): Promise<void> {
  const response = await request.post('/api/subscription/purchase', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { org_id: admin.orgId, plan_id: planId, payment_method: 'card', card_number: '4242 4242 4242 4242' },
  });
  expect(response.status(), await response.text()).toBe(201);
}
