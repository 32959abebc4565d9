import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyUsageOfUsers } from '../../src/server/analytics/user-usage-repository';
import { organisations, usageRecords } from '../../src/server/db/schema';
import { startAnalyticsServer, type AnalyticsServer, type Person } from './support/analytics-server';
import { parsePicodollars, sumUsdDecimals, usdNumber } from '../../src/money';

type UsageRecord = typeof usageRecords.$inferSelect;

const mini = 'openai/gpt-4o-mini';
const haiku = 'anthropic/claude-3-5-haiku-latest';
const dayMs = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const today = () => isoDay(new Date());
const yesterday = () => isoDay(new Date(Date.now() - dayMs));

const tokensOf = (records: UsageRecord[]) =>
  records.reduce((sum, record) => sum + record.inputTokens + record.outputTokens, 0);
const costOf = (records: UsageRecord[]) => usdNumber(sumUsdDecimals(records.map((record) => record.costUsd)));
const referenceOf = (records: UsageRecord[]) =>
  usdNumber(sumUsdDecimals(records.map((record) => record.referenceCostUsd)));
const dayOf = (record: UsageRecord) => isoDay(record.createdAt);

/** The median (the lower one of an even count) of the records' values. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1]!;
}

/**
 * The dashboard analytics, the Usage Summary and model analytics over a small known history:
 * replies of two models across two days, a reply failing mid-stream, a call the provider refused,
 * a cache hit, Auto and forced replies. The numbers are checked against the usage records.
 */
