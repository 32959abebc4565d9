import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseStreamBody, type ParsedStream } from '../../src/contracts';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import type { FakeReply } from '../../src/gateway/testing/fake-reply';
import type { Database } from '../../src/server/db/database';
import { serverInstances, usageRecords, walletLedger } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { ledgerSumAndBalance, postToWallet } from '../../src/server/wallet/ledger-repository';
import { eventually } from './support/chat';
import { strongPassword, uniqueName } from './support/client';
import { roomStillHeld } from './support/held-room';
import { giveRole } from './support/limited-roles';
import { ownServerConfig } from './support/own-server';
import { startServerProcess, type ServerProcess } from './support/server-process';
import {
  startServerWithRemoteEmbeddings,
  type ServerWithRemoteEmbeddings,
} from './support/server-with-remote-embeddings';

/**
 * The books balance after every way a model call can end (issue 22): whatever happened, no room
 * stays held in monthly limits or the wallet, no usage record stays streaming, every usage record
 * the wallet pays for is debited exactly its cost (and nothing else is), the ledger sums to the
 * balance, and every routing decision is completed with what happened. One table of cases, each in
 * an organisation of its own on one server (in-memory PGlite, or the suite's PostgreSQL server),
 * and a crash (the server killed mid-reply and started again on the same database).
 */
const mini = 'openai/gpt-4o-mini';
const nano = 'openai/gpt-4.1-nano';
/** Short deadlines for the stalling cases: generous beside the fake provider's instant answers. */
const deadlineMs = 1_500;

interface Organisation {
  token: string;
  userId: string;
  orgId: string;
}

interface Answer {
  status: number;
  body: string;
  parsed: ParsedStream;
}

let setup: ServerWithRemoteEmbeddings;
let db: Database;
/** The server whose leases hold room for the calls being checked. */
let live: RunningServer;

async function call(pathname: string, token: string | undefined, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${setup.server.url}/api${pathname}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = await response.text();
  return { status: response.status, body, parsed: parseStreamBody(body) };
}

async function newOrganisation(): Promise<Organisation> {
  const owner = await setup.signUp('books');
  return { token: owner.token, userId: owner.user.id, orgId: owner.user.org_id };
}

/** Gives the organisation's user monthly limits on the two small OpenAI models, so its calls hold room in them. */
async function withLimits(organisation: Organisation, monthlyTokenLimit = 100_000): Promise<Organisation> {
  await giveRole(db, organisation.orgId, organisation.userId, 'Limited', [
    { modelId: mini, monthlyTokenLimit },
    { modelId: nano, monthlyTokenLimit },
  ]);
  // A signed-in call reads the new role, so the next message starts as its caller is now (docs/decisions/018).
  expect((await call('/conversation/models', organisation.token)).status).toBe(200);
  return organisation;
}

/** Sends a chat message; with `abortAfterChunks` the client leaves after that many pieces of the body. */
async function send(
  organisation: Organisation,
  prompt: string,
  options: { model?: string | null; abortAfterChunks?: number } = {},
): Promise<Answer> {
  const client = new AbortController();
  const response = await fetch(`${setup.server.url}/api/conversation/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${organisation.token}` },
    body: JSON.stringify({
      org_id: organisation.orgId,
      user_id: organisation.userId,
      prompt,
      forced_model_id: options.model === undefined ? mini : options.model,
      stream: true,
    }),
    signal: client.signal,
  });
  let body = '';
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  try {
    for (let pieces = 1, next = await reader.read(); !next.done; next = await reader.read(), pieces += 1) {
      body += decoder.decode(next.value, { stream: true });
      if (options.abortAfterChunks !== undefined && pieces >= options.abortAfterChunks) {
        client.abort();
        break;
      }
    }
  } catch (error) {
    if (!client.signal.aborted) throw error;
  }
  return { status: response.status, body, parsed: parseStreamBody(body) };
}

