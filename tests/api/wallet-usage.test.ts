import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { walletMessages } from '../../src/contracts';
import type { Database } from '../../src/server/db/database';
import { usageRecords, walletAutoReloads, walletLedger, walletReservations } from '../../src/server/db/schema';
import { ledgerSumAndBalance, postToWallet } from '../../src/server/wallet/ledger-repository';
import { eventually } from './support/chat';
import { strongPassword, uniqueName } from './support/client';
import { startLimitsServer, type LimitedUser, type LimitsServer } from './support/limited-roles';

/**
 * Usage pays from the wallet (issue 12, docs/decisions/022): a reply through the instance's keys is
 * debited as its usage is recorded, one through the organisation's own key is not; a paid model the
 * wallet cannot pay for is refused with 402 before it is called, also by 200 requests at once; the
 * ledger is append-only and always sums to the balance; auto-reload charges once per crossing.
 */
const mini = 'openai/gpt-4o-mini';

let server: LimitsServer;
beforeAll(async () => {
  server = await startLimitsServer({ ORG_PROVIDER_URLS_ALLOWED_NETWORKS: '127.0.0.1/32' });
}, 60_000);
afterAll(() => server?.close());
beforeEach(() => server.provider.reset());

async function newAdmin(): Promise<LimitedUser> {
  const username = uniqueName('wallet');
  const signup = await server.call('/auth/signup', undefined, {
    username,
    email: `${username}@example.test`,
    password: strongPassword,
    org_name: `Org ${username}`,
  });
  expect(signup.status).toBe(201);
  const { token, user } = signup.json() as { token: string; user: { id: string; org_id: string } };
  return { token, userId: user.id, orgId: user.org_id };
}

