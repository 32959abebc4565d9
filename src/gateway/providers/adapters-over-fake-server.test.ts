import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAddressGuard } from '../network/address-guard';
import { collectStream } from '../testing/collect-stream';
import { failOnConsoleOutput } from '../testing/fail-on-console-output';
import { startFakeProviderServer, type FakeProviderServer } from '../testing/fake-provider-server';
import { providerCases } from '../testing/provider-cases';
import { estimateTextTokens } from '../usage/token-usage';
import type { ChatMessage } from './chat-provider';
import { GatewayError } from './gateway-error';

failOnConsoleOutput();

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const conversation: ChatMessage[] = [
  { role: 'system', content: 'You answer briefly.' },
  { role: 'user', content: 'What is the capital of France?' },
  { role: 'assistant', content: 'Paris.' },
  { role: 'user', content: 'And of Italy?' },
];
const eightWords = 'one two three four five six seven eight';

async function closedServerUrl(): Promise<string> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  return `http://127.0.0.1:${port}`;
}

// The same cases over the global fetch (instance-wide URLs) and over an AddressGuard's fetch
// (organisations' URLs), here reaching the fake server by a name its resolver maps to 127.0.0.1.
const transports = [
  { name: 'the global fetch', serverUrl: (url: string) => url, fetch: undefined },
  {
    name: "an address guard's fetch",
    serverUrl: (url: string) => url.replace('127.0.0.1', 'fake-provider.test'),
    fetch: createAddressGuard({
      allowedNetworks: ['127.0.0.1/32'],
      resolve: async (hostname) => (hostname === 'fake-provider.test' ? [{ address: '127.0.0.1', family: 4 }] : []),
    }).fetch,
  },
];