const rowsOf = async <Row>(query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** What the books hold for one organisation, as the checks below read them. */
async function booksOf(orgId: string) {
  const held = await roomStillHeld([live], db, orgId);
  const records = await db.select().from(usageRecords).where(eq(usageRecords.orgId, orgId));
  // Each record's debits less any credits posted for it, against its cost: exact, in the database.
  const unbalanced = await rowsOf<{ id: string; cost: string; debited: string; billed: boolean }>(sql`
    select r.id, r.cost_usd::text as cost, r.billed_to_wallet as billed,
           coalesce(sum(case when l.type = 'debit' then l.amount else -l.amount end), 0)::text as debited
    from usage_records r
    left join wallet_ledger l on l.usage_record_id = r.id and l.org_id = r.org_id
    where r.org_id = ${orgId}
    group by r.id, r.cost_usd, r.billed_to_wallet
    having coalesce(sum(case when l.type = 'debit' then l.amount else -l.amount end), 0)
           <> case when r.billed_to_wallet and r.outcome <> 'streaming' then r.cost_usd else 0 end`);
  const [usage] = await rowsOf<{ costs: string; debits: string; same: boolean }>(sql`
    select coalesce((select sum(cost_usd) from usage_records where org_id = ${orgId} and billed_to_wallet), 0)::text as costs,
           coalesce((select sum(amount) from wallet_ledger where org_id = ${orgId} and type = 'debit' and usage_record_id is not null), 0)::text as debits,
           coalesce((select sum(cost_usd) from usage_records where org_id = ${orgId} and billed_to_wallet), 0)
             = coalesce((select sum(amount) from wallet_ledger where org_id = ${orgId} and type = 'debit' and usage_record_id is not null), 0) as same`);
  const ledger = await ledgerSumAndBalance(db, orgId);
  const [ledgerMatches] = await rowsOf<{ same: boolean }>(
    sql`select ${ledger.ledger}::numeric = ${ledger.balance}::numeric as same`,
  );
  // A decision is completed with its outcome; an answered one with its reply's own record.
  const decisions = await rowsOf<{
    id: string;
    reason: string;
    completed: boolean;
    served_model_id: string | null;
    reply_message_id: string | null;
    cost: string | null;
    reply_cost: string | null;
    reply_model: string | null;
    attempts_cost: string;
  }>(sql`
    select d.id, d.reason, d.completed_at is not null as completed, d.served_model_id, d.reply_message_id,
           d.cost_usd::text as cost,
           (select r.cost_usd::text from usage_records r where r.decision_id = d.id and r.message_id = d.reply_message_id) as reply_cost,
           (select r.model_id from usage_records r where r.decision_id = d.id and r.message_id = d.reply_message_id) as reply_model,
           (select coalesce(sum(r.cost_usd), 0)::text from usage_records r where r.decision_id = d.id and r.org_id = d.org_id) as attempts_cost
    from routing_decisions d where d.org_id = ${orgId} order by d.created_at`);
  return { held: held!, records, unbalanced, usage: usage!, ledger, ledgerMatches: ledgerMatches!.same, decisions };
}

/** The checks every case ends with; answers the books for the case's own checks. */
async function expectBooksBalance(orgId: string) {
  // Replies are recorded just after their stream ends, and a stopped call a moment after the client left.
  const books = await eventually(
    () => booksOf(orgId),
    (read) =>
      read.held.limits === 0 &&
      read.held.wallet === 0 &&
      read.records.every((record) => record.outcome !== 'streaming') &&
      read.decisions.every((decision) => decision.completed),
    15_000,
  );
  expect(books.held, 'room still held in limits or the wallet').toEqual({ limits: 0, wallet: 0 });
  expect(books.records.filter((record) => record.outcome === 'streaming')).toEqual([]);
  expect(books.unbalanced, 'usage records whose debits differ from their cost').toEqual([]);
  expect(books.usage.same, `billed costs ${books.usage.costs} against usage debits ${books.usage.debits}`).toBe(true);
  expect(books.ledgerMatches, `ledger ${books.ledger.ledger} against balance ${books.ledger.balance}`).toBe(true);
  for (const decision of books.decisions) {
    expect(decision.completed, `decision ${decision.id} completed`).toBe(true);
    if (decision.reason === 'cache_hit') continue;
    if (decision.reply_message_id && decision.reply_cost !== null) {
      expect(Number(decision.cost)).toBeCloseTo(Number(decision.reply_cost), 10);
      expect(decision.served_model_id).toBe(decision.reply_model);
    } else if (decision.reply_message_id === null) {
      // No model answered: nothing served, and what the attempts cost is what it cost.
      expect(decision.served_model_id).toBeNull();
      expect(Number(decision.cost)).toBeCloseTo(Number(decision.attempts_cost), 10);
    }
  }
  return books;
}

/** Sets the routing policy's deadlines, on Business (a test-card purchase): the plan that includes the policy (docs/decisions/041). */
async function setDeadlines(organisation: Organisation, deadlines: Record<string, number>) {
  const purchase = await call('/subscription/purchase', organisation.token, {
    body: { org_id: organisation.orgId, plan_id: 'business', payment_method: 'card', card_number: '4242424242424242' },
  });
  expect(purchase.status, purchase.body).toBe(201);
  expect(
    (
      await call(`/org/${organisation.orgId}/routing-policy`, organisation.token, {
        method: 'PUT',
        body: { deadlines },
      })
    ).status,
  ).toBe(200);
}

/** One way a call can end: what the case sends, and what it expects of the answer and the books. */
interface BooksCase {
  name: string;
  run(): Promise<{ organisation: Organisation; check?(books: Awaited<ReturnType<typeof booksOf>>): void }>;
}

const script = (...replies: FakeReply[]) => {
  for (const reply of replies) setup.chat.enqueueReply(reply);
};

const cases: BooksCase[] = [
  {
    name: 'a complete reply',
    async run() {
      const organisation = await withLimits(await newOrganisation());
      script({ text: 'Puffins nest in burrows.' });
      const answer = await send(organisation, 'Where do puffins nest?');
      expect(answer.parsed.metadata).toBeDefined();
      return {
        organisation,
        check: (books) => {
          expect(books.records).toEqual([expect.objectContaining({ outcome: 'complete', billedToWallet: true })]);
          expect(Number(books.records[0]!.costUsd)).toBeGreaterThan(0);
        },
      };
    },
  },
  {
    name: 'refused by a monthly limit',
    async run() {
      const organisation = await withLimits(await newOrganisation(), 5);
      const answer = await send(organisation, 'A question far over five tokens of monthly room');
      expect(answer.status).toBe(429);
      return { organisation, check: (books) => expect(books.records).toEqual([]) };
    },
  },
  {
    name: 'refused by the wallet',
    async run() {
      const organisation = await withLimits(await newOrganisation());
      const { balance } = await ledgerSumAndBalance(db, organisation.orgId);
      await postToWallet(db, { orgId: organisation.orgId, amount: `-${balance}`, description: 'Test: emptied' });
      const answer = await send(organisation, 'Anything at all');
      expect(answer.status).toBe(402);
      return { organisation, check: (books) => expect(books.records).toEqual([]) };
    },
  },
  {
    name: 'the call’s rows refused (its caller’s role changed meanwhile: sent again as the caller is now)',
    async run() {
      const organisation = await newOrganisation();
      // A signed-in call the server remembers the caller from; then the role changes behind its back,
      // so the message's rows are refused when its sign-in is confirmed.
      expect((await call('/conversation/models', organisation.token)).status).toBe(200);
      await giveRole(db, organisation.orgId, organisation.userId, 'Changed', [{ modelId: mini }]);
      script({ text: 'An answer for the caller as they were', chunkDelayMs: 200 }, { text: 'Answered as they are.' });
      const answer = await send(organisation, 'Who am I now?');
      expect(answer.parsed.text).toBe('Answered as they are.');
      return {
        organisation,
        check: (books) => {
          // The first call was stopped and kept on its own, linked to nothing; the second answered.
          expect(books.records.map((record) => record.outcome).sort()).toEqual(['abandoned', 'complete']);
          expect(books.records.find((record) => record.outcome === 'abandoned')).toMatchObject({
            decisionId: null,
            messageId: null,
          });
        },
      };
    },
  },
  {
    name: 'a provider failing before its first token, with no backup',
    async run() {
      const organisation = await withLimits(await newOrganisation());
      script({ failBeforeStream: { status: 500 } });
      expect((await send(organisation, 'Fails at once')).status).toBe(502);
      return {
        organisation,
        check: (books) => {
          expect(books.records.map((record) => record.outcome)).toEqual(['failed']);
          expect(books.decisions).toHaveLength(1);
        },
      };
    },
  },
  {
    name: 'a primary failing before its first token, and its backup answering',
    async run() {
      const organisation = await withLimits(await newOrganisation());
      script({ failBeforeStream: { status: 503 } }, { text: 'The backup answered.' });
      const answer = await send(organisation, 'Fall back please', { model: null });
      expect(answer.parsed.text).toBe('The backup answered.');
      expect(answer.parsed.metadata!.route).toMatchObject({ reason: 'fallback' });
      return {
        organisation,
        check: (books) => expect(books.records.map((record) => record.outcome).sort()).toEqual(['complete', 'failed']),
      };
    },
  },
  {
    name: 'a provider failing after its first token',
    async run() {
      const organisation = await withLimits(await newOrganisation());
      script({ text: 'one two three four five', chunkDelayMs: 20, dropConnectionAfterChunks: 2 });
      const answer = await send(organisation, 'Drops midway');
      expect(answer.parsed.text).toBe('one two');
      expect(answer.parsed.error).toBeDefined();
      return {
        organisation,
        check: (books) => expect(books.records.map((record) => record.outcome)).toEqual(['partial']),
      };
    },
  },
  {
    name: 'the client going away mid-reply',
    async run() {
      const organisation = await withLimits(await newOrganisation());
      script({ text: Array.from({ length: 40 }, (_, index) => `word${index}`).join(' '), chunkDelayMs: 100 });
      await send(organisation, 'A long answer nobody reads', { abortAfterChunks: 2 });
      return {
        organisation,
        check: (books) => expect(books.records.map((record) => record.outcome)).toEqual(['partial']),
      };
    },
  },
  {
    name: 'a cache hit stopping the call asked while the cache was searched',
    async run() {
      const organisation = await withLimits(await newOrganisation());
      script({ text: 'Routers keep a password on the label underneath.' });
      expect((await send(organisation, 'How do I reset my router password?')).parsed.metadata).toBeDefined();
      setup.embeddings.setDefaultReply({ chunkDelayMs: 600 });
      script({ text: 'A model answer nobody should see', chunkDelayMs: 5_000 });
      try {
        const answer = await send(organisation, 'How do I reset my router password please?');
        expect(answer.parsed.metadata!.route).toMatchObject({ reason: 'cache_hit' });
      } finally {
        setup.embeddings.setDefaultReply({});
      }
      return {
        organisation,
        check: (books) => {
          const stopped = books.records.filter((record) => record.outcome === 'abandoned');
          expect(stopped).toEqual([expect.objectContaining({ decisionId: null, billedToWallet: true })]);
          expect(Number(stopped[0]!.costUsd)).toBeGreaterThan(0);
        },
      };
    },
  },
  {
    name: 'a model that sends its headers and then nothing, past its first-token deadline',
    async run() {
      // Set by the organisation's admin, before the limited role takes the policy out of reach.
      const organisation = await newOrganisation();
      await setDeadlines(organisation, { first_token_ms: deadlineMs });
      await withLimits(organisation);
      script({ text: 'never sent', stallAfterChunks: 0 });
      expect((await send(organisation, 'Stalls before answering')).status).toBe(504);
      return {
        organisation,
        check: (books) => {
          expect(books.records).toEqual([
            expect.objectContaining({ outcome: 'abandoned', deadline: 'first_token', billedToWallet: true }),
          ]);
          expect(Number(books.records[0]!.costUsd)).toBeGreaterThan(0);
        },
      };
    },
  },
  {
    name: 'a model falling silent midway, past the deadline between tokens',
    async run() {
      // Set by the organisation's admin, before the limited role takes the policy out of reach.
      const organisation = await newOrganisation();
      await setDeadlines(organisation, { between_tokens_ms: deadlineMs });
      await withLimits(organisation);
      script({ text: 'one two three four', stallAfterChunks: 2 });
      const answer = await send(organisation, 'Falls silent');
      expect(answer.parsed.error).toMatchObject({ code: 'upstream_timeout' });
      return {
        organisation,
        check: (books) =>
          expect(books.records).toEqual([expect.objectContaining({ outcome: 'partial', deadline: 'between_tokens' })]),
      };
    },
  },
];

describe('the books after every way a model call ends', () => {
  beforeAll(async () => {
    setup = await startServerWithRemoteEmbeddings({
      SIGNUP_MAX_PER_ADDRESS: '1000',
      // Auto-reloads are charged when usage wakes them, never by the sweep, within a test.
      WALLET_RECONCILE_INTERVAL_SECONDS: '86400',
    });
    db = setup.server.database.db;
    live = setup.server;
  }, 180_000);
  afterAll(() => setup?.close());
  beforeEach(() => {
    setup.chat.reset();
    setup.embeddings.reset();
  });

  it.each(cases)('balance after $name', { timeout: 120_000 }, async (booksCase) => {
    const { organisation, check } = await booksCase.run();
    const books = await expectBooksBalance(organisation.orgId);
    check?.(books);
  });

  it('wakes the auto-reload on a path that debits without a reply (a call the cache stopped)', {
    timeout: 120_000,
  }, async () => {
    const organisation = await newOrganisation();
    script({ text: 'Lighthouses use Fresnel lenses.' });
    expect((await send(organisation, 'What lens does a lighthouse use?')).parsed.metadata).toBeDefined();
    // A saved card, and a threshold above the balance: the next debit crosses it and asks for a reload.
    const topUp = await call('/wallet/topup', organisation.token, {
      body: {
        amount: 10,
        currency: 'USD',
        payment_method: 'card',
        org_id: organisation.orgId,
        card_number: '4242424242424242',
      },
    });
    expect(topUp.status).toBe(200);
    const settings = await call(`/wallet/${organisation.orgId}/settings`, organisation.token, {
      method: 'PUT',
      body: { auto_reload_enabled: true, auto_reload_threshold: 100, auto_reload_amount: 20 },
    });
    expect(settings.status).toBe(200);
    setup.embeddings.setDefaultReply({ chunkDelayMs: 600 });
    script({ text: 'A model answer nobody should see', chunkDelayMs: 5_000 });
    try {
      const answer = await send(organisation, 'What lens does a lighthouse use please?');
      expect(answer.parsed.metadata!.route).toMatchObject({ reason: 'cache_hit' });
    } finally {
      setup.embeddings.setDefaultReply({});
    }
    const reloads = () =>
      db
        .select()
        .from(walletLedger)
        .where(and(eq(walletLedger.orgId, organisation.orgId), eq(walletLedger.isAutoReload, true)));
    expect(await eventually(reloads, (rows) => rows.length === 1, 10_000)).toEqual([
      expect.objectContaining({ type: 'credit', isAutoReload: true }),
    ]);
    await expectBooksBalance(organisation.orgId);
  });
});

describe('the books after a crash mid-reply', () => {
  let chat: FakeProviderServer;
  let embeddings: FakeProviderServer;
  let dataDir: string;
  let crashed: ServerProcess | undefined;
  let restarted: RunningServer | undefined;

  beforeAll(async () => {
    [chat, embeddings] = await Promise.all([startFakeProviderServer(), startFakeProviderServer()]);
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-books-crash-'));
  }, 180_000);
  afterAll(async () => {
    crashed?.child.kill('SIGKILL');
    await crashed?.exited;
    await restarted?.close();
    await Promise.all([chat?.close(), embeddings?.close()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('interrupts the reply the crash cut short, debits what it had used, completes its decision and releases its room', {
    timeout: 480_000,
  }, async () => {
    const variables = {
      DATA_DIR: dataDir,
      OPENAI_API_KEY: 'sk-test-dummy',
      OPENAI_BASE_URL: `${chat.url}/v1`,
      EMBEDDINGS_BASE_URL: `${embeddings.url}/v1`,
      EMBEDDINGS_MODEL: 'text-embedding-3-small',
      EMBEDDINGS_DIMENSIONS: '512',
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    };
    crashed = await startServerProcess(variables);
    const username = uniqueName('crash');
    const signup = await fetch(`${crashed.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        email: `${username}@example.test`,
        password: strongPassword,
        org_name: 'Crash',
      }),
    });
    expect(signup.status).toBe(201);
    const { token, user } = (await signup.json()) as { token: string; user: { id: string; org_id: string } };
    chat.setDefaultReply({
      text: Array.from({ length: 200 }, (_, index) => `word${index}`).join(' '),
      chunkDelayMs: 100,
    });
    const response = await fetch(`${crashed.url}/api/conversation/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ org_id: user.org_id, user_id: user.id, prompt: 'A long story', stream: true }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    // Long enough for the reply's rows and a few checkpoints.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    crashed.child.kill('SIGKILL');
    expect(await crashed.exited).toBe('SIGKILL');
    await reader.read().catch(() => undefined);

    restarted = await startServer(ownServerConfig(dataDir, variables), { webRoot: null });
    db = restarted.database.db;
    live = restarted;
    const [streaming] = await db.select().from(usageRecords).where(eq(usageRecords.orgId, user.org_id));
    if (process.env.TEST_DATABASE_URL && streaming?.outcome === 'streaming') {
      // On a shared server an instance is gone once silent for 30 s; its row removed says so at once,
      // and the next heartbeat sweep (every 5 s) recovers what it left.
      await db.delete(serverInstances).where(eq(serverInstances.id, streaming.streamOwner!));
    }
    const books = await expectBooksBalance(user.org_id);
    expect(books.records).toEqual([
      expect.objectContaining({ outcome: 'interrupted', billedToWallet: true, streamOwner: null }),
    ]);
    expect(books.records[0]!.outputTokens).toBeGreaterThan(0);
    expect(Number(books.records[0]!.costUsd)).toBeGreaterThan(0);
    expect(books.decisions).toEqual([
      expect.objectContaining({ completed: true, reply_message_id: books.records[0]!.messageId }),
    ]);
  });
});
