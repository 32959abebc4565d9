import { expect } from 'vitest';
import { strongPassword, uniqueName } from './client';

/** A caller of a server running with Stripe (tests/support/fake-stripe-server.ts): JSON in and out. */
export async function call(
  base: string,
  pathname: string,
  options: { token?: string; body?: unknown; key?: string; method?: string } = {},
) {
  const response = await fetch(`${base}/api${pathname}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

export interface Admin {
  token: string;
  orgId: string;
}

export async function signUp(base: string): Promise<Admin> {
  const username = uniqueName('stripe');
  const signup = await call(base, '/auth/signup', {
    body: { username, email: `${username}@example.test`, password: strongPassword, org_name: `Org ${username}` },
  });
  expect(signup.status).toBe(201);
  return { token: signup.body.token as string, orgId: signup.body.user.org_id as string };
}

export const balanceOf = async (base: string, who: Admin) =>
  (await call(base, `/wallet/${who.orgId}/balance`, { token: who.token })).body;
export const creditsOf = async (base: string, who: Admin) =>
  (
    (await call(base, `/wallet/${who.orgId}/transactions?limit=100`, { token: who.token })).body.transactions as {
      type: string;
      amount: number;
      description: string;
    }[]
  ).filter((row) => row.type === 'credit');
export const paymentOf = async (base: string, who: Admin, paymentId: string) =>
  (await call(base, `/wallet/${who.orgId}/payments/${paymentId}`, { token: who.token })).body;
export const topUpBody = (orgId: string, extra: Record<string, unknown> = {}) => ({
  amount: 10,
  currency: 'USD',
  payment_method: 'card',
  org_id: orgId,
  ...extra,
});

/**
 * What a customer's browser does on the hosted Checkout page: opens it, types a card number and
 * pays. Answers where the page sends the browser (Stripe redirects to success_url) or the page
 * shown again with its error.
 */
export async function payOnCheckout(
  checkoutUrl: string,
  cardNumber: string,
): Promise<{ status: number; location: string | null; html: string }> {
  const page = await fetch(checkoutUrl);
  expect(page.status).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1];
  expect(action).toBeDefined();
  const response = await fetch(new URL(action!, checkoutUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: cardNumber }).toString(),
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}
