import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { modelCatalog } from '../catalog/model-catalog';
import { GatewayError } from '../providers/gateway-error';
import { createModelGateway } from '../providers/model-gateway';
import { collectStream } from '../testing/collect-stream';
import { failOnConsoleOutput } from '../testing/fail-on-console-output';
import { startFakeProviderServer, type FakeProviderServer } from '../testing/fake-provider-server';
import { createAddressGuard } from './address-guard';
import { AddressRefusedError, createAddressPolicy } from './address-policy';
import { createGuardedFetch } from './guarded-fetch';
import type { ResolveHost } from './host-addresses';

failOnConsoleOutput();

// A plain server that counts the connections it accepts: refused requests must open none.
let target: Server;
let port: number;
let connections = 0;
let redirectTo: string | undefined;
let stall: 'before-headers' | 'after-headers' | undefined;
beforeAll(async () => {
  target = createServer((request, response) => {
    if (redirectTo) return void response.writeHead(302, { location: redirectTo }).end();
    if (stall === 'before-headers') return;
    if (stall === 'after-headers')
      return void response.writeHead(200, { 'content-type': 'text/event-stream' }).write('data: one\n\n');
    response.writeHead(200, { 'content-type': 'text/plain' }).end(`reached ${request.method} ${request.url}`);
  });
  target.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  port = (target.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => target.close(resolve)));
beforeEach(() => {
  connections = 0;
  redirectTo = undefined;
  stall = undefined;
});

const resolveFromTable =
  (records: Record<string, string[]>): ResolveHost =>
  async (hostname) =>
    (records[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusal(promise: Promise<unknown>): Promise<AddressRefusedError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TypeError);
  expect((error as TypeError).message).toBe('fetch failed');
  const refused = (error as TypeError).cause;
  expect(refused).toBeInstanceOf(AddressRefusedError);
  return refused as AddressRefusedError;
}

describe("an address guard's fetch", () => {
  const guard = createAddressGuard({
    resolve: resolveFromTable({
      'rebound.test': ['127.0.0.1'],
      'split.test': ['93.184.216.34', '127.0.0.1'],
      'mapped.test': ['::ffff:127.0.0.1'],
    }),
  });

  it.each([
    ['an IPv4 literal', '127.0.0.1', '127.0.0.1', 'loopback'],
    ['a decimal spelling', '2130706433', '127.0.0.1', 'loopback'],
    ['a hexadecimal spelling', '0x7f.1', '127.0.0.1', 'loopback'],
    ['an IPv4-mapped IPv6 literal', '[::ffff:127.0.0.1]', '::ffff:7f00:1', 'loopback'],
    ['localhost', 'localhost', '127.0.0.1', 'loopback'],
    ['a name that resolves to loopback', 'rebound.test', '127.0.0.1', 'loopback'],
    ['a name with one public and one loopback address', 'split.test', '127.0.0.1', 'loopback'],
    ['a name that resolves to a mapped loopback address', 'mapped.test', '::ffff:127.0.0.1', 'loopback'],
  ])('refuses %s before connecting (%s)', async (_case, host, address, addressClass) => {
    const refused = await refusal(
      guard.fetch(`http://${host}:${port}/v1/chat/completions`, { method: 'POST', body: '{}' }),
    );
    expect(refused).toMatchObject({ address, addressClass });
    expect(connections).toBe(0);
  });

  it('refuses the link-local metadata address', async () => {
    const refused = await refusal(guard.fetch('http://169.254.169.254/latest/meta-data/'));
    expect(refused).toMatchObject({ address: '169.254.169.254', addressClass: 'link-local' });
  });

  it('connects to the address the check approved, and only there, when the operator allows it', async () => {
    const allowing = createAddressGuard({
      allowedNetworks: ['127.0.0.1/32'],
      resolve: resolveFromTable({ 'rebound.test': ['127.0.0.1'] }),
    });
    const response = await allowing.fetch(`http://rebound.test:${port}/v1/models?x=1`, {
      method: 'POST',
      body: 'hello',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('reached POST /v1/models?x=1');
    expect(connections).toBe(1);
    await refusal(allowing.fetch(`http://127.0.0.2:${port}/`));
  });

  it('returns a redirect instead of following it', async () => {
    const allowing = createAddressGuard({ allowedNetworks: ['127.0.0.1/32'] });
    redirectTo = 'http://169.254.169.254/latest/meta-data/';
    const response = await allowing.fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(redirectTo);
    expect(connections).toBe(1);
  });
});

describe('a guarded fetch facing a silent server', () => {
  const fetchWithShortPatience = createGuardedFetch({
    policy: createAddressPolicy(['127.0.0.1/32']),
    resolve: async () => [],
    idleTimeoutMs: 200,
  });

  it('gives up on a server that never answers, as a connection failure', async () => {
    stall = 'before-headers';
    const error = await fetchWithShortPatience(`http://127.0.0.1:${port}/`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).cause).toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
  });

  it('gives up on a body that stops arriving', async () => {
    stall = 'after-headers';
    const response = await fetchWithShortPatience(`http://127.0.0.1:${port}/`);
    expect(response.status).toBe(200);
    const error = await response.text().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).cause).toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
  });
});

describe('a model gateway over an address guard', () => {
  let provider: FakeProviderServer;
  beforeAll(async () => {
    provider = await startFakeProviderServer();
  });
  afterAll(() => provider.close());
  beforeEach(() => provider.reset());

  const messages = [{ role: 'user' as const, content: 'Hello' }];
  const gatewayOver = (baseURL: string, fetch: typeof globalThis.fetch) =>
    createModelGateway({
      credentials: { openai: { baseURL, apiKey: 'sk-organisation-secret', fetch } },
      catalog: modelCatalog,
    });

  it('refuses a name that resolved publicly when saved and to loopback when called (DNS rebinding), sending nothing', async () => {
    const answers = [['93.184.216.34'], ['127.0.0.1']];
    const guard = createAddressGuard({
      resolve: async () => (answers.shift() ?? ['127.0.0.1']).map((address) => ({ address, family: 4 as const })),
    });
    const baseURL = `http://rebinding.test:${new URL(provider.url).port}/v1`;
    expect(await guard.checkUrl(baseURL)).toBeUndefined();

    const result = await collectStream(
      gatewayOver(baseURL, guard.fetch).stream({ modelId: 'openai/gpt-4o-mini', messages }),
    );
    expect(result.error).toBeInstanceOf(GatewayError);
    expect(result.error).toMatchObject({ kind: 'address_refused', isRetryable: false, provider: 'openai' });
    expect((result.error as GatewayError).message).toBe(
      'openai: rebinding.test resolves to 127.0.0.1, a loopback address, which is not allowed here',
    );
    expect(JSON.stringify(result.error, Object.getOwnPropertyNames(result.error))).not.toContain(
      'sk-organisation-secret',
    );
    expect(provider.requests).toHaveLength(0);
  });

  it('asks again when the provider closed a kept-alive connection without answering', async () => {
    const guard = createAddressGuard({ allowedNetworks: ['127.0.0.1/32'] });
    provider.enqueueReply({ closeBeforeAnswer: true });
    const result = await collectStream(
      gatewayOver(`${provider.url}/v1`, guard.fetch).stream({ modelId: 'openai/gpt-4o-mini', messages }),
    );
    expect(result.error).toBeUndefined();
    expect(result.texts.join('')).toBe('Fake reply to: Hello');
    expect(provider.requests).toHaveLength(2);
  });
});
