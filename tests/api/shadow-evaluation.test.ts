import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseStreamBody } from '../../src/contracts';
import { findModel, modelCatalog } from '../../src/gateway';
import { parsePicodollars, sumPicodollars } from '../../src/money';
import {
  routingDecisions,
  routingQualityLabels,
  usageMonthlyUserTotals,
  usageRecords,
} from '../../src/server/db/schema';
import { shadowJudgeMessages } from '../../src/server/routing/shadow/shadow-judge-messages';
import { startServer, type RunningServer } from '../../src/server/server';
import { limitPeriod } from '../../src/server/usage/monthly-limits';
import { limitTotalsByModel } from '../../src/server/usage/reservation-repository';
import { strongPassword, uniqueName } from './support/client';
import { scriptProvider, type ProviderRequest } from './support/fake-provider';
import { ownServerConfig } from './support/own-server';

// docs/decisions/067: a sample of Auto's cheaper replies answered again by the strongest model and judged, in the background.

interface Owner {
  token: string;
  orgId: string;
  userId: string;
}

// Scored low by the committed router: tier 1 is enough.
const cheapQuestion = 'What is the capital of France?';
// The instruction travels as the first message (OpenAI) or the system field (Anthropic).
const isShadowJudgeCall = (request: ProviderRequest) =>
  JSON.stringify(request.body).includes(JSON.stringify(shadowJudgeMessages('', '', '')[0]!.content).slice(1, -1));

