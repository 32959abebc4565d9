import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelCatalog } from '../../src/gateway';
import { routingDecisions } from '../../src/server/db/schema';
import { embeddedModelId, startLadderServer, type LadderServer, type Owner } from './support/ladder-server';

// Two models of an OpenAI-compatible server, a cheap and a strong one, as an operator declares them.
const declaredModels = JSON.stringify([
  {
    id: 'llama3.1:8b',
    tier: 1,
    input_price_per_million: 0.05,
    output_price_per_million: 0.08,
    context_window: 131_072,
    max_output_tokens: 8_192,
  },
  {
    id: 'meta-llama/Llama-3.3-70B-Instruct',
    name: 'Llama 3.3 70B',
    tier: 3,
    input_price_per_million: 0.6,
    output_price_per_million: 0.9,
    context_window: 131_072,
    max_output_tokens: 16_384,
  },
]);
const compatibleCheap = 'openai-compatible/llama3.1:8b';
const compatibleStrong = 'openai-compatible/meta-llama-Llama-3.3-70B-Instruct';

// At a quality target of 50% no prompt needs more than the cheapest tier; at 100% a proof does need the strongest.
const cheapAsk = { qualityTarget: 0.5, prompt: 'hi' };
const strongAsk = {
  qualityTarget: 1,
  prompt: 'Prove that there are infinitely many primes, step by step, and explain every inference.',
};

const tierOf = (modelId: string) => ({ [compatibleCheap]: 1, [compatibleStrong]: 3 })[modelId];

async function lastDecision(setup: LadderServer, owner: Owner) {
  const [decision] = await setup.server.database.db
    .select()
    .from(routingDecisions)
    .where(eq(routingDecisions.orgId, owner.orgId))
    .orderBy(desc(routingDecisions.createdAt))
    .limit(1);
  return decision!;
}

async function askAt(
  setup: LadderServer,
  owner: Owner,
  { qualityTarget, prompt }: { qualityTarget: number; prompt: string },
) {
  expect(
    (
      await setup.call(owner, `/org/${owner.orgId}/routing-policy`, {
        method: 'PUT',
        body: { quality_target: qualityTarget },
      })
    ).status,
  ).toBe(200);
  const answer = await setup.ask(owner, prompt);
  expect(answer.status).toBe(200);
  return { metadata: answer.parsed.metadata!, decision: await lastDecision(setup, owner) };
}

/** Auto answers a cheap prompt from the provider's cheapest tier and a demanding one from its strongest, never from the embedded model. */
async function expectCheapAndStrongTiers(
  setup: LadderServer,
  owner: Owner,
  provider: string,
  tierFor: (modelId: string) => number | undefined,
) {
  const cheap = await askAt(setup, owner, cheapAsk);
  const strong = await askAt(setup, owner, strongAsk);
  for (const { metadata, decision } of [cheap, strong]) {
    expect(metadata.route).toMatchObject({ mode: 'auto', reason: 'router_score' });
    expect(metadata.primary_model.startsWith(`${provider}/`)).toBe(true);
    expect(metadata.backup_model).toBeNull();
    expect(
      decision.candidates.filter((candidate) => candidate.eligible).map((candidate) => candidate.model_id),
    ).not.toContain(embeddedModelId);
    expect(decision.candidates).toContainEqual({
      model_id: embeddedModelId,
      tier: 1,
      eligible: false,
      note: expect.stringMatching(/^The embedded model answers Auto only when no cloud provider is configured/),
    });
  }
  expect(tierFor(cheap.metadata.primary_model)).toBe(1);
  expect(tierFor(strong.metadata.primary_model)).toBe(3);
}

