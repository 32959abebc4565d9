import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { beat, removeInstance } from '../../src/server/metered-calls/server-instance-repository';
import { usageRecords, usageReservations } from '../../src/server/db/schema';
import { limitTotalsByModel, releaseReservationsOfGoneInstances } from '../../src/server/usage/reservation-repository';
import { limitPeriod } from '../../src/server/usage/monthly-limits';
import { nextMonthStart, startLimitsServer, type LimitedUser, type LimitsServer } from './support/limited-roles';

/**
 * Limits enforced where people chat (issue 11, docs/decisions/019): the models a role enables,
 * max_tokens_per_request capping the reply, and monthly token and cost limits that are never
 * exceeded, also by 50 requests at once, because room is reserved before the model is asked.
 */
const mini = 'openai/gpt-4o-mini';
const gpt4o = 'openai/gpt-4o';
const haiku = 'anthropic/claude-3-5-haiku-latest';
const noAccess = 'Model access denied. You do not have access to this model.';

let limits: LimitsServer;
beforeAll(async () => {
  limits = await startLimitsServer();
}, 60_000);
afterAll(() => limits?.close());
beforeEach(() => limits.provider.reset());

const modelIdsOf = async (user: LimitedUser) =>
  ((await limits.call('/conversation/models', user.token)).json().models as { model_id: string }[]).map(
    (model) => model.model_id,
  );
const lastProviderRequest = () =>
  limits.provider.requests.at(-1)?.body as
    | { model: string; max_tokens?: number; max_completion_tokens?: number }
    | undefined;

describe('the models a role enables', () => {
  it('offers only the one model a role enables, refuses the others (message and regenerate), and Auto stays on it', async () => {
    const user = await limits.limitedUser([{ modelId: mini }]);
    expect(await modelIdsOf(user)).toEqual([mini]);

    for (const forced of [gpt4o, haiku, 'openai/not-a-model']) {
      const refused = await limits.send(user, 'Hello', forced);
      expect(refused.status).toBe(403);
      expect(refused.json().message).toBe(noAccess);
    }
    const auto = await limits.send(user, 'Explain in depth how a compiler optimises tail calls, with proofs');
    expect(auto.status).toBe(200);
    expect(auto.parsed.metadata).toMatchObject({ primary_model: mini, route: { mode: 'auto', reason: 'only_model' } });
    expect(lastProviderRequest()?.model).toBe('gpt-4o-mini');

    const { session_id, assistant_msg_id } = auto.parsed.metadata!;
    const regenerate = (forced_model_id: string) =>
      limits.call('/conversation/regenerate', user.token, {
        message_id: assistant_msg_id,
        session_id,
        forced_model_id,
        stream: true,
      });
    const refusedAgain = await regenerate(gpt4o);
    expect(refusedAgain.status).toBe(403);
    expect(refusedAgain.json().message).toBe(noAccess);
    expect((await regenerate(mini)).status).toBe(200);
    // Nothing but the allowed model was ever asked.
    expect(new Set(limits.provider.requests.map((request) => (request.body as { model: string }).model))).toEqual(
      new Set(['gpt-4o-mini']),
    );
  });

  it('refuses Auto clearly when the role enables no model, and lists none', async () => {
    const user = await limits.limitedUser([]);
    expect(await modelIdsOf(user)).toEqual([]);
    const refused = await limits.send(user, 'Anyone there?');
    expect(refused.status).toBe(403);
    expect(refused.json().message).toBe('No model is available to you. Ask your administrator for access.');
    expect(limits.provider.requests).toHaveLength(0);
    expect((await limits.books(user)).records).toBe(0);
  });
});

