import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsListener {
  /** Where Prometheus scrapes, e.g. http://127.0.0.1:9464/metrics. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves GET /metrics on a listener of its own, apart from the application's port: bound to
 * localhost unless the operator says otherwise, so the public port never shows it, and with a
 * bearer token when one is set (docs/decisions/057).
 */
export async function startMetricsListener(
  registry: Registry,
  settings: { host: string; port: number; token: string | undefined },
): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || pathname !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (settings.token !== undefined && !bearerMatches(request, settings.token)) {
      response
        .writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' })
        .end('A bearer token is required\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n'),
    );
  });
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function bearerMatches(request: IncomingMessage, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
