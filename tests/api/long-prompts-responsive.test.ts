import { mkdtemp, rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { strongPassword, uniqueName } from './support/client';
import { mainThreadCpuMilliseconds } from './support/main-thread-cpu';
import { startServerProcess, type ServerProcess } from './support/server-process';

/**
 * The most a health check may take while long prompts are worked on (issue 20). Before the fix,
 * answers took seconds (7.7 s for the ten 16 KB prompts, 128 s for the 200 KB one), the server's
 * thread busy all along. On a shared 2-core machine the scheduler alone can also hold a busy
 * process for longer than this (answers of 200-400 ms were seen at a load average of 20, the
 * server's thread running for 20 ms of them), which says nothing about the server: so a check
 * counts as held for the lesser of its time and the CPU time the server's main thread used
 * meanwhile (Linux's /proc; elsewhere, its time alone), and the server and the checks run at a
 * higher priority than other processes where that is allowed.
 */
const healthAnswerBoundMs = 100;
/** Pause between health checks. */
const pollGapMs = 20;

interface HealthCheck {
  /** Milliseconds from the request to the end of the answer. */
  took: number;
  /** The part of it the server's own thread could have held the answer. */
  held: number;
}

interface Call {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: untyped JSON answer body: each test asserts on the shape it expects; unknown would need a cast at every property it reads
  body: any;
}

/** Lower-case letters without a space, from a fixed seed: one "word" as long as the prompt, unlike any other. */
function lettersWithoutSpaces(length: number, seed: number): string {
  let state = seed;
  let text = '';
  for (let index = 0; index < length; index += 1) {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    text += String.fromCharCode(97 + ((state >> 8) % 26));
  }
  return text;
}

/**
 * Long prompts without spaces, the shape that made the router's features, the cache's guard and
 * the token estimate backtrack or grow quadratically on the main thread (issue 20), sent to a
 * server of its own (its own process, so the health checks measure that server alone) while
 * GET /api/healthz is asked every 20 ms: the server must hold no answer for 100 ms.
 */
describe('long prompts leave the server responsive', () => {
  let provider: FakeProviderServer;
  let dataDir: string;
  let server: ServerProcess;

  const call = async (pathname: string, options: { token?: string; body?: unknown; method?: string } = {}) => {
    const response = await fetch(`${server.url}/api${pathname}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // A streamed reply: kept as text.
    }
    return { status: response.status, body } as Call;
  };

  /**
   * Polls the health check until `work` settles; answers how long each check took and how long
   * the server held it: the lesser of that and its main thread's CPU time meanwhile.
   */
  const healthChecksDuring = async (work: Promise<unknown>) => {
    const checks: HealthCheck[] = [];
    let settled = false;
    const watching = work.finally(() => (settled = true));
    while (!settled) {
      const cpuBefore = await mainThreadCpuMilliseconds(server.child.pid!);
      const started = performance.now();
      const answer = await fetch(`${server.url}/api/healthz`);
      await answer.text();
      const took = performance.now() - started;
      const cpuAfter = await mainThreadCpuMilliseconds(server.child.pid!);
      const cpu = cpuBefore === undefined || cpuAfter === undefined ? took : cpuAfter - cpuBefore;
      checks.push({ took, held: Math.min(took, cpu) });
      expect(answer.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, pollGapMs));
    }
    await watching;
    return checks;
  };

  const sendPrompt = (token: string, orgId: string, userId: string, prompt: string) =>
    call('/conversation/message', {
      token,
      body: { org_id: orgId, user_id: userId, prompt, stream: true },
    });

  beforeAll(async () => {
    provider = await startFakeProviderServer();
    provider.setDefaultReply({ text: 'A short answer.' });
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-long-prompts-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      // As `npm start` runs: the encoder and the chat path are warmed before the server says it is ready.
      ENCODER_WARM_AT_START: 'true',
      CHAT_PATH_WARM_AT_START: 'true',
      OPENAI_API_KEY: 'sk-test-dummy',
      OPENAI_BASE_URL: `${provider.url}/v1`,
      ANTHROPIC_API_KEY: 'sk-ant-test-dummy',
      ANTHROPIC_BASE_URL: `${provider.url}/v1`,
      ...(inject('databaseKind') === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL! } : {}),
    });
    // The server and these checks ahead of other work on a shared machine, where that is allowed
    // (root or CAP_SYS_NICE): what is measured is the server, not the machine's other load.
    for (const pid of [server.child.pid!, process.pid]) {
      try {
        setPriority(pid, -10);
      } catch {
        // Not allowed here: the CPU-time reading below still tells the machine from the server.
      }
    }
    for (let ready = await fetch(`${server.url}/api/readyz`); ready.status !== 200; ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      ready = await fetch(`${server.url}/api/readyz`);
    }
  });
  afterAll(async () => {
    if (server) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await provider?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers the health check within 100 ms while ten 16 KB prompts and one 200 KB prompt are worked on', async () => {
    const username = uniqueName('long');
    const signedUp = await call('/auth/signup', {
      body: { username, email: `${username}@example.test`, password: strongPassword, org_name: 'Long Prompts Ltd' },
    });
    expect(signedUp.status).toBe(201);
    const admin = {
      token: signedUp.body.token as string,
      orgId: signedUp.body.user.org_id as string,
      userId: signedUp.body.user.id as string,
    };
    const roles = await call(`/roles/organization/${admin.orgId}`, { token: admin.token });
    const memberRoleId = roles.body.roles.find((role: { name: string }) => role.name === 'Member').id;
    const memberName = uniqueName('member');
    const created = await call('/user', {
      token: admin.token,
      body: {
        username: memberName,
        email: `${memberName}@example.test`,
        password: strongPassword,
        org_id: admin.orgId,
        role_id: memberRoleId,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const login = await call('/auth/login', { body: { username: memberName, password: strongPassword } });
    const member = { token: login.body.token as string, userId: created.body.user.id as string };
    const send = (who: { token: string; userId: string }, prompt: string) =>
      sendPrompt(who.token, admin.orgId, who.userId, prompt);

    // One ordinary message each first, so what is measured is the long prompts, not a first request.
    for (const who of [member, admin]) {
      const warm = await send(who, 'How do I boil an egg?');
      expect(warm.status, JSON.stringify(warm.body)).toBe(200);
    }
    const idle = await healthChecksDuring(new Promise((resolve) => setTimeout(resolve, 1_000)));

    // A person with the seeded Member role (2,000 tokens a request): refused, at once.
    const refusedPrompts = Promise.all(
      Array.from({ length: 10 }, (_, index) => send(member, lettersWithoutSpaces(16_000, index + 1))),
    );
    const duringRefused = await healthChecksDuring(refusedPrompts);
    for (const answer of await refusedPrompts) {
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('Message exceeds maximum allowed tokens (2000)');
    }

    // The organisation's default cap (4,000 tokens: 16,000 characters) for a role without its own: answered.
    const answeredPrompts = Promise.all(
      Array.from({ length: 10 }, (_, index) => send(admin, lettersWithoutSpaces(16_000, index + 11))),
    );
    const duringAnswered = await healthChecksDuring(answeredPrompts);
    for (const answer of await answeredPrompts) expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    // The cap raised, as an administrator may: one prompt of 200,000 characters, answered.
    const raised = await call(`/org/${admin.orgId}/settings`, {
      method: 'PUT',
      token: admin.token,
      body: { max_tokens_per_request: 60_000 },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const longPrompt = send(admin, lettersWithoutSpaces(200_000, 99));
    const duringLong = await healthChecksDuring(longPrompt);
    expect((await longPrompt).status).toBe(200);

    const phases = { idle, refused: duringRefused, answered: duringAnswered, long: duringLong };
    // Per phase, the slowest check's time and the most the server held one, in milliseconds.
    const report = Object.fromEntries(
      Object.entries(phases).map(([phase, checks]) => [
        phase,
        {
          took: Math.round(Math.max(...checks.map((check) => check.took))),
          held: Math.round(Math.max(...checks.map((check) => check.held))),
          checks: checks.length,
        },
      ]),
    );
    const described = JSON.stringify(report);
    for (const phase of ['refused', 'answered', 'long']) {
      expect(report[phase]!.checks, described).toBeGreaterThan(0);
      expect(report[phase]!.held, described).toBeLessThan(healthAnswerBoundMs);
    }
  }, 600_000);
});
