import { createAiSdkChatProvider } from '../providers/ai-sdk-chat-provider';
import type { ChatProvider } from '../providers/chat-provider';
import {
  anthropicLanguageModels,
  googleLanguageModels,
  openAiCompatibleLanguageModels,
  openAiLanguageModels,
} from '../providers/language-model-factories';
import type { ProviderName } from '../catalog/catalog-schema';
import { anthropicWire } from './anthropic-wire';
import { googleWire } from './google-wire';
import { openAiWire } from './openai-wire';
import type { WireFormat } from './wire-format';

/** One provider adapter pointed at the fake server, with what the server should see from it. */
export interface ProviderCase {
  provider: Exclude<ProviderName, 'local'>;
  modelId: string;
  wire: WireFormat;
  /** The header carrying the key, and its expected value. */
  authHeader: [name: string, value: string];
  /** `fetch` replaces the global fetch (an AddressGuard's, say). */
  create(serverUrl: string, fetch?: typeof globalThis.fetch): ChatProvider;
}

/** The four AI SDK adapters against a fake provider server at `serverUrl`. */
export const providerCases: ProviderCase[] = [
  {
    provider: 'openai',
    modelId: 'gpt-4o-mini',
    wire: openAiWire,
    authHeader: ['authorization', 'Bearer sk-test-openai'],
    create: (serverUrl, fetch) =>
      createAiSdkChatProvider({
        provider: 'openai',
        languageModel: openAiLanguageModels({ apiKey: 'sk-test-openai', baseURL: `${serverUrl}/v1`, fetch }),
      }),
  },
  {
    provider: 'anthropic',
    modelId: 'claude-3-5-haiku-latest',
    wire: anthropicWire,
    authHeader: ['x-api-key', 'sk-ant-test'],
    create: (serverUrl, fetch) =>
      createAiSdkChatProvider({
        provider: 'anthropic',
        languageModel: anthropicLanguageModels({ apiKey: 'sk-ant-test', baseURL: `${serverUrl}/v1`, fetch }),
      }),
  },
  {
    provider: 'openai-compatible',
    modelId: 'llama-3.1-8b-instruct',
    wire: openAiWire,
    authHeader: ['authorization', 'Bearer compatible-key'],
    create: (serverUrl, fetch) =>
      createAiSdkChatProvider({
        provider: 'openai-compatible',
        languageModel: openAiCompatibleLanguageModels({ baseURL: `${serverUrl}/v1`, apiKey: 'compatible-key', fetch }),
      }),
  },
  {
    provider: 'google',
    modelId: 'gemini-2.0-flash',
    wire: googleWire,
    authHeader: ['x-goog-api-key', 'google-test-key'],
    create: (serverUrl, fetch) =>
      createAiSdkChatProvider({
        provider: 'google',
        languageModel: googleLanguageModels({ apiKey: 'google-test-key', baseURL: `${serverUrl}/v1beta`, fetch }),
      }),
  },
];
