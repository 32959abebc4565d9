import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { startServer, type RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';
import { ownServerConfig } from './support/own-server';

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

/** A local OTLP/HTTP collector: keeps the spans of every JSON export it is sent at /v1/traces. */
async function startCollector() {
  const spans: ReceivedSpan[] = [];
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      paths.push(request.url ?? '');
      const exported = JSON.parse(body) as {
        resourceSpans: { scopeSpans: { spans: ReceivedSpan[] }[] }[];
      };
      for (const resource of exported.resourceSpans)
        for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    paths,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('OpenTelemetry traces of a chat message', () => {
  let provider: FakeProviderServer;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let dataDir: string;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    provider = await startFakeProviderServer();
    collector = await startCollector();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-traces-'));
    server = await startServer(
      ownServerConfig(dataDir, {
        OPENAI_API_KEY: 'sk-test-dummy',
        OPENAI_BASE_URL: `${provider.url}/v1`,
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      }),
      { pgliteDataDir: 'memory://', webRoot: null },
    );
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await provider?.close();
    await collector?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends route → plan, cache, model call and write spans of one trace to the OTLP endpoint', {
    timeout: 120_000,
  }, async () => {
    const username = uniqueName('traces');
    const call = (pathname: string, body: unknown, token?: string) =>
      fetch(`${server!.url}/api${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const signup = await call('/auth/signup', {
      username,
      email: `${username}@example.test`,
      password: strongPassword,
      org_name: 'Traced Ltd',
    });
    const { user, token } = (await signup.json()) as { token: string; user: { id: string; org_id: string } };
    const response = await call(
      '/conversation/message',
      { org_id: user.org_id, user_id: user.id, prompt: 'Trace me', forced_model_id: 'openai/gpt-4o-mini' },
      token,
    );
    expect(await response.text()).toContain('[META]');
    // Closing sends what is still queued.
    await server!.close();
    server = undefined;

    expect(new Set(collector.paths)).toEqual(new Set(['/v1/traces']));
    const root = collector.spans.find((span) => span.name === 'POST /api/conversation/message');
    expect(root).toBeDefined();
    expect(root!.parentSpanId).toBeUndefined();
    const children = collector.spans.filter((span) => span.parentSpanId === root!.spanId);
    expect(children.map((span) => span.name).sort()).toEqual(['cache', 'model call', 'plan', 'write']);
    expect(children.every((span) => span.traceId === root!.traceId)).toBe(true);
    const modelCall = children.find((span) => span.name === 'model call')!;
    expect(modelCall.attributes).toContainEqual({
      key: 'gen_ai.request.model',
      value: { stringValue: 'openai/gpt-4o-mini' },
    });
    // The route is its pattern; no organisation or user id is in any span.
    const exported = JSON.stringify(collector.spans);
    expect(exported).not.toContain(user.org_id);
    expect(exported).not.toContain(user.id);
  });
});
