import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api } from './support/client';
import {
  auditEntries,
  createPerson,
  enableAudit,
  newAdministrator,
  type Administrator,
} from './support/administration';

/**
 * The wallet's calls (spec section 7, issue 12) on the suite's server, which has no Stripe key: the
 * built-in test mode. Every call is the billing scope's: administrators and billing managers; a
 * member gets 403, another organisation 403 (paths naming it) or 404 (a transaction by id).
 */
const visa = '4242 4242 4242 4242';
const declined = '4000 0000 0000 0002';

const topUp = (who: { token: string }, orgId: string, body: Record<string, unknown>, key?: string) =>
  api('/wallet/topup', {
    token: who.token,
    body: { currency: 'USD', payment_method: 'card', org_id: orgId, card_number: visa, ...body },
    headers: key ? { 'idempotency-key': key } : {},
  });

async function allTransactions(admin: Administrator) {
  const transactions: {
    id: string;
    type: string;
    amount: number;
    is_auto_reload: boolean;
    description: string;
    timestamp: string;
  }[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api(`/wallet/${admin.orgId}/transactions?page=${page}&limit=100`, { token: admin.token });
    expect(answer.status).toBe(200);
    transactions.push(...answer.body.transactions);
    if (transactions.length >= answer.body.total) return transactions;
  }
}

/** The ledger's sum in cents (every amount here is whole cents) against the balance. */
async function expectBalanceIsLedger(admin: Administrator) {
  const transactions = await allTransactions(admin);
  const cents = transactions.reduce(
    (sum, row) => sum + (row.type === 'credit' ? 1 : -1) * Math.round(row.amount * 100),
    0,
  );
  const balance = (await api(`/wallet/${admin.orgId}/balance`, { token: admin.token })).body.balance;
  expect(Math.round(balance * 100)).toBe(cents);
  return { transactions, balance };
}

describe('a new organisation’s wallet', () => {
  it('starts with the trial credit, the defaults of spec section 9, and says it is in test mode', async () => {
    const admin = await newAdministrator();
    const balance = await api(`/wallet/${admin.orgId}/balance`, { token: admin.token });
    expect(balance.status).toBe(200);
    expect(balance.body).toMatchObject({
      balance: 5,
      currency: 'USD',
      settings: {
        min_top_up_amount: 10,
        auto_reload_threshold: 5,
        auto_reload_amount: 20,
        currency: 'USD',
        auto_reload_enabled: false,
      },
      test_mode: true,
      saved_card: null,
    });
    expect(Number.isNaN(Date.parse(balance.body.last_updated))).toBe(false);
    const transactions = await api(`/wallet/${admin.orgId}/transactions`, { token: admin.token });
    expect(transactions.body).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(transactions.body.transactions).toEqual([
      {
        id: expect.any(String),
        description: 'Trial credit',
        is_auto_reload: false,
        timestamp: expect.any(String),
        type: 'credit',
        amount: 5,
      },
    ]);
    const projection = await api(`/wallet/${admin.orgId}/usage-projection`, { token: admin.token });
    expect(projection.status).toBe(200);
    expect(projection.body).toEqual({
      balance: 5,
      currency: 'USD',
      period_days: 7,
      average_daily_spend: 0,
      days_until_empty: null,
      projected_empty_date: null,
      lasts_more_than_years: null,
    });
  });
});

