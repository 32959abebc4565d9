/**
 * The floor for any Node gateway: a node:http pass-through that forwards each request to
 * UPSTREAM_URL and pipes the answer back as it arrives (no parsing, no buffering).
 *
 *   UPSTREAM_URL=http://127.0.0.1:PORT node --import tsx bench/gateway/bare-proxy.ts
 *
 * Prints "bare proxy listening on <url>" once it accepts connections.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const upstream = new URL(process.env.UPSTREAM_URL ?? 'http://127.0.0.1:1');
// Keep-alive to the provider and no socket cap, as a gateway under load would configure it. With a
// timeout set, Node's agent also drops an idle socket a second before the server's announced
// keep-alive timeout (without one it ignores the hint, and reusing a socket the server is closing
// fails with ECONNRESET).
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, timeout: 60_000 });

const server = http.createServer((request, response) => {
  const forwarded = http.request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, host: upstream.host },
      agent,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  forwarded.on('error', () => {
    if (!response.headersSent) response.writeHead(502).end();
    else response.destroy();
  });
  // A client that leaves stops the upstream call too.
  response.on('close', () => {
    if (!response.writableFinished) forwarded.destroy();
  });
  request.pipe(forwarded);
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`bare proxy listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