let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-shadow-'));
  const providerUrl = `${inject('fakeProviderUrl')}/v1`;
  const config = ownServerConfig(dataDir, {
    OPENAI_API_KEY: 'sk-test-dummy',
    OPENAI_BASE_URL: providerUrl,
    ANTHROPIC_API_KEY: 'sk-ant-test-dummy',
    ANTHROPIC_BASE_URL: providerUrl,
    CACHE_SPECULATIVE_CALLS: 'false',
    SIGNUP_MAX_PER_ADDRESS: '100',
  });
  server = await startServer(config, { pgliteDataDir: 'memory://', webRoot: null });
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function call(owner: Owner | undefined, pathname: string, body?: unknown, method?: string) {
  const response = await fetch(`${server.url}/api${pathname}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(owner ? { authorization: `Bearer ${owner.token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
  };
}

/** An organisation on the Business plan (custom routing), its administrator signed in. */
async function signUp(): Promise<Owner> {
  const username = uniqueName('shadow');
  const answer = await call(undefined, '/auth/signup', {
    username,
    email: `${username}@example.test`,
    password: strongPassword,
    org_name: `Org ${username}`,
  });
  expect(answer.status).toBe(201);
  const owner = { token: answer.body.token, orgId: answer.body.user.org_id, userId: answer.body.user.id };
  const bought = await call(owner, '/subscription/purchase', {
    org_id: owner.orgId,
    plan_id: 'business',
    payment_method: 'card',
    card_number: '4242424242424242',
  });
  expect(bought.status).toBe(201);
  return owner;
}

async function setShadow(owner: Owner, shadow: Record<string, unknown>) {
  const answer = await call(owner, `/org/${owner.orgId}/routing-policy`, { shadow_evaluation: shadow }, 'PUT');
  expect(answer.status).toBe(200);
  return answer.body;
}

async function askAuto(owner: Owner, prompt: string) {
  const answer = await call(owner, '/conversation/message', {
    org_id: owner.orgId,
    user_id: owner.userId,
    prompt,
    stream: true,
  });
  expect(answer.status).toBe(200);
  const parsed = parseStreamBody(answer.text);
  // Everything the reply started in the background (the evaluation) is over before the test looks.
  await server.modelCallsSettled();
  return parsed;
}

const labelsOf = (orgId: string) =>
  server.database.db.select().from(routingQualityLabels).where(eq(routingQualityLabels.orgId, orgId));
const shadowRecordsOf = (orgId: string) =>
  server.database.db
    .select()
    .from(usageRecords)
    .where(and(eq(usageRecords.orgId, orgId), eq(usageRecords.source, 'shadow-evaluation')));

describe('shadow evaluation of cheaper Auto replies', () => {
  it('at rate 1 asks the strongest model and the judge through the metered path, charged to the organisation, and stores the verdict', async () => {
    const owner = await signUp();
    const other = await signUp();
    await setShadow(owner, { sampling_rate: 1, monthly_budget_usd: 5 });
    const script = await scriptProvider(
      { text: 'Paris.', usage: { inputTokens: 20, outputTokens: 3 } },
      { text: 'The capital of France is Paris.', usage: { inputTokens: 20, outputTokens: 9 } },
      { text: 'As good.', usage: { inputTokens: 80, outputTokens: 2 } },
    );
    const reply = await askAuto(owner, `${cheapQuestion} ${script.marker}`);
    // The user got the cheap reply, and only it.
    expect(reply.text).toBe('Paris.');
    const route = reply.metadata!.route!;
    expect(route.reason_text).toContain('tier 1 is enough');

    const requests = await script.requests();
    expect(requests).toHaveLength(3);
    const [, strongRequest, judgeRequest] = requests as [ProviderRequest, ProviderRequest, ProviderRequest];
    expect(JSON.stringify(strongRequest.body.messages)).toContain(cheapQuestion);
    expect(isShadowJudgeCall(judgeRequest)).toBe(true);
    expect(JSON.stringify(judgeRequest.body.messages)).toContain('Answer A:\\nParis.');
    expect(JSON.stringify(judgeRequest.body.messages)).toContain('Answer B:\\nThe capital of France is Paris.');

    const [label, ...more] = await labelsOf(owner.orgId);
    const [decision] = await server.database.db
      .select()
      .from(routingDecisions)
      .where(eq(routingDecisions.id, reply.metadata!.selection_id));
    expect(decision!.promptKind).not.toBeNull();
    expect(more).toEqual([]);
    const strongModel = findModel(modelCatalog, label!.strongModelId)!;
    expect(strongRequest.body.model).toBe(strongModel.providerModelId);
    expect(label).toMatchObject({
      decisionId: reply.metadata!.selection_id,
      promptKind: decision!.promptKind,
      tier: 1,
      modelId: reply.metadata!.primary_model,
      judgeModelId: strongModel.id,
      verdict: 'as_good',
    });
    expect(strongModel.tier).toBeGreaterThan(1);

    // Both calls are on the books with their source, at their cost, linked to no message or decision.
    const records = await shadowRecordsOf(owner.orgId);
    expect(records).toHaveLength(2);
    for (const record of records)
      expect(record).toMatchObject({ modelId: strongModel.id, outcome: 'complete', messageId: null, decisionId: null });
    const costs = records.map((record) => parsePicodollars(record.costUsd)).sort();
    expect([label!.strongCostPicodollars, label!.judgeCostPicodollars].sort()).toEqual(costs);
    expect(label!.strongCostPicodollars).toBeGreaterThan(0n);

    // The user's own usage and limits do not move: only the chat reply counts.
    const perUser = await server.database.db
      .select()
      .from(usageMonthlyUserTotals)
      .where(and(eq(usageMonthlyUserTotals.orgId, owner.orgId), eq(usageMonthlyUserTotals.userId, owner.userId)));
    expect(perUser.map((row) => row.modelId)).toEqual([reply.metadata!.primary_model]);
    expect(perUser[0]!.requests).toBe(1);
    const limits = await limitTotalsByModel(server.database.db, owner.orgId, owner.userId, limitPeriod(new Date()), [
      strongModel.id,
    ]);
    expect(limits.get(strongModel.id)?.usedCostPicodollars ?? 0n).toBe(0n);
    // The organisation's totals by source do count them.
    const bySource = await server.database.db.execute<{ cost: string }>(
      sql`select coalesce(sum(cost_usd), 0)::text as cost from usage_daily_source_totals where org_id = ${owner.orgId} and source = 'shadow-evaluation'`,
    );
    expect(Number((bySource as unknown as { rows: { cost: string }[] }).rows[0]!.cost)).toBeGreaterThan(0);

    // The quality call shows it, with its interval, to this organisation's administrators only.
    const quality = await call(owner, `/org/${owner.orgId}/routing-quality`);
    expect(quality.status).toBe(200);
    const labelCost = Number(label!.strongCostPicodollars + label!.judgeCostPicodollars) / 1e12;
    expect(quality.body.groups).toHaveLength(1);
    expect(quality.body.groups[0]).toMatchObject({
      kind: decision!.promptKind,
      tier: 1,
      sampled: 1,
      judged_as_good: 1,
      as_good_share: 1,
    });
    expect(quality.body.groups[0].as_good_interval.low).toBeCloseTo(0.2065, 3);
    expect(quality.body.groups[0].as_good_interval.high).toBe(1);
    expect(quality.body.groups[0].sampling_cost_usd).toBeCloseTo(labelCost, 12);
    expect(quality.body.totals).toMatchObject({ sampled: 1, judged_as_good: 1 });
    expect(quality.body.month.sampling_cost_usd).toBeCloseTo(labelCost, 12);
    expect(quality.body.month.monthly_budget_usd).toBe(5);
    expect((await call(other, `/org/${owner.orgId}/routing-quality`)).status).toBe(403);
    const othersOwn = await call(other, `/org/${other.orgId}/routing-quality`);
    expect(othersOwn.body).toMatchObject({
      groups: [],
      totals: { sampled: 0, as_good_share: null, as_good_interval: null, sampling_cost_usd: 0 },
      month: { sampling_cost_usd: 0 },
    });

    // Another organisation has no labels, and cannot change this one's policy.
    expect(await labelsOf(other.orgId)).toEqual([]);
    expect(
      (await call(other, `/org/${owner.orgId}/routing-policy`, { shadow_evaluation: { sampling_rate: 0 } }, 'PUT'))
        .status,
    ).toBe(403);
  });

  it('a judge saying "worse" is stored as worse; the policy can name the judge', async () => {
    const owner = await signUp();
    const judge = modelCatalog.find((model) => model.id === 'openai/gpt-4o-mini')!;
    await setShadow(owner, { sampling_rate: 1, judge_model_id: judge.id });
    const script = await scriptProvider({ text: 'Lyon.' }, { text: 'Paris.' }, { text: 'worse' });
    await askAuto(owner, `${cheapQuestion} ${script.marker}`);
    const requests = await script.requests();
    expect(requests).toHaveLength(3);
    expect(requests[2]!.body.model).toBe(judge.providerModelId);
    expect(await labelsOf(owner.orgId)).toMatchObject([{ verdict: 'worse', judgeModelId: judge.id }]);
  });

  it('at rate 0 (the default) nothing is sampled', async () => {
    const owner = await signUp();
    const script = await scriptProvider({ text: 'Paris.' }, { text: 'never asked' }, { text: 'as good' });
    const reply = await askAuto(owner, `${cheapQuestion} ${script.marker}`);
    expect(reply.metadata!.route!.reason_text).toContain('tier 1 is enough');
    expect(await script.requests()).toHaveLength(1);
    expect(await labelsOf(owner.orgId)).toEqual([]);
    expect(await shadowRecordsOf(owner.orgId)).toEqual([]);
  });

  it("once the month's sampling spend reaches the budget, nothing more is sampled", async () => {
    const owner = await signUp();
    await setShadow(owner, { sampling_rate: 1, monthly_budget_usd: 0.01 });
    const first = await scriptProvider(
      { text: 'Paris.' },
      { text: 'Paris, of course.', usage: { inputTokens: 2000, outputTokens: 2000 } },
      { text: 'as good' },
    );
    await askAuto(owner, `${cheapQuestion} ${first.marker}`);
    expect(await first.requests()).toHaveLength(3);
    const spent = sumPicodollars(
      (await shadowRecordsOf(owner.orgId)).map((record) => parsePicodollars(record.costUsd)),
    );
    expect(spent).toBeGreaterThanOrEqual(parsePicodollars('0.01'));

    const second = await scriptProvider({ text: 'Paris.' }, { text: 'never asked' }, { text: 'as good' });
    await askAuto(owner, `${cheapQuestion} ${second.marker}`);
    expect(await second.requests()).toHaveLength(1);
    expect(await labelsOf(owner.orgId)).toHaveLength(1);
  });

  it('a reply the strongest tier gave is never sampled', async () => {
    const owner = await signUp();
    await setShadow(owner, { sampling_rate: 1 });
    const script = await scriptProvider({ text: 'A proof.' }, { text: 'never asked' });
    const reply = await call(owner, '/conversation/message', {
      org_id: owner.orgId,
      user_id: owner.userId,
      prompt: `Prove that there are infinitely many primes. ${script.marker}`,
      stream: true,
      forced_model_id: 'anthropic/claude-opus-4',
    });
    expect(reply.status).toBe(200);
    await server.modelCallsSettled();
    expect(await script.requests()).toHaveLength(1);
    expect(await labelsOf(owner.orgId)).toEqual([]);
  });
});
