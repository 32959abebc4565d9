import { startFakeStripeServer } from './fake-stripe-server';

// For browser tests whose app runs in another process:
//   node --import tsx tests/support/run-fake-stripe-server.ts PORT WEBHOOK_URL SECRET_KEY WEBHOOK_SECRET
// prints "fake Stripe listening on http://127.0.0.1:PORT"; GET /_health answers once it listens.
const [port, webhookUrl, secretKey, webhookSecret] = process.argv.slice(2);
const stripe = await startFakeStripeServer({ port: Number(port ?? 0), webhookUrl, secretKey, webhookSecret });
process.stdout.write(`fake Stripe listening on ${stripe.url}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stripe.close().then(() => process.exit(0));
  });
}
