import { startScriptedProviders } from './scripted-providers';

// For browser tests whose app runs in another process:
//   node --import tsx tests/support/run-scripted-providers.ts [port]
// prints "scripted providers listening on http://127.0.0.1:PORT"; script it over /_scripts.
const port = Number(process.argv[2] ?? 0);
const providers = await startScriptedProviders({ port: Number.isInteger(port) ? port : 0 });
process.stdout.write(`scripted providers listening on ${providers.url}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void providers.close().then(() => process.exit(0));
  });
}
