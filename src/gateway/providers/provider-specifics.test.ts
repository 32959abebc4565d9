import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectStream } from '../testing/collect-stream';
import { failOnConsoleOutput } from '../testing/fail-on-console-output';
import { startFakeProviderServer, type FakeProviderServer } from '../testing/fake-provider-server';
import { estimateMessagesTokens, estimateTextTokens } from '../usage/token-usage';
import { createAiSdkChatProvider } from './ai-sdk-chat-provider';
import type { ChatMessage } from './chat-provider';
import {
  anthropicLanguageModels,
  googleLanguageModels,
  openAiCompatibleLanguageModels,
  openAiLanguageModels,
} from './language-model-factories';

failOnConsoleOutput();

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const messages: ChatMessage[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Name a colour.' },
];

function lastBody(): Record<string, unknown> {
  return server.requests.at(-1)!.body as Record<string, unknown>;
}

describe('OpenAI adapter', () => {
  const openai = () =>
    createAiSdkChatProvider({
      provider: 'openai',
      languageModel: openAiLanguageModels({ apiKey: 'sk-1', baseURL: `${server.url}/v1` }),
    });

  it('asks Chat Completions for a streamed answer with usage, passing limits and temperature', async () => {
    await collectStream(openai().stream({ modelId: 'gpt-4o-mini', messages, maxOutputTokens: 64, temperature: 0.2 }));
    expect(server.requests[0]!.path).toBe('/v1/chat/completions');
    expect(lastBody()).toMatchObject({
      model: 'gpt-4o-mini',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 64,
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Name a colour.' },
      ],
    });
  });
});

describe('Anthropic adapter', () => {
  const anthropic = () =>
    createAiSdkChatProvider({
      provider: 'anthropic',
      languageModel: anthropicLanguageModels({ apiKey: 'sk-ant', baseURL: `${server.url}/v1` }),
    });

  it('sends the system prompt apart, with max_tokens and the API version header', async () => {
    await collectStream(anthropic().stream({ modelId: 'claude-sonnet-4-20250514', messages, maxOutputTokens: 300 }));
    expect(server.requests[0]!.path).toBe('/v1/messages');
    expect(server.requests[0]!.headers['anthropic-version']).toBe('2023-06-01');
    expect(lastBody()).toMatchObject({
      model: 'claude-sonnet-4-20250514',
      max_tokens: 300,
      stream: true,
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Name a colour.' }] }],
    });
  });

  it('maps 529 overloaded to a retryable unavailable error', async () => {
    server.enqueueReply({ failBeforeStream: { status: 529 } });
    const result = await collectStream(
      anthropic().stream({ modelId: 'claude-sonnet-4-20250514', messages, maxOutputTokens: 300 }),
    );
    expect(result.error).toMatchObject({ kind: 'unavailable', status: 529, isRetryable: true });
  });
});

describe('OpenAI-compatible adapter', () => {
  const compatible = (options: { apiKey?: string; includeUsage?: boolean } = {}) =>
    createAiSdkChatProvider({
      provider: 'openai-compatible',
      languageModel: openAiCompatibleLanguageModels({ baseURL: `${server.url}/v1`, ...options }),
    });

  it('estimates usage with the tokenizer when the server reports none', async () => {
    server.enqueueReply({ text: 'Teal, a blue-green colour.', usage: 'none' });
    const result = await collectStream(
      compatible({ includeUsage: false }).stream({ modelId: 'local-llama', messages }),
    );
    expect(lastBody()).not.toHaveProperty('stream_options');
    expect(result.texts.join('')).toBe('Teal, a blue-green colour.');
    expect(result.usage).toEqual({
      estimated: true,
      inputTokens: estimateMessagesTokens(messages),
      cachedInputTokens: 0,
      outputTokens: estimateTextTokens('Teal, a blue-green colour.'),
    });
  });

  it('sends no Authorization header when the server needs no key', async () => {
    await collectStream(compatible().stream({ modelId: 'local-llama', messages }));
    expect(server.requests[0]!.headers).not.toHaveProperty('authorization');
  });
});

describe('Google adapter', () => {
  it('streams from the model path with alt=sse and the key header', async () => {
    const google = createAiSdkChatProvider({
      provider: 'google',
      languageModel: googleLanguageModels({ apiKey: 'gk', baseURL: `${server.url}/v1beta` }),
    });
    server.enqueueReply({ text: 'Ochre.' });
    const result = await collectStream(google.stream({ modelId: 'gemini-2.5-flash', messages, maxOutputTokens: 50 }));
    expect(result.texts).toEqual(['Ochre.']);
    expect(server.requests[0]).toMatchObject({
      path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
      query: { alt: 'sse' },
    });
    expect(server.requests[0]!.headers['x-goog-api-key']).toBe('gk');
    expect(lastBody()).toMatchObject({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [{ role: 'user', parts: [{ text: 'Name a colour.' }] }],
      generationConfig: { maxOutputTokens: 50 },
    });
  });
});
