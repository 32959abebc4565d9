import { startFakeProviderServer } from './fake-provider-server';

// For API and browser tests whose app runs in another process:
//   node --import tsx src/gateway/testing/run-fake-provider-server.ts [port]
// prints "fake provider listening on http://127.0.0.1:PORT"; script it over /_fake/*.
const port = Number(process.argv[2] ?? 0);
const server = await startFakeProviderServer({ port: Number.isInteger(port) ? port : 0 });
process.stdout.write(`fake provider listening on ${server.url}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
