/**
 * Everything one bench repeat runs: the fake provider, and in front of it the three gateways
 * (bare proxy, Portkey, our server), each a process of its own; plus how to send each target
 * the same streamed chat call.
 */
import { startServerProcess, type ServerProcess } from '../support/server-process';
import {
  startAiSdkGateway,
  startBareProxy,
  startFakeProvider,
  startPortkey,
  type FakeProviderProcess,
  memoryProbeModule,
} from './child-processes';
import type { FakeReply } from '../../src/gateway/testing/fake-reply';
import type { StreamRequest } from './load-job';

export type TargetName =
  | 'direct'
  | 'bare proxy'
  | 'AI SDK pass-through'
  | 'Portkey'
  | 'Tokenwise'
  | 'Tokenwise, cache off'
  | 'Tokenwise /v1';

/**
 * Our server three ways: the chat as installed (semantic cache on), the chat for an organisation
 * that turned the cache off (a plain gateway), and a program's OpenAI-shaped call on /v1 with an
 * API key (cache on), the path issue 23's programs take.
 */
export const ourTargets = [
  'Tokenwise',
  'Tokenwise, cache off',
  'Tokenwise /v1',
] as const satisfies readonly TargetName[];
export const gatewayTargets = [
  'bare proxy',
  'AI SDK pass-through',
  'Portkey',
  ...ourTargets,
] as const satisfies readonly TargetName[];

export interface Target {
  name: TargetName;
  /** The gateway process (none for direct calls to the fake provider). */
  pid: number | undefined;
  /** The streamed chat call, for a reply ending in `lastWord`. */
  request(lastWord: string): StreamRequest;
  /** The last lines the gateway logged, where the bench captures them (our server, LOG_LEVEL=warn). */
  recentLog?(): string[];
}

export interface Stack {
  fake: FakeProviderProcess;
  targets: Target[];
  stop(): Promise<void>;
}

export interface StackOptions {
  /** The fake provider's reply to every request (the bench changes it for some measurements). */
  defaultReply: FakeReply;
  probeDirectory: string;
  dataDirectory: string;
  /** Where our server writes a V8 CPU profile (--cpu-prof); none when undefined. */
  profileDirectory?: string;
  /** Only these targets, and only the processes they need; all of them when undefined. */
  only?: readonly TargetName[];
  /**
   * Our server started once on its fresh data folder, not stopped after initdb and the migrations
   * and started again: quicker, for measurements that do not read its memory.
   */
  singleStart?: boolean;
}

// The load client fills in random words and the request's number: no two prompts are alike, so a
// (semantic) reply cache never answers and every stream reaches the provider.
const prompt = 'Tell me about {{words}} ({{n}}).';
const password = 'Bench-Gateway-9';

function openAiRequest(
  url: string,
  headers: Record<string, string>,
  lastWord: string,
  model = 'gpt-4o-mini',
): StreamRequest {
  const body = {
    model,
    stream: true,
    stream_options: { include_usage: true },
    messages: [{ role: 'user', content: prompt }],
  };
  return {
    url,
    headers: { authorization: 'Bearer sk-bench', ...headers },
    body: JSON.stringify(body),
    format: 'sse',
    lastWord,
  };
}

/**
 * Our server on a data folder an earlier start created: a first start runs PGlite's initdb and the
 * migrations, which leave ~500 MiB of one-off memory behind that a running server never has.
 */
async function startOurServer(options: StackOptions, fakeUrl: string): Promise<ServerProcess> {
  if (!process.env.DATABASE_URL && !options.singleStart) {
    await (
      await startServerProcess({
        dataDir: options.dataDirectory,
        environment: { LOG_LEVEL: 'warn', LOCAL_MODEL_ENABLED: 'false' },
        // initdb and the migrations: over a minute on two cores other work keeps busy.
        timeoutMs: 300_000,
      })
    ).stop();
  }
  return startServerProcess({
    dataDir: options.dataDirectory,
    nodeArguments: [
      '--import',
      memoryProbeModule,
      ...(options.profileDirectory ? ['--cpu-prof', '--cpu-prof-dir', options.profileDirectory] : []),
    ],
    environment: {
      LOG_LEVEL: 'warn',
      LOCAL_MODEL_ENABLED: 'false',
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: `${fakeUrl}/v1`,
      // Paid replies stay held and debited, with room for every run.
      TRIAL_CREDIT_USD: '900000',
      MEMORY_PROBE_DIR: options.probeDirectory,
      // A real PostgreSQL server instead of the embedded PGlite, when the bench is given one.
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
    // With singleStart, this start also runs initdb and the migrations.
    timeoutMs: options.singleStart ? 300_000 : 180_000,
  });
}

/** Signs up an organisation; its first user is an admin, whose role has no monthly limits. */
async function signUp(
  server: ServerProcess,
  options: { cache: boolean },
): Promise<{ token: string; orgId: string; userId: string }> {
  // Unique, for a DATABASE_URL shared by several runs.
  const username = `bench-${Date.now().toString(36)}-${options.cache ? 'cache' : 'nocache'}`;
  const response = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password, org_name: `Bench ${username}` }),
  });
  const body = (await response.json()) as { token: string; user: { id: string; org_id: string } };
  if (response.status !== 201) throw new Error(`signup answered ${response.status}: ${JSON.stringify(body)}`);
  if (!options.cache) {
    // The routing policy is a Business feature (docs/decisions/041): subscribed with the test card.
    const subscribed = await fetch(`${server.url}/api/subscription/purchase`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${body.token}` },
      body: JSON.stringify({
        org_id: body.user.org_id,
        plan_id: 'business',
        payment_method: 'card',
        card_number: '4242424242424242',
      }),
    });
    if (subscribed.status !== 201)
      throw new Error(`subscribing to Business answered ${subscribed.status}: ${await subscribed.text()}`);
    const policy = await fetch(`${server.url}/api/org/${body.user.org_id}/routing-policy`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${body.token}` },
      body: JSON.stringify({ cache: { enabled: false } }),
    });
    if (policy.status !== 200)
      throw new Error(`turning the cache off answered ${policy.status}: ${await policy.text()}`);
  }
  return { token: body.token, orgId: body.user.org_id, userId: body.user.id };
}

