import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { modelCatalog } from '../catalog/model-catalog';
import { collectStream } from '../testing/collect-stream';
import { failOnConsoleOutput } from '../testing/fail-on-console-output';
import { startFakeProviderServer, type FakeProviderServer } from '../testing/fake-provider-server';
import { GatewayError } from './gateway-error';
import { createModelGateway } from './model-gateway';

failOnConsoleOutput();

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const messages = [{ role: 'user' as const, content: 'Hello gateway' }];
const gateway = () =>
  createModelGateway({
    credentials: {
      openai: { apiKey: 'sk-org', baseURL: `${server.url}/v1` },
      anthropic: { apiKey: 'sk-ant-org', baseURL: `${server.url}/v1` },
    },
    catalog: modelCatalog,
  });

describe('the gateway asks again when a provider closed the connection without answering', () => {
  it.each(['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4'])(
    '%s: answers from the second request',
    async (modelId) => {
      server.enqueueReply({ closeBeforeAnswer: true });
      const result = await collectStream(gateway().stream({ modelId, messages }));
      expect(result.error).toBeUndefined();
      expect(result.texts.join('')).toBe('Fake reply to: Hello gateway');
      expect(server.requests).toHaveLength(2);
    },
  );

  it('gives up after one more try, as unavailable and unanswered', async () => {
    server.enqueueReply({ closeBeforeAnswer: true });
    server.enqueueReply({ closeBeforeAnswer: true });
    const result = await collectStream(gateway().stream({ modelId: 'openai/gpt-4o-mini', messages }));
    expect(result.error).toBeInstanceOf(GatewayError);
    expect(result.error).toMatchObject({ kind: 'unavailable', unanswered: true });
    expect(server.requests).toHaveLength(2);
  });

  it('does not ask again after an HTTP error answer', async () => {
    server.enqueueReply({ failBeforeStream: { status: 503 } });
    const result = await collectStream(gateway().stream({ modelId: 'openai/gpt-4o-mini', messages }));
    expect(result.error).toMatchObject({ kind: 'unavailable', status: 503, unanswered: false });
    expect(server.requests).toHaveLength(1);
  });

  it('does not ask again once the answer has started', async () => {
    server.enqueueReply({ text: 'one two three four', chunkDelayMs: 25, dropConnectionAfterChunks: 3 });
    const result = await collectStream(gateway().stream({ modelId: 'openai/gpt-4o-mini', messages }));
    // The last chunk may be lost with the connection when the client is slow; earlier ones not.
    expect(result.texts.slice(0, 2)).toEqual(['one', ' two']);
    expect(result.error).toMatchObject({ kind: 'unavailable' });
    expect(server.requests).toHaveLength(1);
  });
});