describe('top-ups in test mode', () => {
  it('credits a test card, answers the credit and the balance, and lists it newest first', async () => {
    const admin = await newAdministrator();
    const answer = await topUp(admin, admin.orgId, { amount: 12.34 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'succeeded',
      client_secret: null,
      balance: { balance: 17.34, test_mode: true, saved_card: 'Visa •••• 4242' },
    });
    expect(answer.body.transaction).toMatchObject({ type: 'credit', amount: 12.34, is_auto_reload: false });
    expect(answer.body.transaction.description).toContain('test mode');
    const one = await api(`/wallet/transaction/${answer.body.transaction.id}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(answer.body.transaction);
    const { transactions } = await expectBalanceIsLedger(admin);
    expect(transactions.map((row) => row.amount)).toEqual([12.34, 5]);
  });

  it('refuses below the minimum with the spec’s text, and bad input with its own, crediting nothing', async () => {
    const admin = await newAdministrator();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: 9.99 }, 400, 'Minimum top-up amount is 10'],
      [{ amount: 0 }, 400, 'Valid amount is required'],
      [{ amount: -5 }, 400, 'Valid amount is required'],
      [{ amount: 'ten' }, 400, 'Valid amount is required'],
      [{ amount: 10.001 }, 400, 'Amount must have at most 2 decimal places'],
      [{ amount: 10, currency: undefined }, 400, 'Currency is required'],
      [{ amount: 10, currency: 'EUR' }, 400, 'Currency must be USD'],
      [{ amount: 10, payment_method: undefined }, 400, 'Payment method is required'],
      [{ amount: 10, org_id: undefined }, 400, 'Organization ID is required'],
      [{ amount: 10, card_number: '4242 4242 4242 4241' }, 400, 'Your card number is incorrect.'],
      [
        { amount: 10, card_number: '4111 1111 1111 1111' },
        400,
        'Your card was declined. This is test mode: use a test card such as 4242 4242 4242 4242; no real money moves.',
      ],
      [{ amount: 10, card_number: declined }, 402, 'Your card was declined.'],
      [{ amount: 10, card_number: '4000 0000 0000 9995' }, 402, 'Your card has insufficient funds.'],
    ];
    for (const [body, status, message] of cases) {
      const answer = await topUp(admin, admin.orgId, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message, JSON.stringify(body)).toBe(message);
    }
    const raised = await api(`/wallet/${admin.orgId}/settings`, {
      method: 'PUT',
      token: admin.token,
      body: { min_top_up_amount: 25.5 },
    });
    expect(raised.status).toBe(200);
    expect((await topUp(admin, admin.orgId, { amount: 25 })).body.message).toBe('Minimum top-up amount is 25.5');
    expect((await topUp(admin, admin.orgId, { amount: 25.5 })).status).toBe(200);
    const { transactions } = await expectBalanceIsLedger(admin);
    expect(transactions.map((row) => row.amount)).toEqual([25.5, 5]);
  });

  it('credits once for one Idempotency-Key sent 20 times at once, with the same answer, and refuses the key for another amount', async () => {
    const admin = await newAdministrator();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => topUp(admin, admin.orgId, { amount: 10 }, key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.body.payment_id)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.transaction.id)).size).toBe(1);
    const again = await topUp(admin, admin.orgId, { amount: 10 }, key);
    expect(again.body.transaction).toEqual(answers[0]!.body.transaction);
    const other = await topUp(admin, admin.orgId, { amount: 11 }, key);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(
      'This Idempotency-Key was used for a different top-up. Use a new key for a new top-up.',
    );
    // A declined card answers the same decline for its key, and charges nothing.
    const declinedKey = randomUUID();
    const first = await topUp(admin, admin.orgId, { amount: 10, card_number: declined }, declinedKey);
    const second = await topUp(admin, admin.orgId, { amount: 10, card_number: declined }, declinedKey);
    expect([first.status, second.status]).toEqual([402, 402]);
    expect(second.body.message).toBe(first.body.message);
    const { transactions, balance } = await expectBalanceIsLedger(admin);
    expect(transactions.filter((row) => row.type === 'credit')).toHaveLength(2);
    expect(balance).toBe(15);
  });

  it('credits exactly 100 times for 100 concurrent top-ups with distinct keys', { timeout: 120_000 }, async () => {
    const admin = await newAdministrator();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => topUp(admin, admin.orgId, { amount: 10 + index / 100 }, randomUUID())),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(100);
    const { transactions, balance } = await expectBalanceIsLedger(admin);
    expect(transactions.filter((row) => row.type === 'credit')).toHaveLength(101);
    // 5 + Σ (10 + i/100) for i < 100 = 5 + 1000 + 49.5
    expect(balance).toBe(1054.5);
  });

  it('rejects a malformed Idempotency-Key', async () => {
    const admin = await newAdministrator();
    const answer = await topUp(admin, admin.orgId, { amount: 10 }, 'x'.repeat(300));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Idempotency-Key must be 1 to 255 printable ASCII characters');
  });
});

describe('settings', () => {
  it('saves any of the settings, answers the balance object, refuses negatives with the spec’s texts, and is audited', async () => {
    const admin = await newAdministrator();
    const saved = await api(`/wallet/${admin.orgId}/settings`, {
      method: 'PUT',
      token: admin.token,
      body: {
        min_top_up_amount: 15,
        auto_reload_threshold: 7.5,
        auto_reload_amount: 30,
        auto_reload_enabled: true,
        org_id: admin.orgId,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      balance: 5,
      currency: 'USD',
      settings: {
        min_top_up_amount: 15,
        auto_reload_threshold: 7.5,
        auto_reload_amount: 30,
        auto_reload_enabled: true,
        currency: 'USD',
      },
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ min_top_up_amount: -1 }, 'Minimum top-up amount cannot be negative'],
      [{ auto_reload_threshold: -0.01 }, 'Auto-reload threshold cannot be negative'],
      [{ auto_reload_amount: -3 }, 'Auto-reload amount cannot be negative'],
      [{ auto_reload_amount: 0 }, 'Auto-reload amount must be greater than 0 when auto-reload is on'],
      [{ auto_reload_enabled: 'yes' }, 'auto_reload_enabled must be true or false'],
    ];
    for (const [body, message] of cases) {
      const answer = await api(`/wallet/${admin.orgId}/settings`, { method: 'PUT', token: admin.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect((await api(`/wallet/${admin.orgId}/balance`, { token: admin.token })).body.settings).toMatchObject({
      min_top_up_amount: 15,
      auto_reload_amount: 30,
    });
    await enableAudit(admin);
    const entries = (await auditEntries(admin)).filter((entry) => entry.action === 'wallet.settings_update');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      target_type: 'wallet',
      target_id: admin.orgId,
      actor_user_id: admin.userId,
      before: { min_top_up_amount: 10 },
      after: { min_top_up_amount: 15 },
    });
  });
});

describe('who may call', () => {
  it('billing managers may; members get 403 on every call; another organisation gets 403, or 404 for a transaction', async () => {
    const admin = await newAdministrator();
    const credit = (await topUp(admin, admin.orgId, { amount: 10 })).body.transaction.id as string;
    const member = await createPerson(admin, { name: 'Member' });
    const billing = await createPerson(admin, { name: 'Billing Manager' });
    const stranger = await newAdministrator();

    const calls = (orgId: string, transactionId: string) => [
      { path: `/wallet/${orgId}/balance` },
      { path: `/wallet/${orgId}/transactions` },
      { path: `/wallet/${orgId}/usage-projection` },
      { path: `/wallet/transaction/${transactionId}` },
      { path: `/wallet/${orgId}/settings`, method: 'PUT', body: { min_top_up_amount: 10 } },
      {
        path: '/wallet/topup',
        body: { amount: 10, currency: 'USD', payment_method: 'card', org_id: orgId, card_number: visa },
      },
    ];
    for (const call of calls(admin.orgId, credit)) {
      const asMember = await api(call.path, { ...call, token: member.token });
      expect(asMember.status, `member ${call.path}`).toBe(403);
      const asBilling = await api(call.path, { ...call, token: billing.token });
      expect(asBilling.status, `billing manager ${call.path} ${JSON.stringify(asBilling.body)}`).toBe(200);
    }
    for (const call of calls(admin.orgId, credit)) {
      const asStranger = await api(call.path, { ...call, token: stranger.token });
      expect(asStranger.status, `stranger ${call.path}`).toBe(call.path.startsWith('/wallet/transaction/') ? 404 : 403);
    }
    expect((await api('/wallet/transaction/not-a-uuid', { token: admin.token })).body.message).toBe(
      'Transaction ID must be a UUID.',
    );
    expect((await api(`/wallet/transaction/${randomUUID()}`, { token: admin.token })).status).toBe(404);
    expect((await api(`/wallet/${admin.orgId}/balance`)).status).toBe(401);
    // The stranger's wallet is untouched; the billing manager's top-up is in the admin's.
    expect((await api(`/wallet/${stranger.orgId}/balance`, { token: stranger.token })).body.balance).toBe(5);
    expect((await api(`/wallet/${admin.orgId}/balance`, { token: admin.token })).body.balance).toBe(25);
  });
});