describe("Auto's ladder with organisations' own keys (no instance key)", () => {
  let setup: LadderServer;
  const tiers = new Map(modelCatalog.map((model) => [model.id, model.tier]));
  beforeAll(async () => {
    setup = await startLadderServer(() => ({ OPENAI_COMPATIBLE_MODELS: declaredModels }));
  });
  afterAll(async () => setup?.close());

  it('sends Auto to the embedded model when the organisation has no provider at all', async () => {
    const owner = await setup.signUp('bare');
    const policy = await setup.call(owner, `/org/${owner.orgId}/routing-policy`);
    expect(policy.body.effective.candidate_model_ids).toEqual([embeddedModelId]);
    // The model file is missing here, so the call fails; the decision shows Auto chose the embedded model.
    const answer = await setup.ask(owner, 'hi');
    expect(answer.status).toBeGreaterThanOrEqual(500);
    const decision = await lastDecision(setup, owner);
    expect(decision).toMatchObject({ mode: 'auto', primaryModelId: embeddedModelId, backupModelId: null });
  });

  it.each(['openai', 'anthropic', 'google'] as const)(
    'with only its own %s key, never sends Auto to the embedded model and reaches a cheap and a strong tier',
    async (provider) => {
      const owner = await setup.signUp(provider);
      await setup.useOwnKey(owner, provider);
      const policy = await setup.call(owner, `/org/${owner.orgId}/routing-policy`);
      expect(policy.body.effective.candidate_model_ids).not.toContain(embeddedModelId);
      // The embedded model stays in the model list, to be chosen by hand.
      const models = await setup.call(owner, '/conversation/models');
      expect(models.body.models.map((model: { model_id: string }) => model.model_id)).toContain(embeddedModelId);
      await expectCheapAndStrongTiers(setup, owner, provider, (modelId) => tiers.get(modelId));
    },
  );

  it('with only its own OpenAI-compatible server, answers Auto from the declared models, cheap and strong', async () => {
    const owner = await setup.signUp('compatible');
    await setup.useOwnKey(owner, 'openai-compatible');
    const policy = await setup.call(owner, `/org/${owner.orgId}/routing-policy`);
    expect(policy.body.effective.candidate_model_ids).toEqual([compatibleCheap, compatibleStrong]);
    await expectCheapAndStrongTiers(setup, owner, 'openai-compatible', tierOf);
    // The server is asked for the model by its own name.
    const names = setup.provider.requests.map((request) => (request.body as { model?: string }).model);
    expect(names).toContain('llama3.1:8b');
    expect(names).toContain('meta-llama/Llama-3.3-70B-Instruct');
  });

  it('puts the embedded model in Auto beside a cloud provider when the routing policy names it', async () => {
    const owner = await setup.signUp('policy');
    await setup.useOwnKey(owner, 'openai');
    const changed = await setup.call(owner, `/org/${owner.orgId}/routing-policy`, {
      method: 'PUT',
      body: { candidate_model_ids: [embeddedModelId, 'openai/gpt-4o-mini'], quality_target: 0.5 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.effective.candidate_model_ids).toEqual([embeddedModelId, 'openai/gpt-4o-mini']);
    const answer = await setup.ask(owner, 'hi');
    expect(answer.status).toBe(200);
    // Auto chose the free embedded model; its file is missing here, so its backup answered.
    expect(answer.parsed.metadata).toMatchObject({
      primary_model: embeddedModelId,
      backup_model: 'openai/gpt-4o-mini',
    });
    expect(answer.parsed.metadata!.route).toMatchObject({ mode: 'auto', reason: 'fallback' });
  });

  it('still answers a chosen embedded model by hand while a cloud provider is configured', async () => {
    const owner = await setup.signUp('by-hand');
    await setup.useOwnKey(owner, 'openai');
    const answer = await setup.call(owner, '/conversation/message', {
      body: { org_id: owner.orgId, user_id: owner.userId, prompt: 'hi', forced_model_id: embeddedModelId },
    });
    // Not refused (403): it was called, and failed only for want of its file here.
    expect(answer.status).not.toBe(403);
    expect(await lastDecision(setup, owner)).toMatchObject({ mode: 'forced', primaryModelId: embeddedModelId });
  });
});

describe("Auto's ladder with the instance's OpenAI-compatible server", () => {
  let setup: LadderServer;
  beforeAll(async () => {
    setup = await startLadderServer((providerUrl) => ({
      OPENAI_COMPATIBLE_BASE_URL: `${providerUrl}/v1`,
      OPENAI_COMPATIBLE_MODELS: declaredModels,
    }));
  });
  afterAll(async () => setup?.close());

  it('lists the declared models and routes Auto among them, cheap and strong, never to the embedded model', async () => {
    const owner = await setup.signUp('instance');
    const models = await setup.call(owner, '/conversation/models');
    expect(
      models.body.models.map((model: { model_id: string; name: string }) => `${model.model_id}:${model.name}`),
    ).toEqual(
      expect.arrayContaining([
        `${compatibleCheap}:llama3.1:8b`,
        `${compatibleStrong}:Llama 3.3 70B`,
        `${embeddedModelId}:TinyLlama 1.1B Chat (local)`,
      ]),
    );
    await expectCheapAndStrongTiers(setup, owner, 'openai-compatible', tierOf);
  });
});
