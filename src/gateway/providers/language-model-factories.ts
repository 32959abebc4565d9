import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ApiKeyCredential, OpenAiCompatibleCredential } from './credentials';
import { fetchTellingResponseStart } from './response-start';

/** The providers' public endpoints; always passed explicitly, because left unset the SDK packages read process.env. */
export const defaultBaseUrls = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
} as const;

type LanguageModelFactory = (providerModelId: string) => LanguageModelV3;

/** OpenAI through Chat Completions (`/chat/completions`), which compatible servers also speak. */
export function openAiLanguageModels(credential: ApiKeyCredential): LanguageModelFactory {
  const provider = createOpenAI({
    apiKey: credential.apiKey,
    baseURL: credential.baseURL ?? defaultBaseUrls.openai,
    fetch: fetchTellingResponseStart(credential.fetch),
  });
  return (providerModelId) => provider.chat(providerModelId);
}

/** Anthropic through the Messages API. */
export function anthropicLanguageModels(credential: ApiKeyCredential): LanguageModelFactory {
  const provider = createAnthropic({
    apiKey: credential.apiKey,
    baseURL: credential.baseURL ?? defaultBaseUrls.anthropic,
    fetch: fetchTellingResponseStart(credential.fetch),
  });
  return (providerModelId) => provider.messages(providerModelId);
}

/** Google Gemini through the Generative Language API. */
export function googleLanguageModels(credential: ApiKeyCredential): LanguageModelFactory {
  const provider = createGoogleGenerativeAI({
    apiKey: credential.apiKey,
    baseURL: credential.baseURL ?? defaultBaseUrls.google,
    fetch: fetchTellingResponseStart(credential.fetch),
  });
  return (providerModelId) => provider.chat(providerModelId);
}

/** Any server that speaks OpenAI's Chat Completions. */
export function openAiCompatibleLanguageModels(credential: OpenAiCompatibleCredential): LanguageModelFactory {
  const provider = createOpenAICompatible({
    name: credential.name ?? 'openai-compatible',
    baseURL: credential.baseURL,
    apiKey: credential.apiKey,
    includeUsage: credential.includeUsage ?? true,
    fetch: fetchTellingResponseStart(credential.fetch),
  });
  return (providerModelId) => provider.chatModel(providerModelId);
}
