import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelCatalog } from '../../src/gateway';
import type { BillingDependencies } from '../../src/server/billing/billing-dependencies';
import { chargeWaitingRenewals, createLivePlanCharges } from '../../src/server/billing/live-plan-charges';
import { createPlanPaymentHandler } from '../../src/server/billing/plan-orders';
import { createWalletInvoiceSources } from '../../src/server/billing/wallet-invoice-sources';
import { auditEntries, subscriptionCharges, subscriptions, wallets } from '../../src/server/db/schema';
import { createStripeClient, createStripePayments } from '../../src/server/wallet/stripe-payments';
import { startFakeStripeServer, type FakeStripeServer } from '../support/fake-stripe-server';
import type { Person } from './support/analytics-server';
import { dayFromToday, startBillingServer, type BillingServer } from './support/billing-server';
import { eventually } from './support/chat';
import { payOnCheckout } from './support/stripe-client';

/**
 * Plans bought and upgraded by card with Stripe (docs/decisions/024), against the fake Stripe
 * server: the change is applied only once its payment succeeded, exactly once whichever of the
 * synchronous answer, the webhook (delivered twice) and reconciliation comes first; the saved card
 * is charged off-session, else the customer pays on Checkout; a declined card grants nothing; an
 * order that can no longer be applied credits its money to the wallet; renewals are charged after
 * the period closes.
 */
let stripe: FakeStripeServer;
let setup: BillingServer;

beforeAll(async () => {
  stripe = await startFakeStripeServer();
  setup = await startBillingServer({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  });
  stripe.webhookUrl = `${setup.server.url}/api/billing/stripe/webhook`;
}, 120_000);
afterAll(async () => {
  await setup?.close();
  await stripe?.close();
});

const db = () => setup.server.database.db;
const purchase = (person: Person, planId: string, key = randomUUID()) =>
  setup.request('/subscription/purchase', {
    token: person.token,
    body: { org_id: person.orgId, plan_id: planId, payment_method: 'card' },
    headers: { 'idempotency-key': key },
  });
const update = (person: Person, planId: string, key = randomUUID()) =>
  setup.request(`/subscription/update/${person.orgId}`, {
    token: person.token,
    body: { plan_id: planId },
    headers: { 'idempotency-key': key },
  });
const planOf = async (person: Person) =>
  (await setup.request(`/subscription/plan/${person.orgId}`, { token: person.token })).body;
const paymentOf = async (person: Person, paymentId: string) =>
  (await setup.request(`/wallet/${person.orgId}/payments/${paymentId}`, { token: person.token })).body;
const balanceOf = async (person: Person) =>
  (await setup.request(`/wallet/${person.orgId}/balance`, { token: person.token })).body.balance as number;
const chargesOf = (orgId: string) =>
  db()
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.orgId, orgId))
    .orderBy(subscriptionCharges.createdAt);
const subscriptionsOf = (orgId: string) => db().select().from(subscriptions).where(eq(subscriptions.orgId, orgId));
const intentsOf = (orgId: string) => [...stripe.intents.values()].filter((intent) => intent.metadata.org_id === orgId);
const saveCard = (orgId: string, paymentMethod: string) =>
  db().update(wallets).set({ savedPaymentMethod: paymentMethod }).where(eq(wallets.orgId, orgId));

