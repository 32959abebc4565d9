import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import type { FakeReply } from '../../src/gateway/testing/fake-reply';

/** Marks a prompt whose answer is scripted: the fake provider registered under KEY answers it. */
export const scriptMarker = (key: string) => `[script:${key}]`;
const markerPattern = /\[script:([\w-]+)\]/g;

/**
 * The model provider of the API and browser suites. Tests run in parallel against one server, so
 * one shared queue of scripted replies would let one test take another's failure. Instead each
 * scripted case gets its own fake provider, chosen by a marker in the prompt; unmarked prompts go
 * to a default one. Control: POST /_scripts {key, replies}; GET /_scripts/KEY/requests;
 * GET /_scripts/health (readiness).
 */
export async function startScriptedProviders(
  options: { port?: number } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const fallback = await startFakeProviderServer();
  const scripted = new Map<string, FakeProviderServer>();

  async function control(method: string, path: string, body: Buffer, response: ServerResponse): Promise<void> {
    const requestsPath = /^\/_scripts\/([\w-]+)\/requests$/.exec(path);
    if (method === 'GET' && path === '/_scripts/health') return send(response, 200, { ok: true });
    if (method === 'POST' && path === '/_scripts') {
      const { key, replies } = JSON.parse(body.toString('utf8')) as { key: string; replies: FakeReply[] };
      const server = await startFakeProviderServer();
      for (const reply of replies) server.enqueueReply(reply);
      scripted.set(key, server);
      return send(response, 200, { ok: true });
    }
    if (method === 'GET' && requestsPath) {
      const server = scripted.get(requestsPath[1]!);
      if (!server) return send(response, 404, { error: 'no such script' });
      const requests = await Promise.all(
        server.requests.map(async ({ ended, headers: _headers, ...rest }) => ({
          ...rest,
          ending: await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3_000, 'still-open'))]),
        })),
      );
      return send(response, 200, requests);
    }
    send(response, 404, { error: `no control route ${method} ${path}` });
  }

  function forward(
    target: FakeProviderServer,
    incoming: IncomingMessage,
    body: Buffer,
    response: ServerResponse,
  ): void {
    const upstream = httpRequest(
      `${target.url}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        // A provider dropping the connection mid-answer must reach our server as a drop, not a stall.
        pipeline(answer, response, (error) => {
          if (error) response.destroy();
        });
      },
    );
    // Our server aborting its call must reach the fake provider, as it would reach a real one.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    upstream.on('error', () => response.destroy());
    upstream.end(body);
  }

  const router = createServer((incoming, response) => {
    const parts: Buffer[] = [];
    incoming.on('data', (part: Buffer) => parts.push(part));
    incoming.on('end', () => {
      const body = Buffer.concat(parts);
      const path = new URL(incoming.url ?? '/', 'http://router').pathname;
      if (path.startsWith('/_scripts')) {
        control(incoming.method ?? 'GET', path, body, response).catch((error: unknown) =>
          send(response, 500, { error: String(error) }),
        );
        return;
      }
      const key = [...body.toString('utf8').matchAll(markerPattern)].at(-1)?.[1];
      forward((key && scripted.get(key)) || fallback, incoming, body, response);
    });
  });
  await new Promise<void>((resolve) => router.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = router.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      router.closeAllConnections();
      await new Promise<void>((resolve) => router.close(() => resolve()));
      await Promise.all([fallback, ...scripted.values()].map((server) => server.close()));
    },
  };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
