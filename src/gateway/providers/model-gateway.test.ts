import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogModel } from '../catalog/catalog-schema';
import { modelCatalog } from '../catalog/model-catalog';
import { collectStream } from '../testing/collect-stream';
import { failOnConsoleOutput } from '../testing/fail-on-console-output';
import { startFakeProviderServer, type FakeProviderServer } from '../testing/fake-provider-server';
import type { ChatProvider, ChatStreamRequest } from './chat-provider';
import type { ProviderCredentials } from './credentials';
import { createModelGateway } from './model-gateway';

failOnConsoleOutput();

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const messages = [{ role: 'user' as const, content: 'Hello gateway' }];
const allCredentials = (): ProviderCredentials => ({
  openai: { apiKey: 'sk-org', baseURL: `${server.url}/v1` },
  anthropic: { apiKey: 'sk-ant-org', baseURL: `${server.url}/v1` },
  google: { apiKey: 'gk-org', baseURL: `${server.url}/v1beta` },
  'openai-compatible': { baseURL: `${server.url}/v1` },
});
const selfHosted: CatalogModel = {
  ...modelCatalog[0]!,
  id: 'openai-compatible/llama-3.1-8b',
  provider: 'openai-compatible',
  providerModelId: 'meta-llama/Llama-3.1-8B-Instruct',
};

describe('createModelGateway', () => {
  it.each([
    ['openai/gpt-4o-mini', 'openai', 'gpt-4o-mini'],
    ['anthropic/claude-sonnet-4', 'anthropic', 'claude-sonnet-4-20250514'],
    ['google/gemini-2.0-flash', 'google', 'gemini-2.0-flash'],
    ['openai-compatible/llama-3.1-8b', 'openai', 'meta-llama/Llama-3.1-8B-Instruct'],
  ])('sends %s to the %s wire as %s', async (modelId, wire, providerModelId) => {
    const gateway = createModelGateway({ credentials: allCredentials(), catalog: [...modelCatalog, selfHosted] });
    const result = await collectStream(gateway.stream({ modelId, messages }));
    expect(result.texts.join('')).toBe('Fake reply to: Hello gateway');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.wire).toBe(wire);
    const body = server.requests[0]!.body as { model?: string };
    if (wire === 'google') expect(server.requests[0]!.path).toContain(`/models/${providerModelId}:`);
    else expect(body.model).toBe(providerModelId);
  });

  it.each([
    ['openai/gpt-4o-mini', 0.3, { temperature: 0.3, max_tokens: 16_384 }],
    ['openai/o4-mini', 0.3, { max_completion_tokens: 100_000 }],
  ])(
    'for %s passes temperature only where accepted and caps output at the model maximum',
    async (modelId, temperature, expected) => {
      const gateway = createModelGateway({ credentials: allCredentials() });
      await collectStream(gateway.stream({ modelId, messages, temperature, maxOutputTokens: 1_000_000 }));
      const body = server.requests[0]!.body as Record<string, unknown>;
      expect(body).toMatchObject(expected);
      if (!('temperature' in expected)) expect(body).not.toHaveProperty('temperature');
    },
  );

  it('rejects an unknown model as a bad request without calling anyone', async () => {
    const result = await collectStream(
      createModelGateway({ credentials: allCredentials() }).stream({ modelId: 'openai/gpt-9', messages }),
    );
    expect(result.error).toMatchObject({ name: 'GatewayError', kind: 'bad_request', isRetryable: false });
    expect(server.requests).toHaveLength(0);
  });

  describe('with keys only in process.env', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    it('uses only the credentials it was given, never the environment', async () => {
      vi.stubEnv('OPENAI_API_KEY', 'sk-from-environment');
      vi.stubEnv('OPENAI_BASE_URL', `${server.url}/v1`);
      const result = await collectStream(
        createModelGateway({ credentials: {} }).stream({ modelId: 'openai/gpt-4o-mini', messages }),
      );
      expect(result.error).toMatchObject({ kind: 'auth', provider: 'openai', status: undefined });
      expect(server.requests).toHaveLength(0);
    });
  });

  it('reports the local model as unavailable until its provider is given', async () => {
    const result = await collectStream(
      createModelGateway({ credentials: {} }).stream({ modelId: 'local/tinyllama-1.1b-chat', messages }),
    );
    expect(result.error).toMatchObject({ kind: 'unavailable', provider: 'local' });
  });

  it('hands the local model to the embedded provider with its own model name', async () => {
    const received: ChatStreamRequest[] = [];
    const localProvider: ChatProvider = {
      async *stream(request) {
        received.push(request);
        yield { type: 'text', text: 'local answer' };
        yield { type: 'usage', estimated: false, inputTokens: 5, cachedInputTokens: 0, outputTokens: 2 };
        yield { type: 'finish', reason: 'stop' };
      },
    };
    const gateway = createModelGateway({ credentials: {}, localProvider });
    const result = await collectStream(
      gateway.stream({ modelId: 'local/tinyllama-1.1b-chat', messages, maxOutputTokens: 4_000 }),
    );
    expect(result.texts).toEqual(['local answer']);
    expect(received[0]).toMatchObject({ modelId: 'tinyllama-1.1b-chat-v1.0-iq2_xxs', maxOutputTokens: 512 });
  });
});
