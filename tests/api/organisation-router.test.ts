import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createOnlineRouterState, learnOnlineRouter } from '../../src/gateway';
import { organisationRouterStates, routingQualityLabels } from '../../src/server/db/schema';
import {
  changeRouterState,
  readRouterState,
} from '../../src/server/routing/organisation-router/router-state-repository';
import { startServer, type RunningServer } from '../../src/server/server';
import { organisationRouterFixture } from './support/organisation-router-fixture';
import { ownServerConfig } from './support/own-server';

// docs/decisions/068: each organisation's online router, stored in the database, learned from its labels, deciding once it can.

// Scored low by the committed router: tier 1 is enough.
const cheapQuestion = 'What is the capital of France?';
const places = ['Spain', 'Italy', 'Peru', 'Chile', 'Japan', 'Kenya', 'Egypt', 'Norway', 'Canada', 'Brazil'];

let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-org-router-'));
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

const { call, signUp, askAuto, routerOf } = organisationRouterFixture(() => server);

const storedRow = async (orgId: string) =>
  (
    await server.database.db.select().from(organisationRouterStates).where(eq(organisationRouterStates.orgId, orgId))
  )[0];

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: { msg: string; orgId?: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

/** A unit vector of the embedded encoder's size, for learning without the encoder. */
function unitVector(index: number): Float32Array {
  const vector = new Float32Array(512);
  vector[index % 512] = 1;
  return vector;
}

describe("an organisation's own router", () => {
  it("learns the organisation's labels, then decides Auto's tier and says so; a reset gives the choice back to the global router", async () => {
    const owner = await signUp();
    const before = await askAuto(owner, cheapQuestion);
    expect(before.tier).toBe(1);
    expect(before.route.router).toBe('global');
    expect(before.decision.router).toBe('global');
    const globalScore = before.decision.routerScore!;

    // Its users' prompts of this sort all needed the strongest model (the judge said "worse" each time).
    const routers = server.organisationRouters!;
    for (let index = 0; index < 205; index++) {
      const place = places[index % places.length];
      await routers.learn(owner.orgId, `What is the capital of ${place}? (${index})`, globalScore, {
        weak: 0,
        strong: 1,
      });
      if (index === 198)
        expect(await routerOf(owner)).toMatchObject({ labels: 199, decides: false, deciding_since: null });
    }
    const learned = await routerOf(owner);
    expect(learned).toMatchObject({ labels: 205, labels_needed: 200, decides: true });
    expect(Date.parse(learned.deciding_since)).not.toBeNaN();

    const after = await askAuto(owner, cheapQuestion);
    expect(after.route.router).toBe('organisation');
    expect(after.decision.router).toBe('organisation');
    expect(after.route.reason_text).toContain("Your organization's own router (learned from 205 labels)");
    expect(after.tier).toBeGreaterThan(1);

    // Another organisation's Auto is not moved by these labels.
    const other = await signUp();
    const elsewhere = await askAuto(other, cheapQuestion);
    expect(elsewhere.tier).toBe(1);
    expect(elsewhere.route.router).toBe('global');
    expect([403, 404]).toContain((await call(other, `/org/${owner.orgId}/routing-quality/router/reset`, {})).status);
    expect((await routerOf(owner)).labels).toBe(205);

    const reset = await call(owner, `/org/${owner.orgId}/routing-quality/router/reset`, {});
    expect(reset.status).toBe(200);
    expect(reset.body.router).toMatchObject({ labels: 0, decides: false, deciding_since: null });
    const afterReset = await askAuto(owner, cheapQuestion);
    expect(afterReset.route.router).toBe('global');
    expect(afterReset.tier).toBe(1);
  }, 180_000);

  it('learns a shadow-evaluation verdict after the reply', async () => {
    const owner = await signUp();
    const shadow = await call(
      owner,
      `/org/${owner.orgId}/routing-policy`,
      { shadow_evaluation: { sampling_rate: 1 } },
      'PUT',
    );
    expect(shadow.status).toBe(200);
    expect((await routerOf(owner)).labels).toBe(0);
    const reply = await askAuto(owner, cheapQuestion);
    expect(reply.tier).toBe(1);
    const labels = await server.database.db
      .select()
      .from(routingQualityLabels)
      .where(eq(routingQualityLabels.orgId, owner.orgId));
    expect(labels).toHaveLength(1);
    const router = await routerOf(owner);
    expect(router).toMatchObject({ labels: 1, decides: false });
    const stored = await storedRow(owner.orgId);
    expect(stored).toMatchObject({ labels: 1, version: 1 });
    // The label is what the verdict says: "as good" a gain of 0, "worse" a gain of 1.
    const gain = labels[0]!.verdict === 'as_good' ? 0 : 1;
    expect((stored!.state as { calibration: { gainSum: number } }).calibration.gainSum).toBe(gain);
  }, 120_000);

  it('counts both of two labels learned at once (the row is locked while one learns)', async () => {
    const owner = await signUp();
    const encoder = server.organisationRouters!.encoder;
    const { logger } = capturingLogger();
    const learn = (index: number) =>
      changeRouterState(server.database.db, owner.orgId, encoder, logger, (state) =>
        learnOnlineRouter(state, { embedding: unitVector(index), staticScore: 0.3 }, { weak: 0, strong: 1 }),
      );
    await Promise.all([learn(1), learn(2)]);
    expect(await storedRow(owner.orgId)).toMatchObject({ labels: 2, version: 2 });
    await Promise.all([learn(3), learn(4), learn(5)]);
    const stored = await storedRow(owner.orgId);
    expect(stored).toMatchObject({ labels: 5, version: 5 });
    expect((stored!.state as { memory: unknown[] }).memory).toHaveLength(5);
  });

  it('ignores a broken stored state or one learned with another encoder, with a log line, and learns afresh', async () => {
    const owner = await signUp();
    const encoder = server.organisationRouters!.encoder;
    const { db } = server.database;
    const learnOne = (logger: pino.Logger) =>
      changeRouterState(db, owner.orgId, encoder, logger, (state) =>
        learnOnlineRouter(state, { embedding: unitVector(7), staticScore: 0.4 }, { weak: 1, strong: 1 }),
      );
    await db
      .insert(organisationRouterStates)
      .values({ orgId: owner.orgId, state: { format: 'broken' }, labels: 300, version: 3 });
    const broken = capturingLogger();
    expect((await readRouterState(db, owner.orgId, encoder, broken.logger))!.state.labels).toBe(0);
    expect((await routerOf(owner)).labels).toBe(0);
    // Auto still answers, by the global router.
    expect((await askAuto(owner, cheapQuestion)).route.router).toBe('global');
    const saved = await learnOne(broken.logger);
    expect(saved).toMatchObject({ version: 4 });
    expect(saved.state.labels).toBe(1);
    expect(broken.lines.map((line) => line.msg)).toContain(
      "the organisation's stored router state is invalid: it starts afresh",
    );
    expect(broken.lines.every((line) => line.orgId === owner.orgId)).toBe(true);

    // Learned with another encoder: its vectors cannot be compared with this one's.
    let foreign = createOnlineRouterState(undefined, { id: 'another-encoder', dimensions: 512, windowCharacters: 256 });
    foreign = learnOnlineRouter(foreign, { embedding: unitVector(3), staticScore: 0.5 }, { weak: 0, strong: 1 });
    await db
      .update(organisationRouterStates)
      .set({ state: foreign, labels: 1 })
      .where(eq(organisationRouterStates.orgId, owner.orgId));
    const switched = capturingLogger();
    const relearned = await learnOne(switched.logger);
    expect(relearned.state.labels).toBe(1);
    expect(relearned.state.encoder.id).toBe(encoder.id);
    expect(relearned.state.calibration.gainSum).toBe(0);
    expect(switched.lines.map((line) => line.msg)).toContain(
      "the organisation's router was learned with another encoder: it starts afresh",
    );
  });
});