async function withSavedCard(): Promise<Person> {
  const admin = await setup.signUp();
  const topUp = await setup.request('/wallet/topup', {
    token: admin.token,
    body: {
      amount: 10,
      currency: 'USD',
      payment_method: 'card',
      org_id: admin.orgId,
      payment_method_id: 'pm_card_visa',
    },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(topUp.status).toBe(200);
  return admin;
}

describe('a plan bought by card through Stripe', () => {
  it('sends an organisation without a saved card to Checkout, and subscribes it once when paid there, the webhook delivered twice', async () => {
    const admin = await setup.signUp();
    const trial = await balanceOf(admin);
    const key = randomUUID();
    const ordered = await purchase(admin, 'team', key);
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(202);
    expect(ordered.body).toMatchObject({
      id: 'free',
      subscription: null,
      charge: null,
      payment_id: expect.any(String),
      checkout_url: expect.stringContaining('/checkout/pay/cs_test_'),
    });
    const again = await purchase(admin, 'team', key);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ payment_id: ordered.body.payment_id, checkout_url: ordered.body.checkout_url });
    expect(await paymentOf(admin, ordered.body.payment_id)).toMatchObject({
      purpose: 'plan',
      status: 'pending',
      amount: 49,
    });
    expect(await planOf(admin)).toMatchObject({ id: 'free', subscription: null });
    expect(await chargesOf(admin.orgId)).toEqual([]);

    const before = stripe.events.length;
    expect((await payOnCheckout(ordered.body.checkout_url, '4242424242424242')).location).toBe(
      `${setup.server.url}/admin/billing?payment=${ordered.body.payment_id}`,
    );
    await eventually(
      () => planOf(admin),
      (plan) => plan.id === 'team',
    );
    for (const event of stripe.events.slice(before)) {
      expect(await stripe.deliver(event)).toBe(200);
      expect(await stripe.deliver(event)).toBe(200);
    }
    expect(await subscriptionsOf(admin.orgId)).toHaveLength(1);
    const charges = await chargesOf(admin.orgId);
    expect(charges.map((charge) => [charge.kind, charge.amount, charge.status, charge.processor])).toEqual([
      ['plan', '49.00', 'paid', 'stripe'],
    ]);
    expect(charges[0]!.processorPaymentId).toBe(intentsOf(admin.orgId)[0]!.id);
    expect(await paymentOf(admin, ordered.body.payment_id)).toMatchObject({ status: 'succeeded', transaction: null });
    expect(await balanceOf(admin)).toBe(trial);
    const audit = await db()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.orgId, admin.orgId), eq(auditEntries.action, 'subscription.purchase')));
    expect(audit).toHaveLength(1);
    // The same key after it was paid answers the subscription and its charge.
    const repeated = await purchase(admin, 'team', key);
    expect(repeated.status).toBe(201);
    expect(repeated.body).toMatchObject({
      id: 'team',
      charge: { amount: 49, status: 'paid', test_mode: false },
      payment_id: ordered.body.payment_id,
      checkout_url: null,
    });
    // The card Checkout saved pays the next change off-session.
    const upgraded = await update(admin, 'business');
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    expect(upgraded.body).toMatchObject({ id: 'business', charge: { kind: 'proration', status: 'paid' } });
  });

  it('charges the saved card off-session at once for a purchase and an upgrade, once per Idempotency-Key even 10 at a time', async () => {
    const admin = await withSavedCard();
    const toppedUp = await balanceOf(admin);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => purchase(admin, 'team', key)));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answers[0]!.body).toMatchObject({ id: 'team', charge: { amount: 49, status: 'paid' }, checkout_url: null });
    const planIntents = intentsOf(admin.orgId).filter((intent) => intent.amount === 4900);
    expect(planIntents).toHaveLength(1);
    expect(planIntents[0]).toMatchObject({
      status: 'succeeded',
      payment_method: 'pm_card_visa',
      customer: expect.stringMatching(/^cus_/),
    });
    const created = stripe.requests.find(
      (request) =>
        request.path === '/v1/payment_intents' &&
        (request.body.metadata as Record<string, string>).payment_id === answers[0]!.body.payment_id,
    )!;
    expect(created.body).toMatchObject({ off_session: 'true', confirm: 'true', payment_method: 'pm_card_visa' });

    const upgradeKey = randomUUID();
    const upgraded = await Promise.all([update(admin, 'business', upgradeKey), update(admin, 'business', upgradeKey)]);
    for (const answer of upgraded) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(upgraded[0]!.body).toMatchObject({
      id: 'business',
      charge: { kind: 'proration', amount: 150, status: 'paid' },
    });
    await new Promise((resolve) => setTimeout(resolve, 300)); // The webhooks for both charges arrive meanwhile.
    expect((await chargesOf(admin.orgId)).map((charge) => [charge.kind, charge.amount, charge.status])).toEqual([
      ['plan', '49.00', 'paid'],
      ['proration', '150.00', 'paid'],
    ]);
    expect(intentsOf(admin.orgId).filter((intent) => intent.status === 'succeeded')).toHaveLength(3);
    expect(await balanceOf(admin)).toBe(toppedUp);
  });

  it('grants nothing when the saved card is declined, or when the Checkout page expires after a declined card', async () => {
    const declinedCard = await setup.signUp();
    await saveCard(declinedCard.orgId, 'pm_card_chargeDeclined');
    const declined = await purchase(declinedCard, 'team');
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined. Nothing was charged and the plan is unchanged.');
    expect(await planOf(declinedCard)).toMatchObject({ id: 'free', subscription: null });
    expect(await chargesOf(declinedCard.orgId)).toEqual([]);

    const onCheckout = await setup.signUp();
    const trial = await balanceOf(onCheckout);
    const ordered = await purchase(onCheckout, 'business');
    expect(ordered.status).toBe(202);
    expect((await payOnCheckout(ordered.body.checkout_url, '4000000000009995')).html).toContain(
      'Your card has insufficient funds.',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await planOf(onCheckout)).toMatchObject({ id: 'free' });
    const session = [...stripe.sessions.values()].find(
      (candidate) => candidate.metadata.payment_id === ordered.body.payment_id,
    )!;
    await stripe.expireSession(session.id);
    await eventually(
      () => paymentOf(onCheckout, ordered.body.payment_id),
      (payment) => payment.status === 'failed',
    );
    expect(await planOf(onCheckout)).toMatchObject({ id: 'free', subscription: null });
    expect(await chargesOf(onCheckout.orgId)).toEqual([]);
    expect(await balanceOf(onCheckout)).toBe(trial);
  });

  it('credits to the wallet a paid order that can no longer be applied (two purchases paid on two pages), never subscribing twice', async () => {
    const admin = await setup.signUp();
    const trial = await balanceOf(admin);
    const first = await purchase(admin, 'team');
    const second = await purchase(admin, 'business');
    expect([first.status, second.status]).toEqual([202, 202]);
    expect((await payOnCheckout(first.body.checkout_url, '4242424242424242')).status).toBe(303);
    await eventually(
      () => planOf(admin),
      (plan) => plan.id === 'team',
    );
    expect((await payOnCheckout(second.body.checkout_url, '4242424242424242')).status).toBe(303);
    const credited = await eventually(
      () => paymentOf(admin, second.body.payment_id),
      (payment) => payment.status === 'succeeded',
    );
    expect(credited.transaction).toMatchObject({ type: 'credit', amount: 199 });
    expect(await subscriptionsOf(admin.orgId)).toHaveLength(1);
    expect(await planOf(admin)).toMatchObject({ id: 'team' });
    expect(await balanceOf(admin)).toBe(trial + 199);
  });

  it('charges a renewal on the saved card after the period closes, once', async () => {
    const admin = await withSavedCard();
    expect((await purchase(admin, 'team')).status).toBe(201);
    await setup.moveBack(admin.orgId, 30);
    // Reading the plan closes the period: the renewal is written pending, the period moves on.
    expect(await planOf(admin)).toMatchObject({ id: 'team', subscription: { current_period_start: dayFromToday(0) } });
    expect((await chargesOf(admin.orgId)).map((charge) => charge.status)).toEqual(['paid', 'pending']);
    const billing: BillingDependencies = {
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
    await Promise.all([chargeWaitingRenewals(billing), chargeWaitingRenewals(billing)]);
    await chargeWaitingRenewals(billing);
    const charges = await chargesOf(admin.orgId);
    expect(charges.map((charge) => [charge.billedOn, charge.status])).toEqual([
      [dayFromToday(-30), 'paid'],
      [dayFromToday(0), 'paid'],
    ]);
    expect(
      intentsOf(admin.orgId).filter((intent) => intent.amount === 4900 && intent.status === 'succeeded'),
    ).toHaveLength(2);
  });
});