/** An API key acting as the signed-up administrator, for the /v1 target; its secret is shown once. */
async function createApiKey(server: ServerProcess, user: { token: string }): Promise<string> {
  const response = await fetch(`${server.url}/api/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ name: 'Gateway bench' }),
  });
  if (response.status !== 201)
    throw new Error(`creating an API key answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { secret: string }).secret;
}

const unstarted = Promise.resolve(undefined);

export async function startStack(options: StackOptions): Promise<Stack> {
  const wanted = (name: TargetName) => !options.only || options.only.includes(name);
  const fake = await startFakeProvider(options.defaultReply, options.probeDirectory);
  const started: { stop(): Promise<void> }[] = [fake];
  const stop = async () => void (await Promise.all(started.map((process) => process.stop())));
  const kept = <T extends { stop(): Promise<void> }>(process: T) => {
    started.push(process);
    return process;
  };
  try {
    const [proxy, aiSdk, portkey, server] = await Promise.all([
      wanted('bare proxy') ? startBareProxy(fake.url, options.probeDirectory).then(kept) : unstarted,
      wanted('AI SDK pass-through') ? startAiSdkGateway(fake.url, options.probeDirectory).then(kept) : unstarted,
      wanted('Portkey') ? startPortkey(options.probeDirectory).then(kept) : unstarted,
      ourTargets.some(wanted) ? startOurServer(options, fake.url).then(kept) : unstarted,
    ]);
    const chatCompletions = '/v1/chat/completions';
    const targets: Target[] = [
      {
        name: 'direct',
        pid: undefined,
        request: (lastWord) => openAiRequest(`${fake.url}${chatCompletions}`, {}, lastWord),
      },
    ];
    if (proxy)
      targets.push({
        name: 'bare proxy',
        pid: proxy.pid,
        request: (lastWord) => openAiRequest(`${proxy.url}${chatCompletions}`, {}, lastWord),
      });
    if (aiSdk)
      targets.push({
        name: 'AI SDK pass-through',
        pid: aiSdk.pid,
        request: (lastWord) => ({ ...openAiRequest(`${aiSdk.url}${chatCompletions}`, {}, lastWord), format: 'text' }),
      });
    if (portkey)
      targets.push({
        name: 'Portkey',
        pid: portkey.pid,
        request: (lastWord) =>
          openAiRequest(
            new URL(chatCompletions, portkey.url).href,
            { 'x-portkey-provider': 'openai', 'x-portkey-custom-host': `${fake.url}/v1` },
            lastWord,
          ),
      });
    if (server) targets.push(...(await ourServerTargets(server)));
    return { fake, targets: targets.filter((target) => wanted(target.name)), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The two signed-up organisations (cache on, cache off) and the API key, as our server's three targets. */
async function ourServerTargets(server: ServerProcess): Promise<Target[]> {
  const [cached, uncached] = [await signUp(server, { cache: true }), await signUp(server, { cache: false })];
  const ourRequest =
    (user: typeof cached) =>
    (lastWord: string): StreamRequest => ({
      url: `${server.url}/api/conversation/message`,
      headers: { authorization: `Bearer ${user.token}` },
      body: JSON.stringify({
        org_id: user.orgId,
        user_id: user.userId,
        prompt,
        stream: true,
        forced_model_id: 'openai/gpt-4o-mini',
      }),
      format: 'text',
      lastWord,
    });
  const apiKey = await createApiKey(server, cached);
  const recentLog = () => server.recentOutput();
  return [
    { name: 'Tokenwise', pid: server.pid, recentLog, request: ourRequest(cached) },
    { name: 'Tokenwise, cache off', pid: server.pid, recentLog, request: ourRequest(uncached) },
    {
      name: 'Tokenwise /v1',
      pid: server.pid,
      recentLog,
      // The authorization header replaces openAiRequest's provider key with ours.
      request: (lastWord) =>
        openAiRequest(
          `${server.url}/v1/chat/completions`,
          { authorization: `Bearer ${apiKey}` },
          lastWord,
          'openai/gpt-4o-mini',
        ),
    },
  ];
}
