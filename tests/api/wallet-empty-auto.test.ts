import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { routingDecisions, usageRecords, walletLedger, walletReservations } from '../../src/server/db/schema';
import { walletCannotPayNote } from '../../src/server/routing/wallet-free-models';
import { ledgerSumAndBalance, postToWallet } from '../../src/server/wallet/ledger-repository';
import { strongPassword, uniqueName } from './support/client';
import { startLimitsServer, type LimitedUser, type LimitsServer } from './support/limited-roles';

/**
 * Issue 21, item 3: a wallet that cannot pay keeps Auto working. Auto answers from what costs the
 * wallet nothing (the organisation's own provider key, else the embedded model) and its reason
 * says so; a paid model the user chose is still refused with 402; nothing is debited; once the
 * wallet is topped up Auto routes as before. The embedded model is the real TinyLlama.
 */
const walletReason = "your organization's wallet cannot pay for paid models";
const mini = 'openai/gpt-4o-mini';

let server: LimitsServer;
beforeAll(async () => {
  server = await startLimitsServer({ ORG_PROVIDER_URLS_ALLOWED_NETWORKS: '127.0.0.1/32', LOCAL_MODEL_ENABLED: 'true' });
  // A loaded 2-core machine can take a while to start a server with its database.
}, 180_000);
afterAll(() => server?.close());
beforeEach(() => server.provider.reset());

async function newAdmin(): Promise<LimitedUser> {
  const username = uniqueName('dry');
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

/** Empties the wallet with a debit as an operator would post it. */
async function emptyWallet(db: Database, orgId: string) {
  const { balance } = await ledgerSumAndBalance(db, orgId);
  await postToWallet(db, { orgId, amount: `-${balance}`, description: 'Test adjustment' });
}

const usageDebits = (db: Database, orgId: string) =>
  db
    .select()
    .from(walletLedger)
    .where(and(eq(walletLedger.orgId, orgId), sql`${walletLedger.usageRecordId} is not null`));

async function decisionOf(db: Database, orgId: string, decisionId: string) {
  const [decision] = await db
    .select()
    .from(routingDecisions)
    .where(and(eq(routingDecisions.orgId, orgId), eq(routingDecisions.id, decisionId)));
  return decision!;
}

async function expectNothingHeldOrDebited(db: Database, orgId: string) {
  expect(await usageDebits(db, orgId)).toEqual([]);
  expect(await db.select().from(walletReservations).where(eq(walletReservations.orgId, orgId))).toEqual([]);
  const { balance } = await ledgerSumAndBalance(db, orgId);
  expect(Number(balance)).toBe(0);
}

describe('an empty wallet and Auto', () => {
  it("routes Auto to the organisation's own key and says why; a chosen paid model gets 402; a top-up routes as before", async () => {
    const admin = await newAdmin();
    const db = server.db;
    // The organisation's own Anthropic key (to the same fake provider); OpenAI, whose models Auto
    // picks first for a short prompt (the cheapest tier-1 model), stays on the instance's key.
    expect(
      (
        await put(`/org/${admin.orgId}/provider-keys/anthropic`, admin.token, {
          api_key: 'sk-ant-organisation-0000',
          base_url: `${server.provider.url}/v1`,
        })
      ).status,
    ).toBe(200);
    await emptyWallet(db, admin.orgId);

    const answer = await server.send(admin, 'Write a haiku about autumn leaves falling on a quiet pond');
    expect(answer.status, answer.body).toBe(200);
    const route = answer.parsed.metadata?.route;
    expect(route?.mode).toBe('auto');
    expect(route?.reason_text).toContain(walletReason);
    expect(route?.reason_text).toContain('own provider key');
    const decision = await decisionOf(db, admin.orgId, route!.decision_id);
    expect(decision.servedModelId).toMatch(/^anthropic\//);
    // The paid models were looked at and left out, each saying why.
    expect(decision.candidates).toContainEqual(
      expect.objectContaining({ model_id: mini, eligible: false, note: walletCannotPayNote }),
    );
    // Every provider call went out on the organisation's own key.
    expect(server.provider.requests.length).toBeGreaterThan(0);
    for (const request of server.provider.requests)
      expect(request.headers['x-api-key']).toBe('sk-ant-organisation-0000');
    const [record] = await db.select().from(usageRecords).where(eq(usageRecords.orgId, admin.orgId));
    expect(record).toMatchObject({ billedToWallet: false });

    // A paid model chosen by name: the spec's 402, before the model is called.
    server.provider.reset();
    const refused = await server.send(admin, 'Tell me about rivers of Europe', mini);
    expect(refused.status).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'payment_required',
      message:
        'The wallet balance is too low to pay for GPT-4o mini (openai/gpt-4o-mini): $0.00 is available for new messages. Top up the wallet in Billing & Usage. The free local model keeps working.',
    });
    expect(server.provider.requests).toHaveLength(0);
    await expectNothingHeldOrDebited(db, admin.orgId);

    // Topped up again: Auto's reason says nothing of the wallet, and the paid models are open again.
    await postToWallet(db, { orgId: admin.orgId, amount: '5', description: 'Test credit' });
    const again = await server.send(admin, 'Explain how a rainbow forms after a summer storm');
    expect(again.status, again.body).toBe(200);
    const normal = again.parsed.metadata?.route;
    expect(normal?.reason_text).not.toContain('wallet');
    const routed = await decisionOf(db, admin.orgId, normal!.decision_id);
    expect(routed.candidates.some((candidate) => candidate.note === walletCannotPayNote)).toBe(false);
    expect(routed.candidates).toContainEqual(expect.objectContaining({ model_id: mini, eligible: true }));
  });

  it('routes Auto to the embedded model when the organisation has no keys of its own, and debits nothing', {
    timeout: 300_000,
  }, async () => {
    const admin = await newAdmin();
    const db = server.db;
    await emptyWallet(db, admin.orgId);
    // A short reply: the embedded model is CPU-bound on a shared machine.
    expect((await put(`/org/${admin.orgId}/settings`, admin.token, { max_tokens_per_request: 24 })).status).toBe(200);

    const answer = await server.send(admin, 'Say hello');
    expect(answer.status, answer.body).toBe(200);
    const route = answer.parsed.metadata?.route;
    expect(route?.reason_text).toContain(`${walletReason}, so the free local model answered`);
    const decision = await decisionOf(db, admin.orgId, route!.decision_id);
    expect(decision.servedModelId).toBe('local/tinyllama-1.1b-chat');
    expect(server.provider.requests).toHaveLength(0);
    await expectNothingHeldOrDebited(db, admin.orgId);

    // A paid model chosen by name is still refused.
    const refused = await server.send(admin, 'Say goodbye', mini);
    expect(refused.status).toBe(402);
    expect(server.provider.requests).toHaveLength(0);
    await expectNothingHeldOrDebited(db, admin.orgId);
  });
});
