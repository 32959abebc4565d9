import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { eventually } from './support/chat';
import {
  clientOf,
  seedOrganisation,
  signIn,
  startConversation,
  type Conversation,
  type Person,
  type SeededOrganisation,
} from './support/fuzz-fixtures';
import {
  administrationSnapshot,
  disruptiveOperations,
  restoreAdministration,
  type AdministrationSnapshot,
} from './support/fuzz-administration';
import { brokenInvariants, organisationSnapshot, recordedModelCalls } from './support/fuzz-invariants';
import {
  operationName,
  operationsOf,
  requestsFor,
  type Caller,
  type FuzzRequest,
  type Operation,
} from './support/fuzz-requests';
import type { ValuePools } from './support/fuzz-values';
import { ownServerConfig } from './support/own-server';
import { rawRequest } from './support/raw-request';

/** Fixed, so CI runs the same requests every time; FUZZ_SEED and FUZZ_RUNS explore further locally. */
const seed = Number(process.env.FUZZ_SEED ?? 20_261_124);
const runs = Number(process.env.FUZZ_RUNS ?? 10_000);

/**
 * Every route of /api/openapi.json (the /v1 ones for programs with API keys), sent requests derived from its own schemas and bent (wrong
 * types, NUL and control characters, lone surrogates, huge numbers, long strings, odd path
 * segments, missing and extra fields), as an admin and a member of the test's organisation, with
 * no token and a forged one, aiming at ids of its own organisation and another's. Nothing may
 * answer 5xx; afterwards the database holds nothing half-written and the other organisation is
 * unchanged. Its own server and fake model provider, to read the database and count model calls.
 */
