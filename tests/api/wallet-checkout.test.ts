import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { wallets, walletPayments } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { createStripeClient, createStripePayments } from '../../src/server/wallet/stripe-payments';
import { createWalletJobs } from '../../src/server/wallet/wallet-jobs';
import { startFakeStripeServer, type FakeStripeServer } from '../support/fake-stripe-server';
import { eventually } from './support/chat';
import { ownServerConfig } from './support/own-server';
import {
  balanceOf,
  call,
  creditsOf,
  payOnCheckout,
  paymentOf,
  signUp,
  topUpBody,
  type Admin,
} from './support/stripe-client';

/**
 * Live-mode top-ups through Stripe Checkout (docs/decisions/024), against the fake Stripe server's
 * API, hosted page and signed webhooks: the top-up answers Checkout's URL, once per Idempotency-Key;
 * paying on the page credits the wallet once, whichever of the webhook (also delivered twice) and
 * reconciliation settles it; a declined card credits nothing and lets the customer try another; an
 * expired page fails the payment; an event naming the payment for another intent credits nothing.
 */
let stripe: FakeStripeServer;
let dataDir: string;
let server: RunningServer;

beforeAll(async () => {
  stripe = await startFakeStripeServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-checkout-'));
  const variables = {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    SIGNUP_MAX_PER_ADDRESS: '1000',
  };
  server = await startServer(ownServerConfig(dataDir, variables), { pgliteDataDir: 'memory://', webRoot: null });
  stripe.webhookUrl = `${server.url}/api/billing/stripe/webhook`;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await stripe?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const sessionOf = (paymentId: string) =>
  [...stripe.sessions.values()].find((session) => session.metadata.payment_id === paymentId)!;

async function startCheckout(admin: Admin, amount: number, key = randomUUID()) {
  const answer = await call(server.url, '/wallet/topup', {
    token: admin.token,
    key,
    body: topUpBody(admin.orgId, { amount }),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return answer.body as {
    payment_id: string;
    checkout_url: string;
    status: string;
    client_secret: string | null;
    transaction: unknown;
  };
}

describe('a live top-up through Stripe Checkout', () => {
  it('answers the hosted page once per Idempotency-Key, and credits once when paid there, the webhook delivered twice', async () => {
    const admin = await signUp(server.url);
    const key = randomUUID();
    const pending = await startCheckout(admin, 20, key);
    expect(pending).toMatchObject({ status: 'pending', transaction: null, client_secret: null });
    const session = sessionOf(pending.payment_id);
    expect(pending.checkout_url).toBe(session.url);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 2000,
      currency: 'usd',
      customer: expect.stringMatching(/^cus_/),
      success_url: `${server.url}/admin/billing?payment=${pending.payment_id}`,
      cancel_url: `${server.url}/admin/billing?payment=${pending.payment_id}&checkout=cancelled`,
    });
    const created = stripe.requests.filter(
      (request) =>
        request.path === '/v1/checkout/sessions' &&
        (request.body.metadata as Record<string, string>).org_id === admin.orgId,
    );
    expect(created).toHaveLength(1);
    expect(created[0]!.idempotencyKey).toBe(`wallet-checkout-${pending.payment_id}`);
    expect(created[0]!.body.payment_intent_data).toEqual({
      description: 'Tokenwise wallet top-up',
      metadata: { payment_id: pending.payment_id, org_id: admin.orgId },
      setup_future_usage: 'off_session',
    });

    // The same key again (a double click, a retry): the same payment and page, no second session.
    const repeats = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(server.url, '/wallet/topup', { token: admin.token, key, body: topUpBody(admin.orgId, { amount: 20 }) }),
      ),
    );
    for (const repeat of repeats)
      expect(repeat.body).toMatchObject({
        status: 'pending',
        payment_id: pending.payment_id,
        checkout_url: pending.checkout_url,
      });
    expect(
      stripe.requests.filter(
        (request) =>
          request.path === '/v1/checkout/sessions' &&
          (request.body.metadata as Record<string, string>).org_id === admin.orgId,
      ),
    ).toHaveLength(1);
    expect(await paymentOf(server.url, admin, pending.payment_id)).toMatchObject({
      purpose: 'top_up',
      status: 'pending',
      amount: 20,
      checkout_url: pending.checkout_url,
      transaction: null,
    });

    const before = stripe.events.length;
    const paid = await payOnCheckout(pending.checkout_url, '4242 4242 4242 4242');
    expect(paid).toMatchObject({ status: 303, location: session.success_url });
    await eventually(
      () => balanceOf(server.url, admin),
      (balance) => balance.balance === 25,
    );
    for (const event of stripe.events.slice(before)) {
      expect(await stripe.deliver(event)).toBe(200);
      expect(await stripe.deliver(event)).toBe(200);
    }
    expect((await creditsOf(server.url, admin)).map((credit) => [credit.amount, credit.description])).toEqual([
      [20, 'Top-up by card'],
      [5, expect.any(String)],
    ]);
    expect((await balanceOf(server.url, admin)).balance).toBe(25);
    const settled = await paymentOf(server.url, admin, pending.payment_id);
    expect(settled).toMatchObject({
      status: 'succeeded',
      checkout_url: null,
      transaction: { type: 'credit', amount: 20 },
    });
    // The card Checkout saved pays auto-reloads and plans off-session.
    const [wallet] = await server.database.db.select().from(wallets).where(eq(wallets.orgId, admin.orgId));
    expect(wallet!.savedPaymentMethod).toBe('pm_card_visa');
    // The same key after it settled still answers the same payment, now credited.
    expect(
      (
        await call(server.url, '/wallet/topup', {
          token: admin.token,
          key,
          body: topUpBody(admin.orgId, { amount: 20 }),
        })
      ).body,
    ).toMatchObject({ status: 'succeeded', payment_id: pending.payment_id });
  });

  it('credits nothing for a declined card, lets the customer try another on the same page, and credits that once', async () => {
    const admin = await signUp(server.url);
    const pending = await startCheckout(admin, 15);
    const declined = await payOnCheckout(pending.checkout_url, '4000 0000 0000 0002');
    expect(declined.status).toBe(200);
    expect(declined.html).toContain('Your card was declined.');
    const intent = stripe.intents.get(sessionOf(pending.payment_id).payment_intent!)!;
    const failedEvent = stripe.events.find(
      (event) => event.type === 'payment_intent.payment_failed' && event.data.object.id === intent.id,
    )!;
    expect(await stripe.deliver(failedEvent)).toBe(200);
    expect(await paymentOf(server.url, admin, pending.payment_id)).toMatchObject({
      status: 'pending',
      transaction: null,
    });
    expect((await balanceOf(server.url, admin)).balance).toBe(5);

    expect((await payOnCheckout(pending.checkout_url, '4242424242424242')).status).toBe(303);
    await eventually(
      () => paymentOf(server.url, admin, pending.payment_id),
      (payment) => payment.status === 'succeeded',
    );
    expect(await creditsOf(server.url, admin)).toHaveLength(2);
    expect((await balanceOf(server.url, admin)).balance).toBe(20);
    expect(
      [...stripe.intents.values()].filter((candidate) => candidate.metadata.payment_id === pending.payment_id),
    ).toHaveLength(1);
  });

  it('fails the payment when the page expires unpaid, and a signed event naming it for another intent credits nothing', async () => {
    const admin = await signUp(server.url);
    const pending = await startCheckout(admin, 30);
    expect((await payOnCheckout(pending.checkout_url, '4000000000000002')).status).toBe(200);
    const intent = stripe.intents.get(sessionOf(pending.payment_id).payment_intent!)!;
    // Signed by Stripe's secret, naming our payment, succeeded for the right sum, but not the session's intent.
    const forged = {
      id: `evt_${randomUUID()}`,
      object: 'event' as const,
      type: 'payment_intent.succeeded',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false as const,
      data: {
        object: { ...intent, id: 'pi_not_the_sessions', status: 'succeeded' as const, amount_received: intent.amount },
      },
    };
    expect(await stripe.deliver(forged)).toBe(200);
    expect((await balanceOf(server.url, admin)).balance).toBe(5);

    await stripe.expireSession(sessionOf(pending.payment_id).id);
    const failed = await eventually(
      () => paymentOf(server.url, admin, pending.payment_id),
      (payment) => payment.status === 'failed',
    );
    expect(failed).toMatchObject({
      failure_message: 'The payment page expired without a payment; nothing was charged.',
      checkout_url: null,
      transaction: null,
    });
    expect((await payOnCheckout(pending.checkout_url, '4242424242424242').catch(() => undefined))?.status).not.toBe(
      303,
    );
    expect((await balanceOf(server.url, admin)).balance).toBe(5);
  });

  it('is credited once by reconciliation when the webhook never comes, and the late webhook changes nothing', async () => {
    const admin = await signUp(server.url);
    const pending = await startCheckout(admin, 12.34);
    const webhookUrl = stripe.webhookUrl;
    stripe.webhookUrl = undefined;
    const before = stripe.events.length;
    try {
      expect((await payOnCheckout(pending.checkout_url, '4242424242424242')).status).toBe(303);
    } finally {
      stripe.webhookUrl = webhookUrl;
    }
    expect(await paymentOf(server.url, admin, pending.payment_id)).toMatchObject({ status: 'pending' });
    if (inject('databaseKind') === 'postgres') {
      // On PostgreSQL another instance might be charging it: reconciliation looks at payments left a minute.
      await server.database.db
        .update(walletPayments)
        .set({ updatedAt: sql`now() - interval '2 minutes'` })
        .where(eq(walletPayments.id, pending.payment_id));
    }
    const payments = createStripePayments(createStripeClient({ secretKey: stripe.secretKey, apiBase: stripe.url }));
    const jobs = createWalletJobs({
      database: server.database,
      payments,
      logger: server.logger,
      intervalMs: 3_600_000,
      appUrl: () => server.url,
    });
    await jobs.start();
    await jobs.stop();
    expect(await paymentOf(server.url, admin, pending.payment_id)).toMatchObject({
      status: 'succeeded',
      transaction: { amount: 12.34 },
    });
    for (const event of stripe.events.slice(before)) expect(await stripe.deliver(event)).toBe(200);
    expect(await creditsOf(server.url, admin)).toHaveLength(2);
    expect((await balanceOf(server.url, admin)).balance).toBe(17.34);
  });

  it("answers another organisation's payment as not found", async () => {
    const [owner, other] = [await signUp(server.url), await signUp(server.url)];
    const pending = await startCheckout(owner, 10);
    expect(
      (await call(server.url, `/wallet/${other.orgId}/payments/${pending.payment_id}`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (await call(server.url, `/wallet/${owner.orgId}/payments/${pending.payment_id}`, { token: other.token })).status,
    ).toBe(403);
  });
});
