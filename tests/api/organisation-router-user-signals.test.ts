import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseStreamBody } from '../../src/contracts';
import { organisationRouterStates } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { ownServerConfig } from './support/own-server';
import { organisationRouterFixture, type RouterOwner } from './support/organisation-router-fixture';

// docs/decisions/072: a user's rating of a cheaper tier's reply, or asking a stronger model again,
// teaches the organisation's own router the label a judge's verdict would.

let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-user-signals-'));
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
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const { call, signUp, askAuto } = organisationRouterFixture(() => server);

// Invented questions the committed router scores low: a cheaper tier answers them.
const cheapQuestions = [
  'What is the capital of France?',
  'What colour is a ripe banana?',
  'How many days are in a week?',
  'What is the capital of Italy?',
];

/** What the organisation's router has learned: how many labels, and the sum of their gains (1 each "needed a stronger model"). */
async function learned(owner: RouterOwner) {
  await server.modelCallsSettled();
  const [row] = await server.database.db
    .select()
    .from(organisationRouterStates)
    .where(eq(organisationRouterStates.orgId, owner.orgId));
  return {
    labels: row?.labels ?? 0,
    gainSum: (row?.state as { calibration?: { gainSum: number } } | undefined)?.calibration?.gainSum ?? 0,
  };
}

async function askCheap(owner: RouterOwner, question: string) {
  const asked = await askAuto(owner, question);
  expect(asked.route.reason).toBe('router_score');
  const strongest = Math.max(...asked.decision.candidates.filter((model) => model.eligible).map((model) => model.tier));
  expect(asked.tier).toBeLessThan(strongest);
  expect(asked.decision.globalRouterScore).toEqual(expect.any(Number));
  const strongModel = asked.decision.candidates.find((model) => model.eligible && model.tier === strongest)!.model_id;
  return { ...asked, strongModel };
}

const rate = (owner: RouterOwner, selectionId: string, feedback: string) =>
  call(owner, '/feedback', { selection_id: selectionId, org_id: owner.orgId, user_id: owner.userId, feedback });

async function regenerate(owner: RouterOwner, asked: Awaited<ReturnType<typeof askCheap>>, extra: object) {
  const answer = await call(owner, '/conversation/regenerate', {
    session_id: asked.metadata.session_id,
    message_id: asked.metadata.assistant_msg_id,
    stream: true,
    ...extra,
  });
  expect(answer.status).toBe(200);
  expect(parseStreamBody(answer.text).metadata).toBeDefined();
  await server.modelCallsSettled();
}

describe("users' signals teach the organisation's own router", () => {
  it('a negative rating of a cheaper tier is a "needed stronger" label, a positive one a "cheaper was enough" label, a neutral one none', async () => {
    const owner = await signUp();
    const other = await signUp();
    const first = await askCheap(owner, cheapQuestions[0]!);
    expect(await learned(owner)).toEqual({ labels: 0, gainSum: 0 });

    expect((await rate(owner, first.metadata.selection_id, 'negative')).status).toBe(201);
    expect(await learned(owner)).toEqual({ labels: 1, gainSum: 1 });

    const second = await askCheap(owner, cheapQuestions[1]!);
    expect((await rate(owner, second.metadata.selection_id, 'positive')).status).toBe(201);
    expect(await learned(owner)).toEqual({ labels: 2, gainSum: 1 });

    const third = await askCheap(owner, cheapQuestions[2]!);
    expect((await rate(owner, third.metadata.selection_id, 'neutral')).status).toBe(201);
    expect(await learned(owner)).toEqual({ labels: 2, gainSum: 1 });

    // The other organisation's router learned nothing of it.
    expect(await learned(other)).toEqual({ labels: 0, gainSum: 0 });
    // The routing-quality call reports the labels.
    const quality = await call(owner, `/org/${owner.orgId}/routing-quality`);
    expect(quality.body.router.labels).toBe(2);
  }, 180_000);

  it('asking a stronger model again is a "needed stronger" label; rewriting the prompt, or a rating of the strongest tier, teaches nothing', async () => {
    const owner = await signUp();
    const asked = await askCheap(owner, cheapQuestions[3]!);
    await regenerate(owner, asked, { forced_model_id: asked.strongModel });
    expect(await learned(owner)).toEqual({ labels: 1, gainSum: 1 });

    // The strongest tier's new answer, rated: it says nothing of a cheaper tier.
    const decisionOfRegeneration = await server.database.db.query.routingDecisions.findFirst({
      where: (decision, { and, eq: equals }) =>
        and(equals(decision.orgId, owner.orgId), equals(decision.servedModelId, asked.strongModel)),
    });
    expect(decisionOfRegeneration).toBeDefined();
    expect((await rate(owner, decisionOfRegeneration!.id, 'negative')).status).toBe(201);
    expect(await learned(owner)).toEqual({ labels: 1, gainSum: 1 });

    // An edit asks another prompt: the old prompt's label is not certain.
    const edited = await askCheap(owner, cheapQuestions[0]!);
    await regenerate(owner, edited, { forced_model_id: edited.strongModel, content: 'What is the capital of Peru?' });
    expect(await learned(owner)).toEqual({ labels: 1, gainSum: 1 });
  }, 180_000);
});