describe('every route, fuzzed', () => {
  let provider: FakeProviderServer;
  let server: RunningServer;
  let dataDir: string;
  let alpha: SeededOrganisation;
  let beta: SeededOrganisation;
  let operations: Operation[];
  let poolsOf: (caller: Caller) => ValuePools;
  let current: Record<'admin' | 'member', Conversation>;
  let fixtureSessionIds: string[];
  let alphaAdministration: AdministrationSnapshot;
  /** The /v1 routes' credentials: the admin's and the member's own API keys. */
  let apiKeys: Record<'admin' | 'member', string>;

  beforeAll(async () => {
    provider = await startFakeProviderServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-fuzz-'));
    const config = ownServerConfig(dataDir, {
      OPENAI_API_KEY: 'sk-test-dummy',
      OPENAI_BASE_URL: `${provider.url}/v1`,
      ANTHROPIC_API_KEY: 'sk-ant-test-dummy',
      ANTHROPIC_BASE_URL: `${provider.url}/v1`,
      TRUST_PROXY: 'true',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      // The cheapest password hashing the server accepts: sign-ins are fuzzed too.
      ARGON2_MEMORY_KIB: '8192',
      ARGON2_TIME_COST: '1',
    });
    server = await startServer(config, { webRoot: null, pgliteDataDir: 'memory://' });
    const call = clientOf(server.url);
    alpha = await seedOrganisation(call, dataDir, { withMembers: true });
    beta = await seedOrganisation(call, dataDir, { withMembers: false });
    const keyOf = async (person: Person) => {
      const created = await call('POST', '/api-keys', { token: person.token, body: { name: 'Fuzzed programs' } });
      expect(created.status).toBe(201);
      return created.body.secret as string;
    };
    apiKeys = { admin: await keyOf(alpha.admin), member: await keyOf(alpha.member!) };
    alphaAdministration = await administrationSnapshot(server.database.db, alpha.orgId);
    operations = operationsOf((await call('GET', '/openapi.json')).body);
    const models = (
      (await call('GET', '/conversation/models', { token: alpha.admin.token })).body.models as { model_id: string }[]
    ).map((model) => model.model_id);
    // Each caller's current conversation: the run deletes conversations, and starts a new one each time.
    current = { admin: alpha.conversations[0]!, member: alpha.conversations[1]! };
    fixtureSessionIds = [...alpha.conversations, ...beta.conversations].map((conversation) => conversation.sessionId);
    const others = (person: Person) => ({
      users: [alpha.admin, alpha.member!, beta.admin]
        .map((someone) => someone.userId)
        .filter((id) => id !== person.userId),
      conversation: current[person === alpha.member ? 'admin' : 'member'],
    });
    const seenBy = (who: 'admin' | 'member'): ValuePools => {
      const person = who === 'member' ? alpha.member! : alpha.admin;
      const theirs = () => [current[who], others(person).conversation, ...beta.conversations];
      return {
        ids: {
          org: () => [alpha.orgId, beta.orgId],
          user: () => [person.userId, ...others(person).users],
          role: () => [...alpha.roleIds, ...beta.roleIds],
          session: () => theirs().map((conversation) => conversation.sessionId),
          // The reply first: regenerating, editing and deleting all take it.
          message: () => theirs().flatMap((conversation) => [conversation.replyId, conversation.userMessageId]),
          selection: () => theirs().map((conversation) => conversation.selectionId),
          feedback: () => [...alpha.feedbackIds, ...beta.feedbackIds],
          notice: () => [...alpha.noticeIds, ...beta.noticeIds],
        },
        models: [...models, 'google/gemini-2.0-flash', 'local/nope'],
        providers: ['openai', 'anthropic', 'google', 'openai-compatible', 'mistral'],
        // A reserved name that never resolves; keys saved with it are removed at once (below).
        baseUrl: 'https://provider.invalid/v1',
      };
    };
    const asAdmin = seenBy('admin');
    const asMember = seenBy('member');
    poolsOf = (caller) => (caller === 'member' ? asMember : asAdmin);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`answers ${runs} generated requests across every route without a 5xx, leaving nothing half-written`, async () => {
    const call = clientOf(server.url);
    // What the server writes on its own timers (an idle budget lease returned, the cache's lookup
    // counts flushed) is settled before each snapshot: it changes with time, not with requests.
    const settled = async () => {
      await server.leases.returnIdle(0);
      await server.cacheLearning?.counter.flush();
    };
    await settled();
    const betaBefore = await organisationSnapshot(server.database.db, beta.orgId);
    const sent = new Map<string, number>();
    const statuses = new Map<number, number>();
    let requestCount = 0;
    const started = performance.now();

    async function tokenFor(request: FuzzRequest): Promise<string | undefined> {
      // Logging out ends the sign-in: a fresh one of a spare member, so the run keeps its own.
      if (request.operation === 'POST /auth/logout' && (request.caller === 'admin' || request.caller === 'member'))
        return signIn(call, alpha.spare!.username);
      if (request.base === '/v1') {
        if (request.caller === 'admin' || request.caller === 'member') return apiKeys[request.caller];
        // Well formed, as a leaked or revoked key would be, but no key of anyone's.
        if (request.caller === 'forged') return `tw-abcdefgh_${'x'.repeat(43)}`;
        return undefined;
      }
      if (request.caller === 'admin') return alpha.admin.token;
      if (request.caller === 'member') return alpha.member!.token;
      if (request.caller === 'forged') return 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.forged';
      return undefined;
    }

    async function send(request: FuzzRequest): Promise<void> {
      const token = await tokenFor(request);
      const response = await rawRequest(server.url, {
        method: request.method,
        path: `${request.base}${request.url}`,
        headers: {
          // A client address of its own per request, as many clients would be.
          'x-forwarded-for': `10.9.${(requestCount >> 8) & 255}.${requestCount++ & 255}`,
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: request.body,
      });
      const text = response.text;
      sent.set(request.operation, (sent.get(request.operation) ?? 0) + 1);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500) throw new Error(`answered ${response.status}: ${text.slice(0, 500)}`);
      const ok = response.status >= 200 && response.status < 300;
      // A successful JSON answer has the documented shape: the document tells the truth.
      const answer = answerSchemas.get(request.operation);
      if (ok && answer && response.contentType.startsWith('application/json')) {
        const checked = answer.safeParse(JSON.parse(text));
        if (!checked.success)
          throw new Error(
            `answered ${response.status} with a shape the document does not describe: ${checked.error.message.slice(0, 800)}\n${text.slice(0, 500)}`,
          );
      }
      // An organisation's own key would send chat calls to a real provider (or any URL): never in a test.
      if (ok && request.method === 'PUT' && request.operation.includes('/provider-keys/')) {
        expect((await call('DELETE', request.url.split('?')[0]!, { token: alpha.admin.token })).status).toBe(200);
      }
      // Roles, people and settings back as they were, and anyone whose sign-in ended signed in again.
      if (ok && disruptiveOperations.has(request.operation)) {
        const keeper = alphaAdministration.roles.find((role) => role.seededAs === 'member')!;
        await restoreAdministration(server.database.db, alpha.orgId, alphaAdministration, keeper.id);
        for (const person of [alpha.admin, alpha.member!]) {
          if ((await call('GET', '/user/profile', { token: person.token })).status !== 401) continue;
          // Under the name they have now: the run changes usernames too (PUT /user/profile).
          const [current] = await server.database.db
            .select({ username: users.username })
            .from(users)
            .where(eq(users.id, person.userId));
          person.token = await signIn(call, current!.username);
        }
      }
      // A deleted conversation is replaced, so the rest of the run still has one to aim at.
      if (ok && request.method === 'DELETE' && /^DELETE \/(conversation|preferences)\//.test(request.operation)) {
        const who = request.caller === 'member' ? 'member' : 'admin';
        current[who] = await startConversation(
          call,
          who === 'member' ? alpha.member! : alpha.admin,
          alpha.orgId,
          `A new conversation after ${request.operation}`,
        );
        fixtureSessionIds.push(current[who].sessionId);
      }
    }

    const answerSchemas = new Map(
      operations
        .filter((operation) => operation.answer)
        .map((operation) => [operationName(operation), z.fromJSONSchema(operation.answer!.schema as never)]),
    );
    const requests = fc.oneof(...operations.map((operation) => requestsFor(operation, poolsOf)));
    await fc.assert(fc.asyncProperty(requests, send), { seed, numRuns: runs });
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `fuzzed ${runs} requests over ${operations.length} routes in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );

    // Every route was reached, many times.
    expect(
      operations.filter((operation) => (sent.get(operationName(operation)) ?? 0) < runs / operations.length / 4),
    ).toEqual([]);

    // Every model call the provider answered is recorded (replies are recorded just after their stream ends).
    const orgIds = [alpha.orgId, beta.orgId];
    const modelCalls = () =>
      provider.requests.filter((request) =>
        ['/v1/chat/completions', '/v1/messages', '/v1/embeddings'].includes(request.path),
      ).length;
    expect(
      await eventually(
        () => recordedModelCalls(server.database.db, orgIds),
        (recorded) => recorded === modelCalls(),
        15_000,
      ),
    ).toBe(modelCalls());
    expect(await brokenInvariants(server.database.db, orgIds, fixtureSessionIds)).toEqual([]);
    await settled();
    expect(await organisationSnapshot(server.database.db, beta.orgId)).toEqual(betaBefore);
  }, 600_000);
});
