import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionCharges, subscriptions, walletLedger, walletPayments } from '../../src/server/db/schema';
import type { Person } from './support/analytics-server';
import { startBillingServer, type BillingServer } from './support/billing-server';

const visa = '4242 4242 4242 4242';
const genericDecline = '4000 0000 0000 0002';
const insufficientFunds = '4000 0000 0000 9995';

/**
 * Purchases and upgrades are paid before the plan changes (docs/decisions/040), in test mode by
 * Stripe's test cards or, as the administrator chooses, from the prepaid wallet; each payment has a
 * receipt, and invoices list the plan and usage with the payments against them, never top-ups.
 * The server's organisations start with $60 in the wallet.
 */
describe('paying for plans', () => {
  let setup: BillingServer;

  beforeAll(async () => {
    setup = await startBillingServer({ TRIAL_CREDIT_USD: '60' });
  }, 120_000);
  afterAll(() => setup?.close());

  const db = () => setup.server.database.db;
  const purchase = (person: Person, body: Record<string, unknown>, key?: string) =>
    setup.request('/subscription/purchase', {
      token: person.token,
      body: { org_id: person.orgId, plan_id: 'team', payment_method: 'card', ...body },
      headers: key ? { 'idempotency-key': key } : {},
    });
  const upgrade = (person: Person, body: Record<string, unknown>, key?: string) =>
    setup.request(`/subscription/update/${person.orgId}`, {
      token: person.token,
      body: { plan_id: 'business', ...body },
      headers: key ? { 'idempotency-key': key } : {},
    });
  const planOf = async (person: Person) =>
    (await setup.request(`/subscription/plan/${person.orgId}`, { token: person.token })).body;
  const balanceOf = async (person: Person) =>
    (await setup.request(`/wallet/${person.orgId}/balance`, { token: person.token })).body.balance;
  const draftOf = async (person: Person) =>
    (await setup.request(`/subscription/invoices/${person.orgId}`, { token: person.token })).body.invoices[0];
  const ledgerOf = (orgId: string) =>
    db().select().from(walletLedger).where(eq(walletLedger.orgId, orgId)).orderBy(walletLedger.createdAt);
  const chargesOf = (orgId: string) =>
    db().select().from(subscriptionCharges).where(eq(subscriptionCharges.orgId, orgId));

  it('changes nothing when the test card is declined, and subscribes once a good card pays, with a receipt', async () => {
    const admin = await setup.signUp();
    const declined = await purchase(admin, { card_number: genericDecline });
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined. Nothing was charged and the plan is unchanged.');
    const poor = await purchase(admin, { card_number: insufficientFunds });
    expect(poor.status).toBe(402);
    expect(poor.body.message).toBe('Your card has insufficient funds. Nothing was charged and the plan is unchanged.');
    expect(await planOf(admin)).toMatchObject({ id: 'free', subscription: null });
    expect(await db().select().from(subscriptions).where(eq(subscriptions.orgId, admin.orgId))).toEqual([]);
    expect(await chargesOf(admin.orgId)).toEqual([]);
    const failed = await db()
      .select()
      .from(walletPayments)
      .where(and(eq(walletPayments.orgId, admin.orgId), eq(walletPayments.purpose, 'plan')));
    expect(failed.map((payment) => payment.status)).toEqual(['failed', 'failed']);
    expect((await draftOf(admin)).payments).toEqual([]);

    const paid = await purchase(admin, { card_number: visa });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toMatchObject({
      id: 'team',
      subscription: { plan_id: 'team', payment_method: 'card' },
      charge: { amount: 49, status: 'paid', test_mode: true, paid_with: 'Visa •••• 4242 (test card: no real money)' },
    });
    // Paid by card: the wallet is untouched.
    expect(await balanceOf(admin)).toBe(60);
    const payment = await setup.request(`/wallet/${admin.orgId}/payments/${paid.body.payment_id}`, {
      token: admin.token,
    });
    expect(payment.body).toMatchObject({
      purpose: 'plan',
      status: 'succeeded',
      amount: 49,
      paid_with: 'Visa •••• 4242 (test card: no real money)',
      receipt_path: paid.body.charge.receipt_path,
    });
    const receipt = await setup.request(paid.body.charge.receipt_path.replace(/^\/api/, ''), { token: admin.token });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    const receiptNumber = `R-${String(paid.body.payment_id).slice(0, 8).toUpperCase()}`;
    expect(receipt.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${receiptNumber}.pdf"`);
    expect((await PDFDocument.load(receipt.bytes)).getTitle()).toBe(`Receipt ${receiptNumber}`);

    const draft = await draftOf(admin);
    expect(draft.lines.map((line: { kind: string; amount: number }) => [line.kind, line.amount])).toEqual([
      ['plan', 49],
    ]);
    expect(draft).toMatchObject({ total: 49, amount_paid: 49, amount_due: 0 });
    expect(draft.payments).toMatchObject([
      {
        id: paid.body.payment_id,
        method: 'test_card',
        amount: 49,
        receipt_path: paid.body.charge.receipt_path,
      },
    ]);
  });

  it('pays from the wallet once per Idempotency-Key, refuses what the balance cannot pay, and lists no top-up', async () => {
    const admin = await setup.signUp();
    const key = `wallet-purchase-${admin.orgId}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => purchase(admin, { payment_method: 'wallet' }, key)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((answer) => answer.body.charge.id)).size).toBe(1);
    expect(answers[0]!.body).toMatchObject({
      id: 'team',
      subscription: { payment_method: 'wallet' },
      charge: { amount: 49, status: 'paid', paid_with: 'Prepaid wallet' },
    });
    expect(await balanceOf(admin)).toBe(11);
    const debits = (await ledgerOf(admin.orgId)).filter((row) => row.type === 'debit');
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ amount: '49.000000000000', paymentId: answers[0]!.body.payment_id });
    expect(debits[0]!.description).toMatch(/^Team plan, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}, paid from the wallet$/);

    // The upgrade's prorated difference (150.00 for the whole period) is more than the $11 left: refused, nothing changes.
    const refused = await upgrade(admin, { payment_method: 'wallet' });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(
      'The wallet balance is too low to pay $150.00: $11.00 is available. Top up the wallet in Billing & Usage, or pay by card.',
    );
    expect(await planOf(admin)).toMatchObject({ id: 'team' });
    expect(await balanceOf(admin)).toBe(11);
    expect(await ledgerOf(admin.orgId)).toHaveLength(2);

    const topUp = await setup.request('/wallet/topup', {
      token: admin.token,
      body: { amount: 200, currency: 'USD', payment_method: 'card', org_id: admin.orgId, card_number: visa },
      headers: { 'idempotency-key': `top-up-${admin.orgId}` },
    });
    expect(topUp.status).toBe(200);
    // Upgrades default to the way the subscription was bought: the wallet.
    const upgraded = await upgrade(admin, {}, `wallet-upgrade-${admin.orgId}`);
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    expect(upgraded.body).toMatchObject({
      id: 'business',
      charge: { kind: 'proration', amount: 150, status: 'paid', paid_with: 'Prepaid wallet' },
    });
    expect(await balanceOf(admin)).toBe(61);

    const draft = await draftOf(admin);
    expect(draft.lines.map((line: { kind: string; amount: number }) => [line.kind, line.amount])).toEqual([
      ['plan', 49],
      ['proration', 150],
    ]);
    expect(draft).toMatchObject({ total: 199, amount_paid: 199, amount_due: 0 });
    expect(
      draft.payments.map((payment: { method: string; amount: number }) => [payment.method, payment.amount]),
    ).toEqual([
      ['wallet', 49],
      ['wallet', 150],
    ]);
    for (const payment of draft.payments) {
      const receipt = await setup.request(payment.receipt_path.replace(/^\/api/, ''), { token: admin.token });
      expect(receipt.status).toBe(200);
    }
  });

  it('refuses an upgrade whose test card is declined, and keeps the plan', async () => {
    const admin = await setup.signUp();
    expect((await purchase(admin, { card_number: visa })).status).toBe(201);
    const declined = await upgrade(admin, { payment_method: 'card', card_number: genericDecline });
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined. Nothing was charged and the plan is unchanged.');
    expect(await planOf(admin)).toMatchObject({ id: 'team' });
    expect((await chargesOf(admin.orgId)).map((charge) => charge.kind)).toEqual(['plan']);
  });

  it('renews a subscription bought from the wallet from the wallet', async () => {
    const admin = await setup.signUp();
    expect((await purchase(admin, { payment_method: 'wallet' })).status).toBe(201);
    await setup.request('/wallet/topup', {
      token: admin.token,
      body: { amount: 100, currency: 'USD', payment_method: 'card', org_id: admin.orgId, card_number: visa },
      headers: { 'idempotency-key': `renewal-top-up-${admin.orgId}` },
    });
    await setup.moveBack(admin.orgId, 30);
    const renewed = await planOf(admin);
    expect(renewed).toMatchObject({ id: 'team', subscription: { status: 'active', payment_method: 'wallet' } });
    // 60 - 49 + 100 - 49.
    expect(await balanceOf(admin)).toBe(62);
    const charges = await chargesOf(admin.orgId);
    expect(charges.map((charge) => [charge.status, charge.processor])).toEqual([
      ['paid', 'wallet'],
      ['paid', 'wallet'],
    ]);
    expect(charges.every((charge) => charge.paymentId !== null)).toBe(true);
  });

  it('keeps receipts to the organisation: another one gets 403 on its path and 404 on its own', async () => {
    const admin = await setup.signUp();
    const stranger = await setup.signUp();
    const paid = await purchase(admin, { payment_method: 'wallet' });
    expect(paid.status).toBe(201);
    const path = paid.body.charge.receipt_path.replace(/^\/api/, '');
    expect((await setup.request(path, { token: stranger.token })).status).toBe(403);
    const crossed = await setup.request(`/wallet/${stranger.orgId}/payments/${paid.body.payment_id}/receipt`, {
      token: stranger.token,
    });
    expect(crossed.status).toBe(404);
    const member = await setup.personWithRole(admin.orgId, 'Member');
    expect((await setup.request(path, { token: member.token })).status).toBe(403);
  });
});
