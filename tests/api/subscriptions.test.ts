import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceJob } from '../../src/server/billing/invoice-job';
import { createWalletInvoiceSources } from '../../src/server/billing/wallet-invoice-sources';
import { createTestModePlanCharges } from '../../src/server/billing/renewal-charges';
import { auditEntries, organisations, subscriptionCharges, subscriptions } from '../../src/server/db/schema';
import { planFeatureMessages } from '../../src/contracts';
import { modelCatalog } from '../../src/gateway';
import type { Person } from './support/analytics-server';
import { dayFromToday, startBillingServer, type BillingServer } from './support/billing-server';

const today = () => dayFromToday(0);

/** Plans, subscriptions and their changes over real HTTP on the server's own database (docs/decisions/023). */
describe('subscriptions', () => {
  let setup: BillingServer;
  let stranger: Person;

  beforeAll(async () => {
    setup = await startBillingServer();
    stranger = await setup.signUp();
  }, 120_000);
  afterAll(() => setup?.close());

  const planOf = (person: Person) => setup.request(`/subscription/plan/${person.orgId}`, { token: person.token });
  // In test mode a purchase is paid by one of Stripe's test cards (docs/decisions/040); upgrades charge the card it saved.
  const purchase = (person: Person, planId: string, headers: Record<string, string> = {}) =>
    setup.request('/subscription/purchase', {
      token: person.token,
      body: { org_id: person.orgId, plan_id: planId, payment_method: 'card', card_number: '4242 4242 4242 4242' },
      headers,
    });
  const update = (person: Person, planId: string, headers: Record<string, string> = {}) =>
    setup.request(`/subscription/update/${person.orgId}`, { token: person.token, body: { plan_id: planId }, headers });
  const cancel = (person: Person) =>
    setup.request(`/subscription/cancel/${person.orgId}`, { token: person.token, method: 'POST' });
  const chargesOf = (orgId: string) =>
    setup.server.database.db
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.orgId, orgId))
      .orderBy(subscriptionCharges.createdAt);
  const subscriptionsOf = (orgId: string) =>
    setup.server.database.db.select().from(subscriptions).where(eq(subscriptions.orgId, orgId));

  it('offers the plans as data, with exact prices, and the Free Trial to an organisation without a subscription', async () => {
    const plans = await setup.request('/subscription/plans');
    expect(plans.status).toBe(200);
    expect(plans.body.plans.map((plan: { id: string; price: number }) => [plan.id, plan.price])).toEqual([
      ['free', 0],
      ['team', 49],
      ['business', 199],
      ['enterprise', 999],
    ]);

    const admin = await setup.signUp();
    const current = await planOf(admin);
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({
      id: 'free',
      name: 'Free Trial',
      price: 0,
      currency: 'USD',
      billing_cycle: 'monthly',
      tokens_per_cycle: 1_000_000,
      subscription: null,
    });
  });

  it('refuses members and other organisations on every call, and lets billing managers in', async () => {
    const admin = await setup.signUp();
    const member = await setup.personWithRole(admin.orgId, 'Member');
    const billingManager = await setup.personWithRole(admin.orgId, 'Billing Manager');
    const calls = (person: Person, orgId: string) => [
      setup.request(`/subscription/plan/${orgId}`, { token: person.token }),
      setup.request('/subscription/purchase', {
        token: person.token,
        body: { org_id: orgId, plan_id: 'team', payment_method: 'card' },
      }),
      setup.request(`/subscription/update/${orgId}`, { token: person.token, body: { plan_id: 'business' } }),
      setup.request(`/subscription/cancel/${orgId}`, { token: person.token, method: 'POST' }),
      setup.request(`/subscription/usage/${orgId}`, { token: person.token }),
      setup.request(`/subscription/invoices/${orgId}`, { token: person.token }),
      setup.request(`/subscription/invoices/${orgId}/00000000-0000-4000-8000-000000000000/pdf`, {
        token: person.token,
      }),
    ];
    for (const answer of await Promise.all(calls(member, admin.orgId))) expect(answer.status).toBe(403);
    // Another organisation's admin: refused before anything is read or changed.
    for (const answer of await Promise.all(calls(stranger, admin.orgId))) expect(answer.status).toBe(403);
    for (const answer of await Promise.all(calls({ ...admin, token: '' }, admin.orgId)))
      expect(answer.status).toBe(401);
    expect(await subscriptionsOf(admin.orgId)).toEqual([]);
    expect(await subscriptionsOf(stranger.orgId)).toEqual([]);

    // A billing manager has the billing scope (spec section 6): every call answers.
    expect((await planOf(billingManager)).status).toBe(200);
    expect((await purchase(billingManager, 'team')).status).toBe(201);
    expect((await update(billingManager, 'business')).status).toBe(200);
    expect((await cancel(billingManager)).status).toBe(200);
    expect((await setup.request(`/subscription/usage/${admin.orgId}`, { token: billingManager.token })).status).toBe(
      200,
    );
    const invoices = await setup.request(`/subscription/invoices/${admin.orgId}`, { token: billingManager.token });
    expect(invoices.status).toBe(200);
    expect(
      (await setup.request(invoices.body.invoices[0].pdf_path.replace(/^\/api/, ''), { token: billingManager.token }))
        .status,
    ).toBe(200);
    // An invoice of another organisation is not found, even through one's own organisation's path.
    const strangerInvoices = await setup.request(`/subscription/invoices/${stranger.orgId}`, { token: stranger.token });
    const strangerInvoice = strangerInvoices.body.invoices[0].id;
    expect(
      (
        await setup.request(`/subscription/invoices/${admin.orgId}/${strangerInvoice}/pdf`, {
          token: billingManager.token,
        })
      ).status,
    ).toBe(404);
  });

  it("answers bad input with the spec's texts and changes nothing", async () => {
    const admin = await setup.signUp();
    const body = { org_id: admin.orgId, plan_id: 'team', payment_method: 'card' };
    const refusals: [unknown, string][] = [
      [{ ...body, org_id: undefined }, 'Organization ID is required'],
      [{ ...body, plan_id: undefined }, 'Plan ID is required'],
      [{ ...body, plan_id: '  ' }, 'Plan ID is required'],
      [{ ...body, payment_method: undefined }, 'Payment method is required'],
      [{ ...body, org_id: 'not-a-uuid' }, 'Organization ID must be a UUID.'],
      [{ ...body, plan_id: 'team\u0000' }, 'Plan ID cannot contain line breaks or other control characters.'],
      [
        { ...body, payment_method: 'cheque' },
        "Payment method must be 'card', 'wallet' or a Stripe PaymentMethod id (pm_…)",
      ],
      // Test mode has no payment page: a card is needed, one of Stripe's test cards.
      [body, 'A card is required: card_number (test mode) or payment_method_id'],
      [{ ...body, card_number: '4242 4242 4242 4241' }, 'Your card number is incorrect.'],
      [{ ...body, plan_id: 'gold' }, "Plan 'gold' does not exist or is not offered."],
      [
        { ...body, plan_id: 'free' },
        'The Free Trial cannot be purchased. Cancel the subscription to return to it at the end of the period.',
      ],
    ];
    for (const [refused, message] of refusals) {
      const answer = await setup.request('/subscription/purchase', { token: admin.token, body: refused });
      expect(answer.status, message).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const otherOrganisation = await setup.request('/subscription/purchase', {
      token: admin.token,
      body: { ...body, org_id: stranger.orgId },
    });
    expect(otherOrganisation.status).toBe(403);
    expect(otherOrganisation.body.message).toBe('Organization ID must be your own organization.');
    const badKey = await purchase(admin, 'team', { 'idempotency-key': 'a key with spaces' });
    expect(badKey.status).toBe(400);
    expect(badKey.body.message).toBe('Idempotency-Key must be 1 to 255 printable ASCII characters.');

    const noPlan = await setup.request(`/subscription/update/${admin.orgId}`, { token: admin.token, body: {} });
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.message).toBe('Plan ID is required');
    // A malformed organisation is not the caller's: refused before validation, as every organisation path (decision 016).
    expect((await setup.request('/subscription/plan/not-a-uuid', { token: admin.token })).status).toBe(403);
    const badPeriod = await setup.request(`/subscription/usage/${admin.orgId}?period=decade`, { token: admin.token });
    expect(badPeriod.status).toBe(400);
    expect(badPeriod.body.message).toBe('Period must be one of day, week, month, year or all');
    expect(
      (await setup.request(`/subscription/invoices/${admin.orgId}/nope/pdf`, { token: admin.token })).body.message,
    ).toBe('Invoice ID must be a UUID.');

    // Nothing to change or cancel on the Free Trial.
    expect((await update(admin, 'business')).body.message).toBe(
      'This organization has no subscription to change. Purchase a plan first.',
    );
    expect((await cancel(admin)).status).toBe(409);
    expect(await subscriptionsOf(admin.orgId)).toEqual([]);
    expect(await chargesOf(admin.orgId)).toEqual([]);
  });

  it('purchases a plan: a period from today, its price charged once, the analytics cycle following it', async () => {
    const admin = await setup.signUp();
    // Ten days on the Free Trial first.
    await setup.moveBack(admin.orgId, 10);
    const bought = await purchase(admin, 'team');
    expect(bought.status).toBe(201);
    expect(bought.body).toMatchObject({
      id: 'team',
      price: 49,
      subscription: {
        plan_id: 'team',
        status: 'active',
        current_period_start: today(),
        current_period_end: dayFromToday(29),
        next_billing_date: dayFromToday(30),
        cancel_at_period_end: false,
        pending_plan_id: null,
      },
      charge: {
        kind: 'plan',
        amount: 49,
        currency: 'USD',
        status: 'paid',
        test_mode: true,
        paid_with: 'Visa •••• 4242 (test card: no real money)',
      },
    });
    expect(bought.body.charge.receipt_path).toBe(
      `/api/wallet/${admin.orgId}/payments/${bought.body.payment_id}/receipt`,
    );
    expect((await planOf(admin)).body).toMatchObject({ id: 'team', subscription: { id: bought.body.subscription.id } });
    const [organisation] = await setup.server.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, admin.orgId));
    expect(organisation!.subscriptionTier).toBe('team');
    expect((await purchase(admin, 'business')).body.message).toBe(
      'This organization already has a subscription. Change its plan instead.',
    );
    expect((await chargesOf(admin.orgId)).map((charge) => charge.amount)).toEqual(['49.00']);
    const audit = await setup.server.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.orgId, admin.orgId), eq(auditEntries.action, 'subscription.purchase')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ plan_id: 'team' });

    // The Free Trial's period closed when the plan was bought: its invoice is issued, numbered 1.
    const invoices = (await setup.request(`/subscription/invoices/${admin.orgId}`, { token: admin.token })).body
      .invoices;
    expect(invoices).toHaveLength(2);
    expect(invoices[0]).toMatchObject({
      status: 'draft',
      number: null,
      period_start: today(),
      period_end: dayFromToday(29),
      total: 49,
    });
    expect(invoices[1]).toMatchObject({
      status: 'paid',
      period_start: dayFromToday(-10),
      period_end: dayFromToday(-1),
      total: 0,
    });
    expect(invoices[1].number).toMatch(/^TW-[0-9A-F]{8}-0001$/);
    expect(invoices[1].lines).toEqual([
      {
        line_number: 1,
        kind: 'plan',
        description: `Free Trial, ${dayFromToday(-10)} to ${dayFromToday(-1)}`,
        model_id: null,
        quantity: null,
        amount: 0,
      },
    ]);

    // The dashboard's billing cycle is the subscription's period, not 30-day steps from the organisation's creation.
    const cycle = await setup.request(`/subscription/analytics/${admin.orgId}`, { token: admin.token });
    expect(cycle.body.billing_cycle).toEqual({
      start_date: today(),
      end_date: dayFromToday(29),
      next_billing_date: dayFromToday(30),
    });
    // And the tokens remaining are the plan's allowance, not the Free Trial's.
    expect(cycle.body.tokens_remaining).toBe(20_000_000 - cycle.body.total_tokens_used);
    expect((await planOf(admin)).body.tokens_per_cycle).toBe(20_000_000);
    await setup.moveBack(admin.orgId, 20);
    const analytics = await setup.request(`/subscription/analytics/${admin.orgId}`, { token: admin.token });
    expect(analytics.body.billing_cycle).toEqual({
      start_date: dayFromToday(-20),
      end_date: dayFromToday(9),
      next_billing_date: dayFromToday(10),
    });
  });

  it('upgrades now for the prorated difference, downgrades at the period end, and renews on the new plan', async () => {
    const admin = await setup.signUp();
    expect((await purchase(admin, 'team')).status).toBe(201);
    // 20 of the period's 30 days have passed: 10 are left, today included.
    await setup.moveBack(admin.orgId, 20);
    const upgraded = await update(admin, 'business');
    expect(upgraded.status).toBe(200);
    // (199 - 49) × 10 / 30 = 50.00 exactly.
    expect(upgraded.body).toMatchObject({
      id: 'business',
      subscription: {
        plan_id: 'business',
        current_period_start: dayFromToday(-20),
        next_billing_date: dayFromToday(10),
        pending_plan_id: null,
      },
      charge: {
        kind: 'proration',
        amount: 50,
        status: 'paid',
        description: 'Upgrade from Team to Business: 10 of 30 days',
      },
    });
    expect((await update(admin, 'business')).body.message).toBe('The organization is already on this plan.');

    // Enterprise is arranged with sales (docs/decisions/041): no self-serve upgrade, nothing charged.
    const enterprise = await update(admin, 'enterprise');
    expect(enterprise.status).toBe(400);
    expect(enterprise.body.message).toBe(planFeatureMessages.contactSales('Enterprise'));

    // A downgrade keeps what was paid for until the period ends; nothing is charged or refunded now.
    const downgraded = await update(admin, 'team');
    expect(downgraded.status).toBe(200);
    expect(downgraded.body).toMatchObject({
      id: 'business',
      charge: null,
      subscription: { plan_id: 'business', pending_plan_id: 'team' },
    });
    expect((await chargesOf(admin.orgId)).map((charge) => [charge.kind, charge.amount])).toEqual([
      ['plan', '49.00'],
      ['proration', '50.00'],
    ]);

    // The period ends: its invoice is issued with every charge, and the next period is on Team at Team's price.
    await setup.moveBack(admin.orgId, 10);
    const renewed = await planOf(admin);
    expect(renewed.body).toMatchObject({
      id: 'team',
      subscription: {
        plan_id: 'team',
        current_period_start: today(),
        next_billing_date: dayFromToday(30),
        pending_plan_id: null,
      },
    });
    const invoices = (await setup.request(`/subscription/invoices/${admin.orgId}`, { token: admin.token })).body
      .invoices;
    expect(
      invoices.map((invoice: { status: string; period_start: string }) => [invoice.status, invoice.period_start]),
    ).toEqual([
      ['draft', today()],
      ['paid', dayFromToday(-30)],
    ]);
    expect(invoices[1]).toMatchObject({
      period_end: dayFromToday(-1),
      total: 99,
      amount_paid: 99,
      amount_due: 0,
    });
    expect(
      invoices[1].lines.map((line: { line_number: number; kind: string; amount: number }) => [
        line.line_number,
        line.kind,
        line.amount,
      ]),
    ).toEqual([
      [1, 'plan', 49],
      [2, 'proration', 50],
    ]);
    expect(invoices[0].lines[0]).toMatchObject({
      kind: 'plan',
      amount: 49,
      description: `Team plan, ${today()} to ${dayFromToday(29)}`,
    });
    // Reading again renews nothing more.
    await planOf(admin);
    expect(await chargesOf(admin.orgId)).toHaveLength(3);
  });

  it('cancels to the end of the period, then the Free Trial', async () => {
    const admin = await setup.signUp();
    await setup.moveBack(admin.orgId, 5);
    expect((await purchase(admin, 'business')).status).toBe(201);
    const cancelled = await cancel(admin);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      id: 'business',
      charge: null,
      subscription: { status: 'active', cancel_at_period_end: true },
    });
    // Cancelling again changes nothing; choosing the current plan again undoes it.
    expect((await cancel(admin)).body.subscription.cancel_at_period_end).toBe(true);
    expect((await update(admin, 'business')).body.subscription.cancel_at_period_end).toBe(false);
    expect((await cancel(admin)).body.subscription.cancel_at_period_end).toBe(true);

    // A day before the end the plan still holds.
    await setup.moveBack(admin.orgId, 29);
    expect((await planOf(admin)).body).toMatchObject({
      id: 'business',
      subscription: { cancel_at_period_end: true, current_period_end: today() },
    });
    await setup.moveBack(admin.orgId, 1);
    expect((await planOf(admin)).body).toMatchObject({ id: 'free', name: 'Free Trial', price: 0, subscription: null });
    const [ended] = await subscriptionsOf(admin.orgId);
    expect(ended).toMatchObject({ status: 'cancelled', planId: 'business' });
    expect(ended!.endedAt).not.toBeNull();
    const [organisation] = await setup.server.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, admin.orgId));
    expect(organisation!.subscriptionTier).toBe('free');
    expect(await chargesOf(admin.orgId)).toHaveLength(1);
    // The Free Trial's cycles start on the day the subscription ended.
    const analytics = await setup.request(`/subscription/analytics/${admin.orgId}`, { token: admin.token });
    expect(analytics.body.billing_cycle).toEqual({
      start_date: today(),
      end_date: dayFromToday(29),
      next_billing_date: dayFromToday(30),
    });
    const actions = await setup.server.database.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(eq(auditEntries.orgId, admin.orgId))
      .orderBy(auditEntries.createdAt);
    expect(actions.map((entry) => entry.action)).toEqual([
      'subscription.purchase',
      'subscription.cancel',
      'subscription.update',
      'subscription.cancel',
    ]);
  });

  it('takes one subscription and one charge for 20 purchases sent at once with one Idempotency-Key', async () => {
    const admin = await setup.signUp();
    const key = { 'idempotency-key': `purchase-${admin.orgId}` };
    const answers = await Promise.all(Array.from({ length: 20 }, () => purchase(admin, 'team', key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((answer) => answer.body.subscription.id)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.charge.id)).size).toBe(1);
    expect(await subscriptionsOf(admin.orgId)).toHaveLength(1);
    expect(await chargesOf(admin.orgId)).toHaveLength(1);
    // The same key for another request is refused rather than answered with the first's result.
    expect((await purchase(admin, 'business', key)).body.message).toBe(
      'This Idempotency-Key was already used for a different request.',
    );

    await setup.moveBack(admin.orgId, 15);
    const upgradeKey = { 'idempotency-key': `upgrade-${admin.orgId}` };
    const upgrades = await Promise.all(Array.from({ length: 20 }, () => update(admin, 'business', upgradeKey)));
    expect(upgrades.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(upgrades.map((answer) => answer.body.charge.id)).size).toBe(1);
    // (199 - 49) × 15 / 30 = 75.00, once.
    expect((await chargesOf(admin.orgId)).map((charge) => charge.amount)).toEqual(['49.00', '75.00']);
  });

  it('takes one subscription for purchases sent at once without a key: the others are told it exists', async () => {
    const admin = await setup.signUp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => purchase(admin, 'business')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await subscriptionsOf(admin.orgId)).toHaveLength(1);
    expect((await chargesOf(admin.orgId)).map((charge) => charge.amount)).toEqual(['199.00']);
  });

  it('closes due periods by the job too, without anyone reading them', async () => {
    const admin = await setup.signUp();
    expect((await purchase(admin, 'team')).status).toBe(201);
    await setup.moveBack(admin.orgId, 30);
    const db = setup.server.database.db;
    const job = createInvoiceJob({
      dependencies: {
        db,
        catalog: modelCatalog,
        charges: createTestModePlanCharges(),
        sources: createWalletInvoiceSources(modelCatalog),
      },
      logger: pino({ level: 'silent' }),
      intervalMs: 3_600_000,
    });
    await job.runNow();
    await job.runNow();
    const [renewed] = await subscriptionsOf(admin.orgId);
    expect(renewed).toMatchObject({ currentPeriodStart: today(), planId: 'team' });
    expect((await chargesOf(admin.orgId)).map((charge) => charge.billedOn)).toEqual([dayFromToday(-30), today()]);
    await job.stop();
  });
});