describe.each(transports)('over $name', (transport) => {
  describe.each(providerCases)('the $provider adapter against the fake server', (providerCase) => {
    const create = (serverUrl: string) => providerCase.create(transport.serverUrl(serverUrl), transport.fetch);
    const request = (extra: object = {}) => ({
      modelId: providerCase.modelId,
      messages: conversation,
      maxOutputTokens: 200,
      ...extra,
    });

    it('says the response began as soon as its headers are in, before any text', async () => {
      // Headers and opening frames, then silence: no output for OpenAI's doStream to resolve on.
      server.enqueueReply({ text: 'never sent', stallAfterChunks: 0 });
      const stop = new AbortController();
      const iterator = create(server.url)
        .stream(request({ abortSignal: stop.signal }))
        [Symbol.asyncIterator]();
      const first = await iterator.next();
      expect(first.value).toEqual({ type: 'response-start' });
      stop.abort();
      const rest = await collectStream({ [Symbol.asyncIterator]: () => iterator });
      expect(rest.texts).toEqual([]);
      expect(rest.finishReason).toBe('aborted');
      expect(await server.requests[0]!.ended).toBe('closed-by-client');
    });

    it('says when the response began, then streams the text in order, then usage, then finish', async () => {
      server.enqueueReply({ text: 'Rome is the capital of Italy.', usage: { inputTokens: 31, outputTokens: 7 } });
      const result = await collectStream(create(server.url).stream(request()));
      expect(result.error).toBeUndefined();
      expect(result.partTypes.filter((type) => type === 'response-start')).toHaveLength(1);
      expect(result.partTypes[0]).toBe('response-start');
      expect(result.texts).toEqual(['Rome', ' is', ' the', ' capital', ' of', ' Italy.']);
      expect(result.partTypes.slice(-2)).toEqual(['usage', 'finish']);
      expect(result.usage).toEqual({ inputTokens: 31, cachedInputTokens: 0, outputTokens: 7, estimated: false });
      expect(result.finishReason).toBe('stop');
    });

    it('sends every message, the model and the key, in one request', async () => {
      await collectStream(create(server.url).stream(request()));
      expect(server.requests).toHaveLength(1);
      const [received] = server.requests;
      const prompt = providerCase.wire.readPrompt(received!.body, received!.path);
      expect(prompt).toMatchObject({ model: providerCase.modelId, stream: true, lastUserText: 'And of Italy?' });
      expect(prompt.texts).toEqual(conversation.map((message) => message.content));
      expect(received!.headers[providerCase.authHeader[0]]).toBe(providerCase.authHeader[1]);
    });

    it('normalises cached input: inputTokens includes the cached tokens', async () => {
      server.enqueueReply({ usage: { inputTokens: 1_200, cachedInputTokens: 1_000, outputTokens: 42 } });
      const result = await collectStream(create(server.url).stream(request()));
      expect(result.usage).toEqual({
        inputTokens: 1_200,
        cachedInputTokens: 1_000,
        outputTokens: 42,
        estimated: false,
      });
    });

    it('reports a reply cut at the token limit as finish reason length', async () => {
      server.enqueueReply({ finishReason: 'length' });
      expect((await collectStream(create(server.url).stream(request()))).finishReason).toBe('length');
    });

    it.each([
      [401, 'auth', false],
      [400, 'bad_request', false],
      [429, 'rate_limit', true],
      [500, 'unavailable', true],
    ] as const)(
      'maps HTTP %i before the stream to %s (retryable: %s), with no retry of its own',
      async (status, kind, retryable) => {
        server.enqueueReply({ failBeforeStream: { status, retryAfterSeconds: status === 429 ? 2 : undefined } });
        const result = await collectStream(create(server.url).stream(request()));
        expect(result.error).toBeInstanceOf(GatewayError);
        expect(result.error).toMatchObject({ kind, status, isRetryable: retryable, provider: providerCase.provider });
        if (status === 429) expect((result.error as GatewayError).retryAfterSeconds).toBe(2);
        expect(result.texts).toEqual([]);
        expect(server.requests).toHaveLength(1);
      },
    );

    it('surfaces a dropped connection as a retryable error after the text that arrived', async () => {
      server.enqueueReply({ text: eightWords, chunkDelayMs: 25, dropConnectionAfterChunks: 3 });
      const result = await collectStream(create(server.url).stream(request()));
      // The last chunk may be lost with the connection when the client is slow; earlier ones not.
      expect(result.texts.slice(0, 2)).toEqual(['one', ' two']);
      expect(result.texts.length).toBeLessThanOrEqual(3);
      expect(result.error).toMatchObject({ kind: 'unavailable', isRetryable: true, status: undefined });
      expect(result.partTypes).not.toContain('finish');
    });

    it("surfaces the provider's in-stream error event after the text that arrived", async () => {
      server.enqueueReply({ text: eightWords, chunkDelayMs: 5, errorEventAfterChunks: 2 });
      const result = await collectStream(create(server.url).stream(request()));
      expect(result.texts).toEqual(['one', ' two']);
      expect(result.error).toMatchObject({ kind: 'unavailable', isRetryable: true });
    });

    it('stops the upstream request on abort and ends with an estimated usage', async () => {
      server.enqueueReply({ text: eightWords, chunkDelayMs: 30 });
      const controller = new AbortController();
      const result = await collectStream(create(server.url).stream(request({ abortSignal: controller.signal })), () =>
        controller.abort(),
      );
      expect(result.error).toBeUndefined();
      expect(result.texts[0]).toBe('one');
      expect(result.texts.length).toBeLessThan(8);
      expect(result.finishReason).toBe('aborted');
      expect(result.usage).toMatchObject({ estimated: true, outputTokens: estimateTextTokens(result.texts.join('')) });
      await expect(server.requests[0]!.ended).resolves.toBe('closed-by-client');
    });

    it('stops the upstream request when the consumer stops reading', async () => {
      server.enqueueReply({ text: eightWords, chunkDelayMs: 30 });
      for await (const part of create(server.url).stream(request())) {
        if (part.type === 'text') break;
      }
      await expect(server.requests[0]!.ended).resolves.toBe('closed-by-client');
    });

    it('throws a retryable timeout when a timeout signal fires', async () => {
      server.enqueueReply({ text: eightWords, chunkDelayMs: 40 });
      const result = await collectStream(create(server.url).stream(request({ abortSignal: AbortSignal.timeout(60) })));
      expect(result.error).toMatchObject({ kind: 'timeout', isRetryable: true });
      await expect(server.requests[0]!.ended).resolves.toBe('closed-by-client');
    });

    it('reports an unreachable provider as unavailable', async () => {
      const result = await collectStream(create(await closedServerUrl()).stream(request()));
      expect(result.error).toMatchObject({ kind: 'unavailable', isRetryable: true, status: undefined });
    });
  });
});