describe('max_tokens_per_request', () => {
  it('caps the reply: the provider is asked for at most that many output tokens, and the prompt check stays', async () => {
    const user = await limits.limitedUser([
      { modelId: mini, maxTokensPerRequest: 8 },
      { modelId: haiku, maxTokensPerRequest: 8 },
    ]);
    limits.provider.setDefaultReply({ text: 'one two three four five six seven eight nine ten eleven twelve' });
    const capped = await limits.send(user, 'Count to twelve', mini);
    expect(capped.status).toBe(200);
    expect(lastProviderRequest()?.max_tokens ?? lastProviderRequest()?.max_completion_tokens).toBe(8);
    expect(capped.parsed.text).toBe('one two three four five six seven eight');
    const viaAnthropic = await limits.send(user, 'Count to twelve', haiku);
    expect(viaAnthropic.status).toBe(200);
    expect(lastProviderRequest()).toMatchObject({ model: 'claude-3-5-haiku-latest', max_tokens: 8 });

    // Spec section 5: the prompt's estimate (length / 4) against the same limit, before anything is saved.
    const tooLong = await limits.send(user, 'x'.repeat(33), mini);
    expect(tooLong.status).toBe(400);
    expect(tooLong.json().message).toBe('Message exceeds maximum allowed tokens (8)');
    expect((await limits.books(user)).reservations).toBe(0);
  });

  it('leaves an administrator role the model’s own maximum, under the organisation’s max_tokens_per_request', async () => {
    const admin = await limits.limitedUser([], 'Admin');
    // The role's name gives nothing (docs/decisions/059): the test stores the administrator scope on it.
    await limits.db.execute(
      sql`update roles set name = 'Super Admin', scopes = array['admin', 'user-management', 'model-management', 'billing'], unlimited = true where id = (select role_id from users where id = ${admin.userId})`,
    );
    // The organisation's ceiling (4000 by default, docs/decisions/021) applies to admins too.
    expect((await limits.send(admin, 'Hi', mini)).status).toBe(200);
    expect(lastProviderRequest()?.max_tokens ?? lastProviderRequest()?.max_completion_tokens).toBe(4000);
    const raised = await fetch(`${limits.server.url}/api/org/${admin.orgId}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ max_tokens_per_request: 1_000_000 }),
    });
    expect(raised.status).toBe(200);
    expect((await limits.send(admin, 'Describe the architecture of medieval castles in detail', mini)).status).toBe(
      200,
    );
    expect(lastProviderRequest()?.max_tokens ?? lastProviderRequest()?.max_completion_tokens).toBe(16_384);
    expect((await limits.books(admin)).reservations).toBe(0);
    expect(
      ((await limits.call('/conversation/models', admin.token)).json().models as { limits?: unknown }[]).every(
        (model) => model.limits === undefined,
      ),
    ).toBe(true);
  });
});

/** Fires `count` messages at once and waits for every answer to end. */
async function burst(user: LimitedUser, count: number, forced: string | null = mini) {
  return Promise.all(
    Array.from({ length: count }, (_, index) => limits.send(user, `Burst message number ${index} please`, forced)),
  );
}

describe('monthly limits under 50 concurrent messages from one user', () => {
  it('never records more tokens than the limit; the refused say which limit, on which model, and when it resets; nothing stays reserved', {
    timeout: 120_000,
  }, async () => {
    const tokenLimit = 600;
    const user = await limits.limitedUser([
      { modelId: mini, maxTokensPerRequest: 40, monthlyTokenLimit: tokenLimit, costLimit: '50' },
    ]);
    // Ten words, one every 20 ms: replies overlap while others are being set up.
    limits.provider.setDefaultReply({ text: 'a b c d e f g h i j', chunkDelayMs: 20 });
    const answers = await burst(user, 50);

    const served = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    const books = await limits.books(user);
    expect(books.tokens).toBeLessThanOrEqual(tokenLimit);
    expect(books.records).toBe(served.length);
    expect(books.reservations).toBe(0);
    expect(served.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(served.every((answer) => answer.parsed.metadata !== undefined)).toBe(true);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      const body = answer.json();
      // Reached, or some left but not enough for this prompt (docs/decisions/051): never "exceeded" then.
      expect(body.message).toContain(
        body.limit.reason === 'exceeded' ? 'token limit exceeded' : 'Even without a reply it would not fit',
      );
      expect(body.message).toContain('GPT-4o mini');
      expect(body.message).toContain(`resets on ${nextMonthStart()}`);
      expect(body.limit).toMatchObject({
        kind: 'monthly_token_limit',
        model_id: mini,
        limit: tokenLimit,
        resets_on: nextMonthStart(),
      });
    }
    // Every provider call asked for at most the role's cap.
    for (const request of limits.provider.requests)
      expect((request.body as { max_tokens: number }).max_tokens).toBeLessThanOrEqual(40);
  });

  it('never records more cost than the cost limit, exactly', { timeout: 120_000 }, async () => {
    const user = await limits.limitedUser([
      { modelId: mini, maxTokensPerRequest: 40, monthlyTokenLimit: 1_000_000, costLimit: '0.0001' },
    ]);
    limits.provider.setDefaultReply({ text: 'a b c d e f g h i j', chunkDelayMs: 20 });
    const answers = await burst(user, 50);
    const refused = answers.filter((answer) => answer.status !== 200);
    const books = await limits.books(user);
    // Compared as exact decimals by the database.
    const [within] = await limits.db
      .execute<{ within: boolean }>(sql`select ${books.cost}::numeric <= 0.0001 as within`)
      .then((result) => (result as unknown as { rows: { within: boolean }[] }).rows);
    expect(within!.within, `recorded $${books.cost}`).toBe(true);
    expect(books.records).toBe(answers.length - refused.length);
    expect(books.reservations).toBe(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      const reason = answer.json().limit.reason;
      expect(answer.json().message).toContain(
        reason === 'exceeded' ? 'cost limit exceeded' : 'monthly cost limit is left',
      );
      expect(answer.json().limit).toMatchObject({
        kind: 'cost_limit',
        model_id: mini,
        limit: 0.0001,
        resets_on: nextMonthStart(),
      });
    }
  });
});

describe('reservations are given back', () => {
  it('when the upstream call fails before answering, and when a reply fails midway', async () => {
    const user = await limits.limitedUser([{ modelId: mini, monthlyTokenLimit: 5_000 }]);
    limits.provider.enqueueReply({ failBeforeStream: { status: 500 } });
    const failed = await limits.send(user, 'This will fail', mini);
    expect(failed.status).toBe(502);
    // The refused call is recorded as failed (decision 020's success rate), with nothing spent.
    expect(await limits.books(user)).toMatchObject({ records: 1, tokens: 0, reservations: 0 });
    expect(Number((await limits.books(user)).cost)).toBe(0);

    limits.provider.enqueueReply({ text: 'half of a reply that breaks', errorEventAfterChunks: 3 });
    const broken = await limits.send(user, 'This will break', mini);
    expect(broken.status).toBe(200);
    expect(broken.parsed.error).toBeDefined();
    const afterBreak = await limits.books(user);
    expect(afterBreak).toMatchObject({ records: 2, reservations: 0 });
    expect(afterBreak.tokens).toBeGreaterThan(0);
  });

  it('a cache hit holds nothing and costs nothing', async () => {
    const user = await limits.limitedUser([{ modelId: mini, monthlyTokenLimit: 5_000 }]);
    const prompt = 'What is the boiling point of water at sea level in celsius?';
    const first = await limits.send(user, prompt);
    expect(first.status).toBe(200);
    const again = await limits.send(user, prompt);
    expect(again.status).toBe(200);
    expect(again.parsed.metadata?.route).toMatchObject({ reason: 'cache_hit', cached: true });
    expect(limits.provider.requests).toHaveLength(1);
    const books = await limits.books(user);
    expect(books.reservations).toBe(0);
    const hit = await limits.db
      .select()
      .from(usageRecords)
      .where(and(eq(usageRecords.orgId, user.orgId), eq(usageRecords.cacheHit, true)));
    expect(hit.map((record) => record.inputTokens + record.outputTokens)).toEqual([0]);
  });

  it('held by an instance that is gone: released when it is found gone, a live instance’s kept', async () => {
    const user = await limits.limitedUser([{ modelId: mini }]);
    // An instance that has just beaten, as a live one does (another test's server on a shared database may have gone quiet).
    const liveInstance = randomUUID();
    await beat(limits.db, liveInstance);
    const row = (owner: string) => ({
      id: randomUUID(),
      orgId: user.orgId,
      userId: user.userId,
      modelId: mini,
      usageId: randomUUID(),
      tokens: 100,
      outputTokens: 90,
      costUsd: '0.000054000000',
      owner,
    });
    const orphan = row(randomUUID());
    const kept = row(liveInstance);
    await limits.db.insert(usageReservations).values([orphan, kept]);
    // As every beat on PostgreSQL does; at start-up on the embedded database every owner is gone.
    await releaseReservationsOfGoneInstances(limits.db, { ownersSilentForSeconds: 30 });
    const left = await limits.db
      .select({ id: usageReservations.id })
      .from(usageReservations)
      .where(eq(usageReservations.userId, user.userId));
    expect(left.map((reservation) => reservation.id)).toEqual([kept.id]);
    await limits.db.delete(usageReservations).where(eq(usageReservations.id, kept.id));
    await removeInstance(limits.db, liveInstance);
  });
});

describe('counting what is taken', () => {
  it('counts a streaming reply once: its record as far as it has grown, and its reservation only beyond that', async () => {
    const user = await limits.limitedUser([{ modelId: mini }]);
    const owner = randomUUID();
    await beat(limits.db, owner);
    const record = (inputTokens: number, outputTokens: number, costUsd: string, createdAt = new Date()) => ({
      id: randomUUID(),
      orgId: user.orgId,
      userId: user.userId,
      modelId: mini,
      inputTokens,
      outputTokens,
      costUsd,
      latencyMs: 1,
      createdAt,
    });
    const reservation = (usageId: string, tokens: number, costUsd: string) => ({
      id: randomUUID(),
      orgId: user.orgId,
      userId: user.userId,
      modelId: mini,
      usageId,
      tokens,
      outputTokens: tokens,
      costUsd,
      owner,
    });
    const finished = record(100, 50, '0.0001');
    const streaming = record(200, 300, '0.0003');
    const grownPast = record(400, 500, '0.0009');
    const lastMonth = record(10, 10, '0.00001', new Date(Date.UTC(2000, 0, 15)));
    await limits.db.insert(usageRecords).values([finished, streaming, grownPast, lastMonth]);
    await limits.db.insert(usageReservations).values([
      reservation(streaming.id, 800, '0.000500000000'), // holds 300 tokens and $0.0002 beyond its record
      reservation(grownPast.id, 800, '0.000800000000'), // its record grew past it: nothing beyond
      reservation(randomUUID(), 250, '0.000040000000'), // no record yet: all of it
      reservation(lastMonth.id, 70, '0.000070000000'), // its record is not this month's: all of what it holds
    ]);
    const totals = (await limitTotalsByModel(limits.db, user.orgId, user.userId, limitPeriod(new Date()), [mini])).get(
      mini,
    )!;
    expect(totals).toEqual({
      usedTokens: 150n + 500n + 900n,
      usedCostPicodollars: (100n + 300n + 900n) * 1_000_000n,
      reservedTokens: 300n + 0n + 250n + 70n,
      reservedCostPicodollars: (200n + 0n + 40n + 70n) * 1_000_000n,
    });
    await limits.db.delete(usageReservations).where(eq(usageReservations.userId, user.userId));
  });
});

describe('warnings and offers', () => {
  it('reports each model’s usage of its limits and warns above 90%', async () => {
    const user = await limits.limitedUser([
      { modelId: mini, monthlyTokenLimit: 1_000 },
      { modelId: haiku, monthlyTokenLimit: 1_000 },
    ]);
    limits.provider.enqueueReply({ text: 'Spent most of it', usage: { inputTokens: 880, outputTokens: 25 } });
    expect((await limits.send(user, 'Use a lot', mini)).status).toBe(200);
    const models = (await limits.call('/conversation/models', user.token)).json().models as {
      model_id: string;
      limits: Record<string, unknown>;
    }[];
    expect(models.find((model) => model.model_id === mini)?.limits).toMatchObject({
      token_limit: 1_000,
      tokens_used: 905,
      tokens_reserved: 0,
      resets_on: nextMonthStart(),
      warning: 'monthly_token_limit',
    });
    expect(models.find((model) => model.model_id === haiku)?.limits).toMatchObject({ tokens_used: 0, warning: null });
  });

  it('warns above 90% of the cost limit too', async () => {
    const user = await limits.limitedUser([{ modelId: gpt4o, costLimit: '0.01' }]);
    // 3,700 input tokens at $2.50 and 10 output at $10 per million: $0.00935 of $0.01.
    limits.provider.enqueueReply({ text: 'Costly', usage: { inputTokens: 3_700, outputTokens: 10 } });
    expect((await limits.send(user, 'Spend', gpt4o)).status).toBe(200);
    const [model] = (await limits.call('/conversation/models', user.token)).json().models;
    expect(model.limits).toMatchObject({ cost_limit: 0.01, cost_used: 0.00935, warning: 'cost_limit' });
  });

  it('offers a cheaper enabled model with room when the chosen one has reached its limit', async () => {
    const user = await limits.limitedUser([
      { modelId: gpt4o, monthlyTokenLimit: 1_000 },
      { modelId: mini, monthlyTokenLimit: 1_000 },
    ]);
    limits.provider.enqueueReply({ text: 'All of it', usage: { inputTokens: 990, outputTokens: 10 } });
    expect((await limits.send(user, 'Spend it all', gpt4o)).status).toBe(200);
    const refused = await limits.send(user, 'One more please', gpt4o);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = refused.json();
    expect(body.limit).toEqual({
      kind: 'monthly_token_limit',
      model_id: gpt4o,
      model_name: 'GPT-4o',
      limit: 1_000,
      used: 1_000,
      reserved: 0,
      resets_on: nextMonthStart(),
      alternative: { model_id: mini, name: 'GPT-4o mini' },
      reason: 'exceeded',
    });
    expect(body.message).toBe(
      `Monthly token limit exceeded on GPT-4o (openai/gpt-4o): 1,000 of 1,000 tokens taken this month. It resets on ${nextMonthStart()}. GPT-4o mini is cheaper and still has room.`,
    );
    // One click: the same prompt on the offered model.
    expect((await limits.send(user, 'One more please', body.limit.alternative.model_id)).status).toBe(200);
    // Auto goes to the model with room without being asked.
    const auto = await limits.send(user, 'And another');
    expect(auto.parsed.metadata?.primary_model).toBe(mini);
  });

  it('offers nothing when no cheaper model has room, and refuses regenerate over the limit as well', async () => {
    const user = await limits.limitedUser([{ modelId: mini, monthlyTokenLimit: 1_000 }]);
    limits.provider.enqueueReply({ text: 'All of it', usage: { inputTokens: 995, outputTokens: 5 } });
    const spent = await limits.send(user, 'Spend it all', mini);
    expect(spent.status).toBe(200);
    const { session_id, assistant_msg_id } = spent.parsed.metadata!;
    const regenerate = await limits.call('/conversation/regenerate', user.token, {
      message_id: assistant_msg_id,
      session_id,
      forced_model_id: mini,
      stream: true,
    });
    expect(regenerate.status).toBe(429);
    expect(regenerate.json().limit).toMatchObject({ kind: 'monthly_token_limit', alternative: null });
    const auto = await limits.send(user, 'Anything?');
    expect(auto.status).toBe(429);
    expect(auto.json().message).toContain('token limit exceeded');
  });
});

describe('another organisation', () => {
  it('does not count against, or see, this one’s limits', async () => {
    const alpha = await limits.limitedUser([{ modelId: mini, monthlyTokenLimit: 1_000 }]);
    const beta = await limits.limitedUser([{ modelId: mini, monthlyTokenLimit: 1_000 }]);
    limits.provider.enqueueReply({ text: 'All of it', usage: { inputTokens: 995, outputTokens: 5 } });
    expect((await limits.send(alpha, 'Spend it all', mini)).status).toBe(200);
    expect((await limits.send(alpha, 'More', mini)).status).toBe(429);
    expect((await limits.send(beta, 'Mine is untouched', mini)).status).toBe(200);
    const [betaModel] = (await limits.call('/conversation/models', beta.token)).json().models;
    expect(betaModel.limits.tokens_used).toBeLessThan(100);
    // Sending as the other organisation's user is refused before any limit is looked at.
    const intruder = await limits.call('/conversation/message', beta.token, {
      org_id: alpha.orgId,
      user_id: alpha.userId,
      prompt: 'Hi',
      stream: true,
    });
    expect(intruder.status).toBe(403);
  });
});
