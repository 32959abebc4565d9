import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { startServer, type RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';
import { ownServerConfig } from './support/own-server';

/** One sample of the scraped text: its value, or undefined when no line has exactly these labels. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${name} `) && Object.keys(labels).length === 0) return Number(line.slice(name.length + 1));
    if (!line.startsWith(`${name}{`)) continue;
    const labelText = line.slice(name.length + 1, line.lastIndexOf('}'));
    const found = Object.fromEntries(
      labelText
        .split('",')
        .filter(Boolean)
        .map((pair) => {
          const [key, value] = pair.split('="');
          return [key, (value ?? '').replace(/"$/, '')];
        }),
    );
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(found).length && wanted.every(([key, value]) => found[key] === value))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('Prometheus metrics and the overhead header', () => {
  let provider: FakeProviderServer;
  let dataDir: string;
  let server: RunningServer;

  const call = (pathname: string, token?: string, body?: unknown) =>
    fetch(`${server.url}/api${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const scrape = async () => {
    const response = await fetch(server.metricsUrl!);
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    provider = await startFakeProviderServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-metrics-'));
    const config = ownServerConfig(dataDir, {
      OPENAI_API_KEY: 'sk-test-dummy',
      OPENAI_BASE_URL: `${provider.url}/v1`,
      METRICS_PORT: '0',
    });
    server = await startServer(config, { pgliteDataDir: 'memory://', webRoot: null });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function signUp() {
    const username = uniqueName('metrics');
    const signup = await call('/auth/signup', undefined, {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_name: `Metrics ${username}`,
    });
    expect(signup.status).toBe(201);
    const { user, token } = (await signup.json()) as { token: string; user: { id: string; org_id: string } };
    return { token, userId: user.id, orgId: user.org_id };
  }

  it('counts a chat message by route pattern, model, provider and cache outcome, with no organisation or user in a label', {
    timeout: 120_000,
  }, async () => {
    const user = await signUp();
    provider.enqueueReply({ text: 'Gannets dive fast', usage: { inputTokens: 21, outputTokens: 7 } });
    const response = await call('/conversation/message', user.token, {
      org_id: user.orgId,
      user_id: user.userId,
      prompt: 'Tell me about gannets',
      forced_model_id: 'openai/gpt-4o-mini',
      stream: true,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('[META]');
    const sessions = await call(`/conversation/session/list/${user.orgId}/${user.userId}`, user.token);
    expect(sessions.status).toBe(200);

    // The reply is settled just after its stream ends.
    let text = await scrape();
    for (let tries = 0; tries < 50 && !text.includes('tokenwise_model_tokens_total{'); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await scrape();
    }
    const model = { model: 'openai/gpt-4o-mini', provider: 'openai' };
    expect(
      sample(text, 'tokenwise_http_requests_total', {
        method: 'POST',
        route: '/api/conversation/message',
        status: '200',
      }),
    ).toBe(1);
    expect(
      sample(text, 'tokenwise_http_requests_total', {
        method: 'GET',
        route: '/api/conversation/session/list/:orgId/:userId',
        status: '200',
      }),
    ).toBe(1);
    expect(sample(text, 'tokenwise_model_tokens_total', { ...model, direction: 'input' })).toBe(21);
    expect(sample(text, 'tokenwise_model_tokens_total', { ...model, direction: 'output' })).toBe(7);
    expect(sample(text, 'tokenwise_model_calls_total', { ...model, status: 'complete' })).toBe(1);
    // GPT-4o mini: $0.15 and $0.60 per million tokens in and out.
    expect(sample(text, 'tokenwise_model_cost_dollars_total', model)).toBeCloseTo((21 * 0.15 + 7 * 0.6) / 1e6, 12);
    expect(sample(text, 'tokenwise_in_flight_streams', {})).toBe(0);
    expect(sample(text, 'tokenwise_model_time_to_first_byte_seconds_count', model)).toBe(1);
    expect(sample(text, 'tokenwise_time_to_first_byte_seconds_count', { ...model, cache: 'miss' })).toBe(1);
    expect(sample(text, 'tokenwise_overhead_seconds_count', { cache: 'miss' })).toBe(1);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).not.toContain(user.orgId);
    expect(text).not.toContain(user.userId);
    expect(text).not.toContain('Metrics metrics');
  });

  it('sends the server’s own time before the first byte, less the model’s, as x-tokenwise-overhead-ms', {
    timeout: 120_000,
  }, async () => {
    const user = await signUp();
    // The model takes 400 ms to answer at all: its time, not ours.
    provider.enqueueReply({ text: 'Slow to start', headersDelayMs: 400 });
    const sent = performance.now();
    const response = await call('/conversation/message', user.token, {
      org_id: user.orgId,
      user_id: user.userId,
      prompt: 'Tell me about terns',
      forced_model_id: 'openai/gpt-4o-mini',
      stream: true,
    });
    const timeToHeadersMs = performance.now() - sent;
    expect(response.status).toBe(200);
    const header = response.headers.get('x-tokenwise-overhead-ms');
    expect(header).toMatch(/^\d+\.\d$/);
    const overheadMs = Number(header);
    expect(timeToHeadersMs).toBeGreaterThanOrEqual(400);
    expect(overheadMs).toBeLessThanOrEqual(timeToHeadersMs - 400);
    await response.text();
    // Answers that are not a model's have none.
    expect((await call('/healthz')).headers.get('x-tokenwise-overhead-ms')).toBeNull();
  });

  it('serves the metrics on their own listener only: not on the application port', async () => {
    expect(new URL(server.metricsUrl!).hostname).toBe('127.0.0.1');
    expect(new URL(server.metricsUrl!).port).not.toBe(new URL(server.url).port);
    const onApplicationPort = await fetch(`${server.url}/metrics`);
    expect(onApplicationPort.status).toBe(404);
    expect(await onApplicationPort.text()).not.toContain('tokenwise_http_requests_total');
  });
});
