import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelCatalog } from '../../src/gateway';
import type { BillingDependencies } from '../../src/server/billing/billing-dependencies';
import { createLivePlanCharges } from '../../src/server/billing/live-plan-charges';
import { createPlanPaymentHandler } from '../../src/server/billing/plan-orders';
import { renewalRetryDays } from '../../src/server/billing/renewal-dunning';
import { collectRenewals } from '../../src/server/billing/renewal-retries';
import { createWalletInvoiceSources } from '../../src/server/billing/wallet-invoice-sources';
import { auditEntries, subscriptionCharges, subscriptions, walletPayments, wallets } from '../../src/server/db/schema';
import { createStripeClient, createStripePayments } from '../../src/server/wallet/stripe-payments';
import { startFakeStripeServer, type FakeStripeServer } from '../support/fake-stripe-server';
import type { Person } from './support/analytics-server';
import { dayFromToday, startBillingServer, type BillingServer } from './support/billing-server';

/**
 * Renewal failures with Stripe (docs/decisions/024), against the fake Stripe server: a declined
 * renewal leaves the subscription past due with its plan, the invoice job retries it 1, 3 and 5
 * days after the first failure (time is driven through the sweep's `now`, never slept), each try
 * its own payment and Stripe idempotency key; a retry that succeeds makes it active and the charge
 * paid; the last failure ends it (Free Trial, audit entry, one notice to the billing scope).
 */
let stripe: FakeStripeServer;
let setup: BillingServer;
let billing: BillingDependencies;

beforeAll(async () => {
  stripe = await startFakeStripeServer();
  setup = await startBillingServer({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  });
  stripe.webhookUrl = `${setup.server.url}/api/billing/stripe/webhook`;
  billing = {
    db: db(),
    catalog: modelCatalog,
    charges: createLivePlanCharges(),
    sources: createWalletInvoiceSources(modelCatalog),
  };
  billing.cardPayments = {
    db: db(),
    payments: createStripePayments(createStripeClient({ secretKey: stripe.secretKey, apiBase: stripe.url })),
    logger: setup.server.logger,
    enforced: true,
    plans: createPlanPaymentHandler(billing),
    appUrl: () => setup.server.url,
  };
}, 120_000);
afterAll(async () => {
  await setup?.close();
  await stripe?.close();
});

const dayMs = 86_400_000;
const db = () => setup.server.database.db;
const planOf = async (person: Person) =>
  (await setup.request(`/subscription/plan/${person.orgId}`, { token: person.token })).body;
const chargesOf = (orgId: string) =>
  db()
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.orgId, orgId))
    .orderBy(subscriptionCharges.createdAt);
const saveCard = (orgId: string, paymentMethod: string) =>
  db().update(wallets).set({ savedPaymentMethod: paymentMethod }).where(eq(wallets.orgId, orgId));
const renewalIntentsOf = (orgId: string) =>
  [...stripe.intents.values()].filter((intent) => intent.metadata.org_id === orgId && intent.amount === 4900);
const noticesOf = async (person: Person) =>
  (await setup.request(`/system/messages/${person.userId}`, { token: person.token })).body.messages as {
    content: string;
  }[];
const at = (since: string, days: number, plusMs = 0) => new Date(new Date(since).getTime() + days * dayMs + plusMs);

