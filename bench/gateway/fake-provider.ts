/**
 * The fake OpenAI provider in a process of its own, answering every request with the reply in
 * FAKE_DEFAULT_REPLY (a FakeReply as JSON). Started with an IPC channel, it takes commands: a new
 * reply for every request from then on, or a count; it answers each with the number of requests
 * it has answered so far.
 *
 *   FAKE_DEFAULT_REPLY='{"text":"a b c","chunkDelayMs":20}' node --import tsx bench/gateway/fake-provider.ts
 *
 * Prints "fake provider listening on <url>" once it accepts connections.
 */
import { startFakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import type { FakeReply } from '../../src/gateway/testing/fake-reply';

const defaultReply = JSON.parse(process.env.FAKE_DEFAULT_REPLY ?? '{}') as FakeReply;
const server = await startFakeProviderServer();
server.setDefaultReply(defaultReply);
process.stdout.write(`fake provider listening on ${server.url}\n`);

export type FakeProviderCommand = { type: 'set-reply'; reply: FakeReply } | { type: 'count-requests' };

process.on('message', (command: FakeProviderCommand) => {
  if (command.type === 'set-reply') server.setDefaultReply(command.reply);
  process.send!(server.requests.length);
});

// It records every request it answers (about 1 kB each): a run of a few thousand is harmless.

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