async function put(path: string, token: string, body: unknown) {
  const response = await fetch(`${server.server.url}/api${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Whether two exact decimals (text) are equal, compared by the database. */
async function sameAmount(db: Database, first: string, second: string): Promise<boolean> {
  const result = await db.execute<{ same: boolean }>(sql`select ${first}::numeric = ${second}::numeric as same`);
  return (result as unknown as { rows: { same: boolean }[] }).rows[0]!.same;
}

async function expectBooksBalance(db: Database, orgId: string) {
  const books = await ledgerSumAndBalance(db, orgId);
  expect(
    await sameAmount(db, books.ledger, books.balance),
    `ledger ${books.ledger} against balance ${books.balance}`,
  ).toBe(true);
  const held = await db.select().from(walletReservations).where(eq(walletReservations.orgId, orgId));
  expect(held).toEqual([]);
  return books;
}

/** Leaves `amount` dollars in the wallet, with a debit as an operator would post it. */
async function leaveInWallet(db: Database, orgId: string, amount: string) {
  const { balance } = await ledgerSumAndBalance(db, orgId);
  const result = await db.execute<{ change: string }>(
    sql`select (${amount}::numeric - ${balance}::numeric)::text as change`,
  );
  await postToWallet(db, {
    orgId,
    amount: (result as unknown as { rows: { change: string }[] }).rows[0]!.change,
    description: 'Test adjustment',
  });
}

const usageDebits = (db: Database, orgId: string) =>
  db
    .select()
    .from(walletLedger)
    .where(and(eq(walletLedger.orgId, orgId), sql`${walletLedger.usageRecordId} is not null`));

describe('usage paid from the wallet', () => {
  it('debits a reply through the instance’s key by exactly its recorded cost, and nothing for the organisation’s own key or a cache hit', async () => {
    const admin = await newAdmin();
    const db = server.db;
    const answer = await server.send(admin, 'What is the boiling point of water at sea level in celsius?');
    expect(answer.status).toBe(200);
    const [record] = await db.select().from(usageRecords).where(eq(usageRecords.orgId, admin.orgId));
    expect(record).toMatchObject({ billedToWallet: true, outcome: 'complete' });
    const debits = await usageDebits(db, admin.orgId);
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({
      type: 'debit',
      usageRecordId: record!.id,
      description: `Usage: ${record!.modelId}`,
    });
    const cost = await db.execute<{ cost: string }>(
      sql`select cost_usd::text as cost from usage_records where id = ${record!.id}`,
    );
    expect(
      await sameAmount(db, debits[0]!.amount, (cost as unknown as { rows: { cost: string }[] }).rows[0]!.cost),
    ).toBe(true);
    await expectBooksBalance(db, admin.orgId);

    // The same question again: from the cache, nothing spent.
    expect(
      (await server.send(admin, 'What is the boiling point of water at sea level in celsius?')).parsed.metadata?.route,
    ).toMatchObject({ cached: true });
    expect(await usageDebits(db, admin.orgId)).toHaveLength(1);

    // The organisation's own OpenAI key (pointing at the same fake provider): recorded, not debited.
    const saved = await put(`/org/${admin.orgId}/provider-keys/openai`, admin.token, {
      api_key: 'sk-organisation-0000',
      base_url: `${server.provider.url}/v1`,
    });
    expect(saved.status).toBe(200);
    expect((await server.send(admin, 'Name three rivers of Europe', mini)).status).toBe(200);
    const records = await db.select().from(usageRecords).where(eq(usageRecords.orgId, admin.orgId));
    expect(records.filter((row) => !row.cacheHit)).toHaveLength(2);
    expect(records.filter((row) => row.billedToWallet)).toHaveLength(1);
    expect(await usageDebits(db, admin.orgId)).toHaveLength(1);
    await expectBooksBalance(db, admin.orgId);
  });

  it('refuses a paid model with 402 before it is called when the wallet cannot pay: members are told to ask an administrator, admins to top up', async () => {
    const admin = await newAdmin();
    await leaveInWallet(server.db, admin.orgId, '0');
    const refused = await server.send(admin, 'Hello there', mini);
    expect(refused.status).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'payment_required',
      message:
        'The wallet balance is too low to pay for GPT-4o mini (openai/gpt-4o-mini): $0.00 is available for new messages. Top up the wallet in Billing & Usage.',
    });
    // Auto too: it routes to a paid model.
    expect((await server.send(admin, 'Hello again')).status).toBe(402);

    const username = uniqueName('member');
    const roles = await server.call(`/roles/organization/${admin.orgId}`, admin.token);
    const memberRole = roles.json() as { roles?: { id: string; name: string }[] } | { id: string; name: string }[];
    const list = Array.isArray(memberRole) ? memberRole : (memberRole.roles ?? []);
    const roleId = list.find((role) => role.name === 'Member')!.id;
    expect(
      (
        await server.call('/user', admin.token, {
          username,
          email: `${username}@example.test`,
          password: strongPassword,
          org_id: admin.orgId,
          role_id: roleId,
        })
      ).status,
    ).toBe(201);
    const login = (await server.call('/auth/login', undefined, { username, password: strongPassword })).json() as {
      token: string;
      user: { id: string };
    };
    const member = { token: login.token, userId: login.user.id, orgId: admin.orgId };
    const memberRefused = await server.send(member, 'Hello there', mini);
    expect(memberRefused.status).toBe(402);
    expect(memberRefused.json().message).toBe(
      "Your organization's wallet balance is too low to pay for GPT-4o mini (openai/gpt-4o-mini). Ask an administrator to top up the wallet.",
    );
    expect(server.provider.requests).toHaveLength(0);
    await expectBooksBalance(server.db, admin.orgId);
  });

  it('tells the billing scope, once per dry spell, that the wallet refused a paid model; members are not told', async () => {
    const admin = await newAdmin();
    await leaveInWallet(server.db, admin.orgId, '0');
    const notices = async (person: LimitedUser) =>
      (await server.call(`/system/messages/${person.userId}`, person.token)).json().messages as {
        content: string;
        type: string;
      }[];
    expect(await notices(admin)).toEqual([]);

    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, index) => server.send(admin, `Refused question ${index}`, mini)),
    );
    for (const answer of burst) expect(answer.status).toBe(402);
    const notice = { content: walletMessages.walletEmptyNotice, type: 'warning' };
    expect(await notices(admin)).toEqual([expect.objectContaining(notice)]);

    const roles = (await server.call(`/roles/organization/${admin.orgId}`, admin.token)).json() as {
      roles: { id: string; name: string }[];
    };
    const username = uniqueName('member');
    const roleId = roles.roles.find((role) => role.name === 'Member')!.id;
    expect(
      (
        await server.call('/user', admin.token, {
          username,
          email: `${username}@example.test`,
          password: strongPassword,
          org_id: admin.orgId,
          role_id: roleId,
        })
      ).status,
    ).toBe(201);
    const login = (await server.call('/auth/login', undefined, { username, password: strongPassword })).json() as {
      token: string;
      user: { id: string };
    };
    const member = { token: login.token, userId: login.user.id, orgId: admin.orgId };
    expect((await server.send(member, 'Hello there', mini)).status).toBe(402);
    expect(await notices(member)).toEqual([]);
    expect(await notices(admin)).toHaveLength(1);

    // A credit ends the spell; running dry again brings a new notice.
    await postToWallet(server.db, { orgId: admin.orgId, amount: '0.01', description: 'Test credit' });
    await leaveInWallet(server.db, admin.orgId, '0');
    expect((await server.send(admin, 'Refused once more', mini)).status).toBe(402);
    expect(await notices(admin)).toEqual([expect.objectContaining(notice), expect.objectContaining(notice)]);
    expect(server.provider.requests).toHaveLength(0);
  });

  it('never goes below zero under 200 concurrent messages against a nearly empty wallet, and the ledger sums to the balance', {
    timeout: 300_000,
  }, async () => {
    const admin = await newAdmin();
    await leaveInWallet(server.db, admin.orgId, '0.0005');
    server.provider.setDefaultReply({ text: 'one two three four five six seven eight nine ten', chunkDelayMs: 5 });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => server.send(admin, `Concurrent question number ${index}`, mini)),
    );
    const served = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    const books = await expectBooksBalance(server.db, admin.orgId);
    const check = await server.db.execute<{ nonnegative: boolean }>(
      sql`select ${books.balance}::numeric >= 0 as nonnegative`,
    );
    expect(
      (check as unknown as { rows: { nonnegative: boolean }[] }).rows[0]!.nonnegative,
      `balance ${books.balance}`,
    ).toBe(true);
    expect(served.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer.status, answer.body).toBe(402);
    expect(await usageDebits(server.db, admin.orgId)).toHaveLength(served.length);
    // Every provider call was capped at what the wallet could pay for.
    expect(server.provider.requests.length).toBe(served.length);
  });
});

describe('auto-reload', () => {
  it('tops up once per crossing of the threshold, however many debits cross it at once, recorded is_auto_reload', {
    timeout: 120_000,
  }, async () => {
    const admin = await newAdmin();
    const db = server.db;
    const card = await server.call('/wallet/topup', admin.token, {
      amount: 10,
      currency: 'USD',
      payment_method: 'card',
      org_id: admin.orgId,
      card_number: '4242424242424242',
    });
    expect(card.status).toBe(200);
    const reloads = async () =>
      await db
        .select()
        .from(walletLedger)
        .where(and(eq(walletLedger.orgId, admin.orgId), eq(walletLedger.isAutoReload, true)));
    // The balance is 15.00; a threshold of 15 is crossed by the first debit.
    expect(
      (
        await put(`/wallet/${admin.orgId}/settings`, admin.token, {
          auto_reload_enabled: true,
          auto_reload_threshold: 15,
          auto_reload_amount: 20,
        })
      ).status,
    ).toBe(200);
    server.provider.setDefaultReply({ text: 'a b c d e f', chunkDelayMs: 5 });
    const burst = () =>
      Promise.all(
        Array.from({ length: 20 }, (_, index) => server.send(admin, `Reload question ${index} ${Math.random()}`, mini)),
      );
    expect((await burst()).every((answer) => answer.status === 200)).toBe(true);
    const first = await eventually(reloads, (rows) => rows.length >= 1, 20_000);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ type: 'credit', amount: '20.000000000000', isAutoReload: true });
    // The reload lifted the balance back over the threshold: more debits above it ask for nothing.
    expect((await burst()).every((answer) => answer.status === 200)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await reloads()).toHaveLength(1);
    // A new threshold over the balance: the next debit is a new crossing, and one more reload.
    const { balance } = await ledgerSumAndBalance(db, admin.orgId);
    const above = Math.ceil(Number(balance)) + 1;
    expect((await put(`/wallet/${admin.orgId}/settings`, admin.token, { auto_reload_threshold: above })).status).toBe(
      200,
    );
    expect((await burst()).every((answer) => answer.status === 200)).toBe(true);
    expect(await eventually(reloads, (rows) => rows.length >= 2, 20_000)).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await reloads()).toHaveLength(2);
    const requested = await db.select().from(walletAutoReloads).where(eq(walletAutoReloads.orgId, admin.orgId));
    expect(requested.map((row) => row.status)).toEqual(['charged', 'charged']);
    const transactions = (await server.call(`/wallet/${admin.orgId}/transactions?limit=100`, admin.token)).json()
      .transactions as { is_auto_reload: boolean }[];
    expect(transactions.filter((row) => row.is_auto_reload)).toHaveLength(2);
    await expectBooksBalance(db, admin.orgId);
  });
});

describe('the ledger', () => {
  it('refuses updates, deletes and truncation; its rows go only with their organisation', async () => {
    const admin = await newAdmin();
    const db = server.db;
    const [row] = await db.select().from(walletLedger).where(eq(walletLedger.orgId, admin.orgId));
    await expect(db.update(walletLedger).set({ amount: '1000' }).where(eq(walletLedger.id, row!.id))).rejects.toThrow();
    await expect(db.delete(walletLedger).where(eq(walletLedger.id, row!.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate wallet_ledger`)).rejects.toThrow();
    await expect(
      db.execute(sql`update wallets set balance = 1000 where org_id = ${admin.orgId}`),
    ).resolves.toBeDefined();
    // (The cached balance is the wallet's; the test put it wrong on purpose and puts it back.)
    await db.execute(sql`update wallets set balance = 5 where org_id = ${admin.orgId}`);
    expect((await db.select().from(walletLedger).where(eq(walletLedger.id, row!.id)))[0]).toEqual(row);
    await db.execute(sql`delete from organisations where id = ${admin.orgId}`);
    expect(await db.select().from(walletLedger).where(eq(walletLedger.orgId, admin.orgId))).toEqual([]);
  });
});

describe('with BILLING_ENFORCED=false', () => {
  it('only reports: an empty wallet does not refuse, the reply is debited all the same', {
    timeout: 120_000,
  }, async () => {
    const reporting = await startLimitsServer({ BILLING_ENFORCED: 'false', TRIAL_CREDIT_USD: '0' });
    try {
      const username = uniqueName('report');
      const signup = (
        await reporting.call('/auth/signup', undefined, {
          username,
          email: `${username}@example.test`,
          password: strongPassword,
          org_name: 'Reporting',
        })
      ).json();
      const user = { token: signup.token, userId: signup.user.id, orgId: signup.user.org_id };
      expect((await reporting.call(`/wallet/${user.orgId}/balance`, user.token)).json().balance).toBe(0);
      expect((await reporting.send(user, 'Hello', mini)).status).toBe(200);
      const books = await ledgerSumAndBalance(reporting.db, user.orgId);
      expect(books.rows).toBe(1);
      expect(Number(books.balance)).toBeLessThan(0);
      expect(await sameAmount(reporting.db, books.ledger, books.balance)).toBe(true);
    } finally {
      await reporting.close();
    }
  });
});