async function topUpWith(person: Person, paymentMethod: string): Promise<void> {
  const topUp = await setup.request('/wallet/topup', {
    token: person.token,
    body: {
      amount: 10,
      currency: 'USD',
      payment_method: 'card',
      org_id: person.orgId,
      payment_method_id: paymentMethod,
    },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(topUp.status).toBe(200);
}

/** A Team subscriber whose renewal, a period later, was declined on the saved card: past due. Answers the first failure's time. */
async function pastDueSubscriber(): Promise<{ admin: Person; since: string }> {
  const admin = await setup.signUp();
  await topUpWith(admin, 'pm_card_visa');
  const bought = await setup.request('/subscription/purchase', {
    token: admin.token,
    body: { org_id: admin.orgId, plan_id: 'team', payment_method: 'card' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(bought.status).toBe(201);
  await setup.moveBack(admin.orgId, 30);
  await saveCard(admin.orgId, 'pm_card_chargeDeclined');
  // Reading the plan closes the period (the renewal is written pending); the sweep charges it.
  expect(await planOf(admin)).toMatchObject({
    id: 'team',
    subscription: { status: 'active', current_period_start: dayFromToday(0) },
  });
  await collectRenewals(billing, new Date());
  const plan = await planOf(admin);
  expect(plan).toMatchObject({
    id: 'team',
    subscription: {
      status: 'past_due',
      current_period_start: dayFromToday(0),
      past_due: { retries_made: 0, retries_left: 3, reason: 'Your card was declined.' },
    },
  });
  const since = plan.subscription.past_due.since as string;
  expect(plan.subscription.past_due.next_retry_at).toBe(at(since, 1).toISOString());
  return { admin, since };
}

describe('a renewal that fails', () => {
  it('leaves the plan past due and usable, retries 1, 3 and 5 days after the first failure, and is active again when a retry is paid', async () => {
    expect(renewalRetryDays).toEqual([1, 3, 5]);
    const { admin, since } = await pastDueSubscriber();
    expect((await chargesOf(admin.orgId)).map((charge) => [charge.billedOn, charge.status])).toEqual([
      [dayFromToday(-30), 'paid'],
      [dayFromToday(0), 'failed'],
    ]);
    expect(renewalIntentsOf(admin.orgId).map((intent) => intent.status)).toEqual([
      'succeeded',
      'requires_payment_method',
    ]);
    const notices = await noticesOf(admin);
    expect(notices.map((notice) => notice.content)).toContainEqual(
      expect.stringContaining('The renewal of the Team plan could not be charged to the saved card.'),
    );

    // Not due a minute early; due on time: one more try, declined again, the next planned 3 days after the first failure.
    await collectRenewals(billing, at(since, 1, -60_000));
    expect(renewalIntentsOf(admin.orgId)).toHaveLength(2);
    await collectRenewals(billing, at(since, 1));
    expect(renewalIntentsOf(admin.orgId)).toHaveLength(3);
    expect((await planOf(admin)).subscription).toMatchObject({
      status: 'past_due',
      past_due: { retries_made: 1, retries_left: 2, next_retry_at: at(since, 3).toISOString() },
    });

    // Two sweeps at once charge the second try once.
    await Promise.all([collectRenewals(billing, at(since, 3)), collectRenewals(billing, at(since, 3))]);
    expect(renewalIntentsOf(admin.orgId)).toHaveLength(4);
    expect((await planOf(admin)).subscription).toMatchObject({
      status: 'past_due',
      past_due: { retries_made: 2, retries_left: 1, next_retry_at: at(since, 5).toISOString() },
    });

    // Each try is its own payment with its own Stripe idempotency key.
    const tries = await db()
      .select()
      .from(walletPayments)
      .where(and(eq(walletPayments.orgId, admin.orgId), like(walletPayments.idempotencyKey, 'plan-renewal:%')))
      .orderBy(walletPayments.createdAt);
    expect(
      tries.map((payment) => [payment.idempotencyKey.replace(/^plan-renewal:[^:]+:[^:]+/, ''), payment.status]),
    ).toEqual([
      ['', 'failed'],
      [':retry-1', 'failed'],
      [':retry-2', 'failed'],
    ]);
    const stripeKeys = tries.map((payment) => `wallet-payment-${payment.id}`);
    const intentIds = stripeKeys.map(
      (key) =>
        new Set(
          renewalIntentsOf(admin.orgId)
            .filter((intent) => intent.metadata.payment_id === key.slice('wallet-payment-'.length))
            .map((intent) => intent.id),
        ),
    );
    expect(intentIds.map((ids) => ids.size)).toEqual([1, 1, 1]);
    expect(
      new Set(
        stripe.requests
          .filter(
            (request) => request.path === '/v1/payment_intents' && stripeKeys.includes(request.idempotencyKey ?? ''),
          )
          .map((request) => request.idempotencyKey),
      ).size,
    ).toBe(3);

    // A top-up with a working card saves it; the last try charges it.
    await topUpWith(admin, 'pm_card_visa');
    await collectRenewals(billing, at(since, 5));
    const recovered = await planOf(admin);
    expect(recovered).toMatchObject({
      id: 'team',
      subscription: {
        status: 'active',
        past_due: null,
        current_period_start: dayFromToday(0),
        next_billing_date: dayFromToday(30),
      },
    });
    expect((await chargesOf(admin.orgId)).map((charge) => [charge.billedOn, charge.status])).toEqual([
      [dayFromToday(-30), 'paid'],
      [dayFromToday(0), 'paid'],
    ]);
    expect(renewalIntentsOf(admin.orgId).map((intent) => intent.status)).toEqual([
      'succeeded',
      'requires_payment_method',
      'requires_payment_method',
      'requires_payment_method',
      'succeeded',
    ]);
    const invoices = (await setup.request(`/subscription/invoices/${admin.orgId}`, { token: admin.token })).body;
    const draft = (invoices.invoices ?? invoices).find((invoice: { status: string }) => invoice.status === 'draft');
    expect(draft).toMatchObject({ amount_due: 0 });

    // Later sweeps charge nothing more.
    await collectRenewals(billing, at(since, 9));
    expect(renewalIntentsOf(admin.orgId)).toHaveLength(5);
  });

  it('ends the subscription after the last try fails: the Free Trial follows, with an audit entry and one notice to the billing scope', async () => {
    const { admin, since } = await pastDueSubscriber();
    for (const days of [1, 3]) {
      await collectRenewals(billing, at(since, days));
      expect((await planOf(admin)).subscription.status).toBe('past_due');
    }
    await Promise.all([collectRenewals(billing, at(since, 5)), collectRenewals(billing, at(since, 5))]);
    expect(renewalIntentsOf(admin.orgId)).toHaveLength(5);
    expect(await planOf(admin)).toMatchObject({ id: 'free', subscription: null });
    const [ended] = await db().select().from(subscriptions).where(eq(subscriptions.orgId, admin.orgId));
    expect(ended).toMatchObject({ status: 'cancelled', planId: 'team', renewalRetries: 3, nextRetryAt: null });
    const audit = await db()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.orgId, admin.orgId), eq(auditEntries.action, 'subscription.end')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: null,
      targetId: ended!.id,
      after: { plan_id: 'free', status: 'cancelled' },
    });
    const endedNotices = (await noticesOf(admin)).filter((notice) =>
      notice.content.includes('the subscription has ended and the organization is on the Free Trial'),
    );
    expect(endedNotices).toHaveLength(1);

    // Nothing more is tried, and a member of the organisation is not told.
    await collectRenewals(billing, at(since, 9));
    expect(renewalIntentsOf(admin.orgId)).toHaveLength(5);
    const member = await setup.personWithRole(admin.orgId, 'Member');
    expect((await noticesOf(member)).filter((notice) => notice.content.includes('renewal'))).toEqual([]);
  });

  it('makes a renewal past due at once when no card is saved, and a retry on a card saved meanwhile pays it', async () => {
    const admin = await setup.signUp();
    await topUpWith(admin, 'pm_card_visa');
    const bought = await setup.request('/subscription/purchase', {
      token: admin.token,
      body: { org_id: admin.orgId, plan_id: 'team', payment_method: 'card' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(bought.status).toBe(201);
    await setup.moveBack(admin.orgId, 30);
    await db().update(wallets).set({ savedPaymentMethod: null }).where(eq(wallets.orgId, admin.orgId));
    const plan = await planOf(admin);
    expect(plan).toMatchObject({
      id: 'team',
      subscription: {
        status: 'past_due',
        past_due: { reason: 'No card is saved for the organization.', retries_made: 0 },
      },
    });
    await topUpWith(admin, 'pm_card_visa');
    await collectRenewals(billing, at(plan.subscription.past_due.since, 1));
    expect((await planOf(admin)).subscription).toMatchObject({ status: 'active', past_due: null });
    expect((await chargesOf(admin.orgId)).map((charge) => charge.status)).toEqual(['paid', 'paid']);
  });
});
