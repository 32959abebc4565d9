import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routingDecisions } from '../../src/server/db/schema';
import { autoModel, cacheLearningFixture } from './support/cache-learning-fixture';
import { startLimitsServer, type LimitedUser, type LimitsServer } from './support/limited-roles';

// docs/decisions/080: programs' Auto lookups are decided by the organisation's learned cache as the
// chat's are, and a program's bad rating of a semantic hit is a label.

let server: LimitsServer;
beforeAll(async () => {
  server = await startLimitsServer({ CACHE_SPECULATIVE_CALLS: 'false' });
}, 60_000);
afterAll(() => server?.close());
beforeEach(() => server.provider.reset());

const { servedHit, teach, labelsOf } = cacheLearningFixture(() => server.server);
const learnedText = "your organization's learned cache threshold (learned from 120 labels)";

/** An administrator on the Business plan whose Auto has one candidate, at the error rate given. */
async function administrator(errorRate: number): Promise<LimitedUser> {
  const admin = await server.newAdministrator('programlearn');
  const bought = await server.call('/subscription/purchase', admin.token, {
    org_id: admin.orgId,
    plan_id: 'business',
    payment_method: 'card',
    card_number: '4242424242424242',
  });
  expect(bought.status).toBe(201);
  const policy = await fetch(`${server.server.url}/api/org/${admin.orgId}/routing-policy`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ candidate_model_ids: [autoModel], cache: { error_rate: errorRate } }),
  });
  expect(policy.status).toBe(200);
  return admin;
}

const ask = async (openai: OpenAI, content: string) => {
  const answer = await openai.chat.completions
    .create({ model: 'auto', temperature: 0, messages: [{ role: 'user', content }] })
    .withResponse();
  await server.server.modelCallsSettled();
  return {
    text: answer.data.choices[0]!.message.content,
    cache: answer.response.headers.get('x-tokenwise-cache'),
    decisionId: answer.response.headers.get('x-tokenwise-decision-id')!,
  };
};

const decisionOf = async (decisionId: string) =>
  (await server.db.select().from(routingDecisions).where(eq(routingDecisions.id, decisionId)))[0]!;

describe("programs' lookups and the learned cache", () => {
  it('are decided by it once it has enough labels, and its rating of a semantic hit teaches it', {
    timeout: 120_000,
  }, async () => {
    const admin = await administrator(0.05);
    const { secret } = await server.createApiKey(admin);
    const openai = new OpenAI({ apiKey: secret, baseURL: `${server.server.url}/v1`, maxRetries: 0, timeout: 60_000 });
    server.provider.enqueueReply({ text: 'A poem about cats' });
    expect((await ask(openai, 'Write a short poem about cats')).cache).toBe('miss');
    const byRules = await ask(openai, 'Please write a short poem about cats');
    expect(byRules).toMatchObject({ cache: 'hit', text: 'A poem about cats' });
    const kept = (await servedHit(byRules.decisionId))!;
    expect(kept.decidedBy).toBe('rules');
    expect((await decisionOf(byRules.decisionId)).reasonText).not.toContain(learnedText);

    await teach(admin.orgId, kept.features, true, 120);
    const byLearner = await ask(openai, 'Please write a short poem about cats');
    expect(byLearner).toMatchObject({ cache: 'hit', text: 'A poem about cats' });
    const decision = await decisionOf(byLearner.decisionId);
    expect(decision).toMatchObject({ mode: 'auto', reason: 'cache_hit' });
    expect(decision.reasonText).toContain(learnedText);
    expect(await servedHit(byLearner.decisionId)).toMatchObject({ decidedBy: 'learner' });

    const rated = await fetch(`${server.server.url}/v1/decisions/${byLearner.decisionId}/rating`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rating: 'negative' }),
    });
    expect(rated.status).toBe(201);
    await server.server.modelCallsSettled();
    expect(await labelsOf(admin.orgId)).toEqual([
      expect.objectContaining({ source: 'feedback', same: false, decisionId: byLearner.decisionId }),
    ]);
    expect((await server.server.cacheLearning!.learners.copyOf(admin.orgId)).state.labels).toBe(121);
  });
});