describe('usage analytics', () => {
  let setup: AnalyticsServer;
  let admin: Person;
  let records: UsageRecord[];

  const analyticsPath = (person: Person, query = '') => `/subscription/analytics/${person.orgId}${query}`;
  const usagePath = (person: Person, query = '') => `/org/${person.orgId}/usage${query}`;
  const modelsPath = (person: Person, query = '') => `/org/${person.orgId}/model-analytics${query}`;
  const ofModel = (modelId: string) => records.filter((record) => record.modelId === modelId);

  beforeAll(async () => {
    // The routing policy below is a Business feature, granted here on the Free Trial (whose cycles these tests read).
    setup = await startAnalyticsServer({}, { everyFeatureOnFreeTrial: true });
    admin = await setup.signUp();
    const db = setup.server.database.db;
    // Auto answers with Claude 3.5 Haiku only, so the history is known.
    const policy = await setup.call(`/org/${admin.orgId}/routing-policy`, admin.token, 'PUT', {
      candidate_model_ids: [haiku],
    });
    expect(policy.status).toBe(200);

    // Yesterday: a forced reply and an Auto reply (dated back below).
    const forcedYesterday = await setup.send(admin, 'How do tides work around islands?', { forced_model_id: mini });
    const autoYesterday = await setup.send(admin, 'Write a haiku about autumn rain on a tin roof');
    expect(autoYesterday.metadata!.route).toMatchObject({ mode: 'auto' });
    expect(autoYesterday.metadata!.primary_model).toBe(haiku);
    // Today: the same forced question again (a cache hit), a reply failing mid-stream, a refused call, an Auto reply.
    const cached = await setup.send(admin, 'How do tides work around islands?', { forced_model_id: mini });
    expect(cached.metadata!.route).toMatchObject({ cached: true });
    setup.provider.enqueueReply({ text: 'Partial words then trouble arrives', errorEventAfterChunks: 2 });
    const broken = await setup.send(admin, 'Explain the offside rule in football', { forced_model_id: mini });
    expect(broken.error).toMatchObject({ code: 'upstream_failed' });
    setup.provider.enqueueReply({ failBeforeStream: { status: 500 } });
    expect(
      (await setup.send(admin, 'List three prime numbers above one hundred', { forced_model_id: mini })).status,
    ).toBe(502);
    expect((await setup.send(admin, 'Suggest a name for a grey kitten')).metadata!.primary_model).toBe(haiku);

    // Dating a record back moves it to yesterday's totals; the organisation is ten days old, so both days are in its first cycle.
    for (const metadata of [forcedYesterday.metadata!, autoYesterday.metadata!]) {
      await db
        .update(usageRecords)
        .set({ createdAt: sql`${usageRecords.createdAt} - interval '1 day'` })
        .where(eq(usageRecords.decisionId, metadata.selection_id));
    }
    await db
      .update(organisations)
      .set({ createdAt: sql`now() - interval '10 days'` })
      .where(eq(organisations.id, admin.orgId));
    records = await db.select().from(usageRecords).where(eq(usageRecords.orgId, admin.orgId));
  }, 120_000);
  afterAll(() => setup?.close());

  it('records every call of the history with how it ended', () => {
    expect(
      ofModel(mini)
        .map((record) => record.outcome)
        .sort(),
    ).toEqual(['complete', 'complete', 'failed', 'partial']);
    expect(ofModel(mini).filter((record) => record.cacheHit)).toHaveLength(1);
    expect(ofModel(haiku).map((record) => record.outcome)).toEqual(['complete', 'complete']);
    expect(new Set(records.map(dayOf))).toEqual(new Set([yesterday(), today()]));
  });

  it("answers the dashboard's analytics in the spec's shape, for the billing cycle and the cost-savings range", async () => {
    const answer = await setup.call(analyticsPath(admin), admin.token);
    expect(answer.status).toBe(200);
    const analytics = answer.body;
    expect(Object.keys(analytics).sort()).toEqual([
      'billing_cycle',
      'cost_savings',
      'cost_savings_total',
      'tokens_remaining',
      'total_cost',
      'total_tokens_used',
      'usage_by_model',
      'usage_trend',
    ]);
    const created = isoDay(new Date(Date.now() - 10 * dayMs));
    expect(analytics.billing_cycle).toEqual({
      start_date: created,
      end_date: isoDay(new Date(Date.parse(created) + 29 * dayMs)),
      next_billing_date: isoDay(new Date(Date.parse(created) + 30 * dayMs)),
    });
    expect(analytics.total_tokens_used).toBe(tokensOf(records));
    expect(analytics.total_tokens_used).toBeGreaterThan(0);
    expect(analytics.total_cost).toBeCloseTo(costOf(records), 10);
    // The Free Trial's allowance until plans can be bought.
    expect(analytics.tokens_remaining).toBe(1_000_000 - tokensOf(records));

    expect(analytics.usage_by_model).toEqual(
      expect.arrayContaining([
        {
          model_id: mini,
          model_name: 'GPT-4o mini',
          tokens_used: tokensOf(ofModel(mini)),
          cost: expect.closeTo(costOf(ofModel(mini)), 10),
          success_rate: 0.5,
        },
        {
          model_id: haiku,
          model_name: expect.any(String),
          tokens_used: tokensOf(ofModel(haiku)),
          cost: expect.closeTo(costOf(ofModel(haiku)), 10),
          success_rate: 1,
        },
      ]),
    );
    expect(analytics.usage_by_model).toHaveLength(2);
    expect(analytics.usage_trend).toEqual(
      [yesterday(), today()].map((date) => {
        const ofDay = records.filter((record) => dayOf(record) === date);
        return { date, tokens_used: tokensOf(ofDay), cost: expect.closeTo(costOf(ofDay), 10) };
      }),
    );

    // Actual against "without the router", per model and day, from the reference costs each call stored.
    const savingsOf = (modelId: string) =>
      analytics.cost_savings.find((entry: { model_id: string }) => entry.model_id === modelId);
    expect(savingsOf(mini).model_name).toBe('GPT-4o mini');
    expect(savingsOf(mini).daily_savings).toEqual(
      [yesterday(), today()].map((date) => {
        const ofDay = ofModel(mini).filter((record) => dayOf(record) === date);
        return {
          date,
          tokens_used: tokensOf(ofDay),
          actual_cost: expect.closeTo(costOf(ofDay), 10),
          potential_cost: expect.closeTo(referenceOf(ofDay), 10),
        };
      }),
    );
    // Today's cache hit cost nothing and saved what the original reply would have cost at the reference model.
    const cacheHit = ofModel(mini).find((record) => record.cacheHit)!;
    expect(cacheHit).toMatchObject({ costUsd: '0.000000000000', inputTokens: 0, outputTokens: 0 });
    expect(parsePicodollars(cacheHit.referenceCostUsd)).toBeGreaterThan(0n);
    expect(savingsOf(haiku).daily_savings.map((day: { date: string }) => day.date)).toEqual([yesterday(), today()]);
    // One total for the range, every model together: what the dashboard shows as the period's saving.
    expect(analytics.cost_savings_total).toEqual({
      tokens_used: tokensOf(records),
      actual_cost: expect.closeTo(costOf(records), 10),
      potential_cost: expect.closeTo(referenceOf(records), 10),
      savings: expect.closeTo(referenceOf(records) - costOf(records), 10),
    });
    expect(analytics.cost_savings_total.savings).toBeGreaterThan(0);

    const onlyToday = await setup.call(analyticsPath(admin, `?start_date=${today()}&end_date=${today()}`), admin.token);
    expect(onlyToday.status).toBe(200);
    expect(
      onlyToday.body.cost_savings.flatMap((entry: { daily_savings: { date: string }[] }) =>
        entry.daily_savings.map((day) => day.date),
      ),
    ).toEqual([today(), today()]);
    const todays = records.filter((record) => dayOf(record) === today());
    expect(onlyToday.body.cost_savings_total).toEqual({
      tokens_used: tokensOf(todays),
      actual_cost: expect.closeTo(costOf(todays), 10),
      potential_cost: expect.closeTo(referenceOf(todays), 10),
      savings: expect.closeTo(referenceOf(todays) - costOf(todays), 10),
    });
    // The range narrows the savings only; the cycle's figures stay.
    expect(onlyToday.body.total_tokens_used).toBe(analytics.total_tokens_used);
  });

  it('refuses a malformed or reversed cost-savings range with a clear 400', async () => {
    const notADay = await setup.call(analyticsPath(admin, '?start_date=2026-02-30'), admin.token);
    expect(notADay.status).toBe(400);
    expect(notADay.body.message).toBe('Dates must be real days between 1970-01-01 and 2999-12-31');
    const reversed = await setup.call(
      analyticsPath(admin, `?start_date=${today()}&end_date=${yesterday()}`),
      admin.token,
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('The start date must not be after the end date');
  });

  it("answers the organisation's usage for all time by default, and for a period", async () => {
    const all = await setup.call(usagePath(admin), admin.token);
    expect(all.status).toBe(200);
    // biome-ignore lint/complexity/useMathMinMax: the result must stay a Date (the latest createdAt); Math.max would give a number
    const latest = records.reduce((last, record) => (record.createdAt > last ? record.createdAt : last), new Date(0));
    expect(all.body).toMatchObject({
      totalRequests: 6,
      totalTokens: tokensOf(records),
      totalCost: expect.closeTo(costOf(records), 10),
      lastActive: latest.toISOString(),
    });
    expect(all.body.usageByModel).toEqual(
      expect.arrayContaining([
        {
          modelId: mini,
          modelName: 'GPT-4o mini',
          requests: 4,
          tokens: tokensOf(ofModel(mini)),
          cost: expect.closeTo(costOf(ofModel(mini)), 10),
        },
        {
          modelId: haiku,
          modelName: expect.any(String),
          requests: 2,
          tokens: tokensOf(ofModel(haiku)),
          cost: expect.closeTo(costOf(ofModel(haiku)), 10),
        },
      ]),
    );
    const months = [...new Set(records.map((record) => record.createdAt.toISOString().slice(0, 7)))].sort();
    expect(all.body.usageByMonth).toEqual(
      months.map((month) => {
        const ofMonth = records.filter((record) => record.createdAt.toISOString().startsWith(month));
        return {
          month,
          requests: ofMonth.length,
          tokens: tokensOf(ofMonth),
          cost: expect.closeTo(costOf(ofMonth), 10),
        };
      }),
    );

    const day = await setup.call(usagePath(admin, '?period=day'), admin.token);
    expect(day.status).toBe(200);
    const ofToday = records.filter((record) => dayOf(record) === today());
    expect(day.body).toMatchObject({
      totalRequests: 4,
      totalTokens: tokensOf(ofToday),
      totalCost: expect.closeTo(costOf(ofToday), 10),
    });
    expect((await setup.call(usagePath(admin, '?period=week'), admin.token)).body.totalRequests).toBe(6);

    const wrong = await setup.call(usagePath(admin, '?period=fortnight'), admin.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Period must be one of day, week, month, year or all');
  });

  it('answers per model: requests, tokens, cost, success rate, p50 latency and first token, Auto share, cache hits and savings', async () => {
    const answer = await setup.call(modelsPath(admin), admin.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ from: isoDay(new Date(Date.parse(today()) - 30 * dayMs)), to: today() });
    const model = (modelId: string) =>
      answer.body.models.find((entry: { model_id: string }) => entry.model_id === modelId);
    const timed = (modelId: string) =>
      ofModel(modelId).filter((record) => record.outcome === 'complete' && !record.cacheHit);

    const sums = (modelId: string) => {
      const own = ofModel(modelId);
      return {
        input_tokens: own.reduce((sum, record) => sum + record.inputTokens, 0),
        output_tokens: own.reduce((sum, record) => sum + record.outputTokens, 0),
        tokens_used: tokensOf(own),
        cost: expect.closeTo(costOf(own), 10),
        potential_cost: expect.closeTo(referenceOf(own), 10),
        savings: expect.closeTo(referenceOf(own) - costOf(own), 10),
      };
    };
    expect(model(mini)).toMatchObject({
      model_name: 'GPT-4o mini',
      provider: 'openai',
      requests: 4,
      completed: 2,
      success_rate: 0.5,
      cache_hits: 1,
      auto_decisions: 0,
      auto_share: 0,
      ...sums(mini),
    });
    expect(model(haiku)).toMatchObject({
      provider: 'anthropic',
      requests: 2,
      completed: 2,
      success_rate: 1,
      cache_hits: 0,
      auto_decisions: 2,
      auto_share: 1,
      ...sums(haiku),
    });
    expect(answer.body.totals).toMatchObject({
      requests: 6,
      completed: 4,
      cache_hits: 1,
      auto_decisions: 2,
      tokens_used: tokensOf(records),
    });

    // Medians from the roll-ups' histograms, within their 5% buckets of the records' own.
    for (const modelId of [mini, haiku]) {
      const latency = median(timed(modelId).map((record) => record.latencyMs));
      const firstToken = median(timed(modelId).map((record) => record.timeToFirstTokenMs!));
      // A bucket is 5% wide and the answer is rounded to whole milliseconds.
      expect(Math.abs(model(modelId).p50_latency_ms - latency)).toBeLessThanOrEqual(latency * 0.05 + 1);
      expect(Math.abs(model(modelId).p50_time_to_first_token_ms - firstToken)).toBeLessThanOrEqual(
        firstToken * 0.05 + 1,
      );
    }

    const yesterdayOnly = await setup.call(modelsPath(admin, `?from=${yesterday()}&to=${yesterday()}`), admin.token);
    expect(
      yesterdayOnly.body.models.map((entry: { model_id: string; requests: number }) => [
        entry.model_id,
        entry.requests,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [mini, 1],
        [haiku, 1],
      ]),
    );
    expect((await setup.call(modelsPath(admin, '?from=2026-13-01'), admin.token)).status).toBe(400);
  });

  it("gives the user list each user's usage this month per model, from the monthly roll-up", async () => {
    const db = setup.server.database.db;
    const month = today().slice(0, 7);
    const colleague = await setup.personWithRole(admin.orgId, 'Member');
    const usage = await monthlyUsageOfUsers(db, admin.orgId, [admin.userId, colleague.userId], month);
    const thisMonth = (modelId: string) =>
      ofModel(modelId).filter((record) => record.createdAt.toISOString().startsWith(month));
    expect(usage.get(admin.userId)).toEqual(
      [haiku, mini]
        .filter((modelId) => thisMonth(modelId).length > 0)
        .map((modelId) => ({
          modelId,
          requests: thisMonth(modelId).length,
          tokensUsed: tokensOf(thisMonth(modelId)),
          costUsd: expect.any(String),
        })),
    );
    expect(Number(usage.get(admin.userId)!.find((row) => row.modelId === mini)!.costUsd)).toBeCloseTo(
      costOf(thisMonth(mini)),
      10,
    );
    expect(usage.has(colleague.userId)).toBe(false);
    // Another organisation's id finds nothing of this one's users.
    expect(
      (
        await monthlyUsageOfUsers(
          db,
          colleague.orgId === admin.orgId ? (await setup.signUp()).orgId : colleague.orgId,
          [admin.userId],
          month,
        )
      ).size,
    ).toBe(0);
  });

  it('answers zeros and empty lists for an organisation without usage', async () => {
    const empty = await setup.signUp();
    const analytics = await setup.call(analyticsPath(empty), empty.token);
    expect(analytics.status).toBe(200);
    expect(analytics.body).toMatchObject({
      total_cost: 0,
      total_tokens_used: 0,
      tokens_remaining: 1_000_000,
      usage_by_model: [],
      usage_trend: [],
      cost_savings: [],
      cost_savings_total: { tokens_used: 0, actual_cost: 0, potential_cost: 0, savings: 0 },
    });
    expect(analytics.body.billing_cycle.start_date).toBe(today());
    expect((await setup.call(usagePath(empty), empty.token)).body).toEqual({
      totalRequests: 0,
      totalTokens: 0,
      totalCost: 0,
      lastActive: null,
      usageByModel: [],
      usageByMonth: [],
    });
    const models = await setup.call(modelsPath(empty), empty.token);
    expect(models.body.models).toEqual([]);
    expect(models.body.totals).toMatchObject({ requests: 0, success_rate: 0, cost: 0, savings: 0 });
  });

  it('lets administrators, billing managers (dashboard) and model managers (model analytics) in, and no one else', async () => {
    const member = await setup.personWithRole(admin.orgId, 'Member');
    const billingManager = await setup.personWithRole(admin.orgId, 'Billing Manager');
    const modelManager = await setup.personWithRole(admin.orgId, 'Model Manager');
    const status = async (person: Person, pathname: string) => (await setup.call(pathname, person.token)).status;

    expect(await status(billingManager, analyticsPath(admin))).toBe(200);
    expect(await status(billingManager, modelsPath(admin))).toBe(403);
    expect(await status(billingManager, usagePath(admin))).toBe(403);
    expect(await status(modelManager, modelsPath(admin))).toBe(200);
    expect(await status(modelManager, analyticsPath(admin))).toBe(403);
    expect(await status(modelManager, usagePath(admin))).toBe(403);
    for (const pathname of [analyticsPath(admin), usagePath(admin), modelsPath(admin)]) {
      expect(await status(member, pathname)).toBe(403);
      expect((await setup.call(pathname)).status).toBe(401);
    }

    // Another organisation's admin learns nothing about this one.
    const stranger = await setup.signUp();
    for (const pathname of [analyticsPath(admin), usagePath(admin), modelsPath(admin)]) {
      const answer = await setup.call(pathname, stranger.token);
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body)).not.toContain(mini);
    }
  });
});
