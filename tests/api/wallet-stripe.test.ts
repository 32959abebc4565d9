import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { and, eq } from 'drizzle-orm';
import { walletAutoReloads, walletPayments } from '../../src/server/db/schema';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/server';
import { startFakeStripeServer, type FakeStripeServer } from '../support/fake-stripe-server';
import { eventually } from './support/chat';
import { strongPassword, uniqueName } from './support/client';
import { ownServerConfig } from './support/own-server';
import { startServerProcess } from './support/server-process';

/**
 * Top-ups through Stripe (issue 12, docs/decisions/022) against a local server speaking Stripe's
 * API and webhooks (tests/support/fake-stripe-server.ts): PaymentIntents with the idempotency key
 * passed on, credited when confirmed at once (Checkout: wallet-checkout.test.ts), a replayed webhook crediting
 * once and a badly signed one refused, and a server killed between the charge and the credit
 * completed by the reconciliation job at the next start (on PostgreSQL, its next sweep), once, the webhook after it changing nothing.
 */
let stripe: FakeStripeServer;
let dataDir: string;
let server: RunningServer;

const stripeVariables = () => ({
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_BASE: stripe.url,
  SIGNUP_MAX_PER_ADDRESS: '1000',
});

async function call(base: string, pathname: string, options: { token?: string; body?: unknown; key?: string } = {}) {
  const response = await fetch(`${base}/api${pathname}`, {
    method: options.body === undefined ? 'GET' : 'POST',
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

async function signUp(base: string) {
  const username = uniqueName('stripe');
  const signup = await call(base, '/auth/signup', {
    body: { username, email: `${username}@example.test`, password: strongPassword, org_name: `Org ${username}` },
  });
  expect(signup.status).toBe(201);
  return { token: signup.body.token as string, orgId: signup.body.user.org_id as string };
}

const balanceOf = async (base: string, who: { token: string; orgId: string }) =>
  (await call(base, `/wallet/${who.orgId}/balance`, { token: who.token })).body;
const creditsOf = async (base: string, who: { token: string; orgId: string }) =>
  (
    (await call(base, `/wallet/${who.orgId}/transactions?limit=100`, { token: who.token })).body.transactions as {
      type: string;
      amount: number;
    }[]
  ).filter((row) => row.type === 'credit');
const topUpBody = (orgId: string, extra: Record<string, unknown> = {}) => ({
  amount: 10,
  currency: 'USD',
  payment_method: 'card',
  org_id: orgId,
  ...extra,
});

beforeAll(async () => {
  stripe = await startFakeStripeServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-stripe-'));
  server = await startServer(ownServerConfig(dataDir, stripeVariables()), {
    pgliteDataDir: 'memory://',
    webRoot: null,
  });
  stripe.webhookUrl = `${server.url}/api/billing/stripe/webhook`;
}, 180_000);
afterAll(async () => {
  await server?.close();
  await stripe?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('top-ups through Stripe', () => {
  it('creates a PaymentIntent with an idempotency key and credits it when it succeeds at once; the balance is not in test mode', async () => {
    const admin = await signUp(server.url);
    const key = randomUUID();
    const answer = await call(server.url, '/wallet/topup', {
      token: admin.token,
      key,
      body: topUpBody(admin.orgId, { payment_method_id: 'pm_card_visa', amount: 12.5 }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'succeeded',
      balance: { balance: 17.5, test_mode: false },
      transaction: { type: 'credit', amount: 12.5, description: 'Top-up by card' },
    });
    const created = stripe.requests.filter(
      (request) =>
        request.path === '/v1/payment_intents' &&
        request.body.metadata &&
        (request.body.metadata as Record<string, string>).org_id === admin.orgId,
    );
    expect(created).toHaveLength(1);
    expect(created[0]!.idempotencyKey).toBe(`wallet-payment-${answer.body.payment_id}`);
    expect(created[0]!.body).toMatchObject({
      amount: '1250',
      currency: 'usd',
      confirm: 'true',
      payment_method: 'pm_card_visa',
    });
    // The webhook Stripe sends for it too changes nothing; neither does a repeat with the key.
    await eventually(
      async () => stripe.events.length,
      (count) => count > 0,
    );
    expect(
      (
        await call(server.url, '/wallet/topup', {
          token: admin.token,
          key,
          body: topUpBody(admin.orgId, { payment_method_id: 'pm_card_visa', amount: 12.5 }),
        })
      ).body.transaction,
    ).toEqual(answer.body.transaction);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await creditsOf(server.url, admin)).toHaveLength(2);
    expect((await balanceOf(server.url, admin)).balance).toBe(17.5);
  });

  it('answers a declined card with 402 and its reason, and refuses card numbers', async () => {
    const admin = await signUp(server.url);
    const declined = await call(server.url, '/wallet/topup', {
      token: admin.token,
      key: randomUUID(),
      body: topUpBody(admin.orgId, { payment_method_id: 'pm_card_chargeDeclined' }),
    });
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    const number = await call(server.url, '/wallet/topup', {
      token: admin.token,
      body: topUpBody(admin.orgId, { card_number: '4242424242424242' }),
    });
    expect(number.status).toBe(400);
    expect(number.body.message).toBe(
      'Card numbers are not accepted here: pay with a payment method created by Stripe (payment_method_id).',
    );
    expect((await balanceOf(server.url, admin)).balance).toBe(5);
  });

  it('credits once from the signed webhook for a replay too, and refuses a bad signature', async () => {
    const admin = await signUp(server.url);
    const before = stripe.events.length;
    const paid = await call(server.url, '/wallet/topup', {
      token: admin.token,
      key: randomUUID(),
      body: topUpBody(admin.orgId, { payment_method_id: 'pm_card_visa', amount: 20 }),
    });
    expect(paid.status).toBe(200);
    const event = await eventually(
      async () =>
        stripe.events
          .slice(before)
          .find(
            (candidate) =>
              candidate.type === 'payment_intent.succeeded' &&
              candidate.data.object.metadata.payment_id === paid.body.payment_id,
          ),
      (found) => found !== undefined,
    );
    expect(await stripe.deliver(event!)).toBe(200);
    expect(await stripe.deliver(event!)).toBe(200);
    expect(await creditsOf(server.url, admin)).toHaveLength(2);
    expect((await balanceOf(server.url, admin)).balance).toBe(25);

    const forged = await stripe.deliver(event!, {
      signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
    });
    expect(forged).toBe(400);
    const response = await fetch(stripe.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('Invalid Stripe signature');
    expect((await balanceOf(server.url, admin)).balance).toBe(25);
  });

  it('credits a signed event only for the intent, amount and currency of its payment', async () => {
    const admin = await signUp(server.url);
    // Declined when confirmed: the payment failed, its intent known. Stripe saying it succeeded after all (a retried confirmation) credits it, but only for that intent and sum.
    const declined = await call(server.url, '/wallet/topup', {
      token: admin.token,
      key: randomUUID(),
      body: topUpBody(admin.orgId, { amount: 20, payment_method_id: 'pm_card_chargeDeclined' }),
    });
    expect(declined.status).toBe(402);
    const intent = [...stripe.intents.values()].find((candidate) => candidate.metadata.org_id === admin.orgId)!;
    const succeeded = (changes: Partial<typeof intent>) => ({
      id: `evt_${randomUUID()}`,
      object: 'event' as const,
      type: 'payment_intent.succeeded',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false as const,
      data: { object: { ...intent, status: 'succeeded' as const, last_payment_error: null, ...changes } },
    });
    // Signed, naming our payment, but for a hundredth of the sum, another currency, or another intent.
    expect(await stripe.deliver(succeeded({ amount: 20 }))).toBe(200);
    expect(await stripe.deliver(succeeded({ currency: 'eur' }))).toBe(200);
    expect(await stripe.deliver(succeeded({ id: 'pi_someone_else' }))).toBe(200);
    expect((await balanceOf(server.url, admin)).balance).toBe(5);
    expect(await stripe.deliver(succeeded({}))).toBe(200);
    expect((await balanceOf(server.url, admin)).balance).toBe(25);
  });

  it('charges auto-reloads off-session with the card a top-up saved, on the wallet’s Stripe customer', async () => {
    const admin = await signUp(server.url);
    expect(
      (
        await call(server.url, '/wallet/topup', {
          token: admin.token,
          key: randomUUID(),
          body: topUpBody(admin.orgId, { payment_method_id: 'pm_card_visa' }),
        })
      ).status,
    ).toBe(200);
    const response = await fetch(`${server.url}/api/wallet/${admin.orgId}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ auto_reload_enabled: true, auto_reload_threshold: 20, auto_reload_amount: 25 }),
    });
    expect(response.status).toBe(200);
    // A debit under the threshold (an operator's, here) asks for the reload; the next upkeep charges it.
    const { postToWallet } = await import('../../src/server/wallet/ledger-repository');
    await postToWallet(server.database.db, { orgId: admin.orgId, amount: '-0.01', description: 'Test debit' });
    const { chargeRequestedReloads } = await import('../../src/server/wallet/auto-reload');
    const { createStripePayments, createStripeClient } = await import('../../src/server/wallet/stripe-payments');
    const payments = createStripePayments(createStripeClient({ secretKey: stripe.secretKey, apiBase: stripe.url }));
    await chargeRequestedReloads({ db: server.database.db, payments, logger: server.logger }, admin.orgId);
    const reload = stripe.requests
      .filter(
        (request) =>
          request.path === '/v1/payment_intents' &&
          (request.body.metadata as Record<string, string>).org_id === admin.orgId,
      )
      .at(-1)!;
    expect(reload.body).toMatchObject({
      amount: '2500',
      off_session: 'true',
      confirm: 'true',
      payment_method: 'pm_card_visa',
      customer: expect.stringMatching(/^cus_/),
    });
    const credits = await creditsOf(server.url, admin);
    expect(credits.map((credit) => credit.amount)).toEqual([25, 10, 5]);
    expect((await balanceOf(server.url, admin)).balance).toBe(39.99);
  });
});

describe('an auto-reload whose charge could not reach Stripe', () => {
  it('stays requested without holding up the sweep, also after the saved card changed, and ends once its payment settles', async () => {
    const admin = await signUp(server.url);
    expect(
      (
        await call(server.url, '/wallet/topup', {
          token: admin.token,
          key: randomUUID(),
          body: topUpBody(admin.orgId, { payment_method_id: 'pm_card_visa' }),
        })
      ).status,
    ).toBe(200);
    const settings = await fetch(`${server.url}/api/wallet/${admin.orgId}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ auto_reload_enabled: true, auto_reload_threshold: 20, auto_reload_amount: 25 }),
    });
    expect(settings.status).toBe(200);
    const { postToWallet } = await import('../../src/server/wallet/ledger-repository');
    await postToWallet(server.database.db, { orgId: admin.orgId, amount: '-0.01', description: 'Test debit' });
    const { chargeRequestedReloads } = await import('../../src/server/wallet/auto-reload');
    const { createStripePayments, createStripeClient } = await import('../../src/server/wallet/stripe-payments');
    const dependencies = (apiBase: string) => ({
      db: server.database.db,
      payments: createStripePayments(createStripeClient({ secretKey: stripe.secretKey, apiBase })),
      logger: server.logger,
      enforced: true,
    });

    // Stripe unreachable: the charge throws, the reload stays requested, its payment open.
    expect(await chargeRequestedReloads(dependencies('http://127.0.0.1:9'), admin.orgId)).toBe(0);
    // A top-up with another card changes the saved card; the open reload is not charged again under its key.
    expect(
      (
        await call(server.url, '/wallet/topup', {
          token: admin.token,
          key: randomUUID(),
          body: topUpBody(admin.orgId, { payment_method_id: 'pm_card_visa_debit' }),
        })
      ).status,
    ).toBe(200);
    expect(await chargeRequestedReloads(dependencies(stripe.url), admin.orgId)).toBe(0);
    const [reload] = await server.database.db
      .select()
      .from(walletAutoReloads)
      .where(eq(walletAutoReloads.orgId, admin.orgId));
    expect(reload).toMatchObject({ status: 'requested', paymentId: null });

    // Its payment is settled (as reconciliation would, once it gives up on it): the reload ends with it.
    const [payment] = await server.database.db
      .select()
      .from(walletPayments)
      .where(
        and(eq(walletPayments.orgId, admin.orgId), eq(walletPayments.idempotencyKey, `auto-reload-${reload!.id}`)),
      );
    expect(payment).toMatchObject({ status: 'processing' });
    const { settlePayment } = await import('../../src/server/wallet/settle-payment');
    await settlePayment(server.database.db, server.logger, admin.orgId, payment!.id, {
      status: 'failed',
      message: 'The payment never reached the payment service; nothing was charged.',
    });
    expect(await chargeRequestedReloads(dependencies(stripe.url), admin.orgId)).toBe(1);
    const [ended] = await server.database.db
      .select()
      .from(walletAutoReloads)
      .where(eq(walletAutoReloads.id, reload!.id));
    expect(ended).toMatchObject({ status: 'failed', paymentId: payment!.id });
  });
});

describe('a server killed between the charge and the credit', () => {
  it('is completed once by the reconciliation job at the next start, and the webhook after it changes nothing', {
    timeout: 180_000,
  }, async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'tokenwise-stripe-kill-'));
    const onPostgres = inject('databaseKind') === 'postgres';
    const variables = {
      ...stripeVariables(),
      DATA_DIR: folder,
      WALLET_RECONCILE_INTERVAL_SECONDS: '1',
      ...(onPostgres ? { DATABASE_URL: process.env.TEST_DATABASE_URL! } : {}),
    };
    const webhookUrl = stripe.webhookUrl;
    let first = await startServerProcess(variables);
    try {
      const admin = await signUp(first.url);
      // Stripe charges the card, but the answer never reaches the server, and neither does the webhook.
      stripe.webhookUrl = undefined;
      stripe.holdIntentAnswers = true;
      const abandoned = call(first.url, '/wallet/topup', {
        token: admin.token,
        key: randomUUID(),
        body: topUpBody(admin.orgId, { payment_method_id: 'pm_card_visa', amount: 30 }),
      }).catch(() => undefined);
      const charged = await eventually(
        async () => [...stripe.intents.values()].find((intent) => intent.metadata.org_id === admin.orgId),
        (intent) => intent?.status === 'succeeded',
        30_000,
      );
      expect(charged?.status).toBe('succeeded');
      first.child.kill('SIGKILL');
      await first.exited;
      await abandoned;
      stripe.holdIntentAnswers = false;

      if (onPostgres) {
        // Another instance might still be charging it: PostgreSQL's instances leave a payment a minute first. The minute passes here.
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`update wallet_payments set updated_at = now() - interval '2 minutes' where org_id = $1`, [
          admin.orgId,
        ]);
        await client.end();
      }
      first = await startServerProcess(variables);
      expect(
        (
          await eventually(
            () => balanceOf(first.url, admin),
            (balance) => balance.balance !== 5,
            10_000,
          )
        ).balance,
      ).toBe(35);
      stripe.webhookUrl = `${first.url}/api/billing/stripe/webhook`;
      const event = stripe.events.find(
        (candidate) => candidate.type === 'payment_intent.succeeded' && candidate.data.object.id === charged!.id,
      )!;
      expect(await stripe.deliver(event)).toBe(200);
      expect(await creditsOf(first.url, admin)).toHaveLength(2);
      expect((await balanceOf(first.url, admin)).balance).toBe(35);
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
      stripe.webhookUrl = webhookUrl;
      stripe.holdIntentAnswers = false;
      await rm(folder, { recursive: true, force: true });
    }
  });
});
