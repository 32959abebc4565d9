import type { CatalogModel } from './catalog-schema';

// Taken from the providers' public price pages as remembered on this date, not fetched: check
// every price against https://openai.com/api/pricing, https://www.anthropic.com/pricing and
// https://ai.google.dev/gemini-api/docs/pricing before billing anyone with them.
const pricesAsOf = '2025-08-01';

type ModelWithoutProvider = Omit<CatalogModel, 'provider' | 'pricesAsOf' | 'acceptsTemperature'> & {
  acceptsTemperature?: boolean;
};

function withProvider(provider: CatalogModel['provider'], models: ModelWithoutProvider[]): CatalogModel[] {
  return models.map((model) => ({ acceptsTemperature: true, ...model, provider, pricesAsOf }));
}

const openAiModels = withProvider('openai', [
  {
    id: 'openai/gpt-4.1-nano',
    providerModelId: 'gpt-4.1-nano',
    displayName: 'GPT-4.1 nano',
    tier: 1,
    contextWindow: 1_047_576,
    maxOutputTokens: 32_768,
    inputPricePerMillion: 0.1,
    cachedInputPricePerMillion: 0.025,
    outputPricePerMillion: 0.4,
  },
  {
    id: 'openai/gpt-4o-mini',
    providerModelId: 'gpt-4o-mini',
    displayName: 'GPT-4o mini',
    tier: 1,
    contextWindow: 128_000,
    maxOutputTokens: 16_384,
    inputPricePerMillion: 0.15,
    cachedInputPricePerMillion: 0.075,
    outputPricePerMillion: 0.6,
  },
  {
    id: 'openai/gpt-4.1-mini',
    providerModelId: 'gpt-4.1-mini',
    displayName: 'GPT-4.1 mini',
    tier: 1,
    contextWindow: 1_047_576,
    maxOutputTokens: 32_768,
    inputPricePerMillion: 0.4,
    cachedInputPricePerMillion: 0.1,
    outputPricePerMillion: 1.6,
  },
  {
    id: 'openai/gpt-4o',
    providerModelId: 'gpt-4o',
    displayName: 'GPT-4o',
    tier: 2,
    contextWindow: 128_000,
    maxOutputTokens: 16_384,
    inputPricePerMillion: 2.5,
    cachedInputPricePerMillion: 1.25,
    outputPricePerMillion: 10,
  },
  {
    id: 'openai/gpt-4.1',
    providerModelId: 'gpt-4.1',
    displayName: 'GPT-4.1',
    tier: 2,
    contextWindow: 1_047_576,
    maxOutputTokens: 32_768,
    inputPricePerMillion: 2,
    cachedInputPricePerMillion: 0.5,
    outputPricePerMillion: 8,
  },
  // Reasoning models reject temperature; their hidden reasoning tokens are billed as output.
  {
    id: 'openai/o3-mini',
    providerModelId: 'o3-mini',
    displayName: 'o3-mini',
    tier: 3,
    contextWindow: 200_000,
    maxOutputTokens: 100_000,
    inputPricePerMillion: 1.1,
    cachedInputPricePerMillion: 0.55,
    outputPricePerMillion: 4.4,
    acceptsTemperature: false,
  },
  {
    id: 'openai/o4-mini',
    providerModelId: 'o4-mini',
    displayName: 'o4-mini',
    tier: 3,
    contextWindow: 200_000,
    maxOutputTokens: 100_000,
    inputPricePerMillion: 1.1,
    cachedInputPricePerMillion: 0.275,
    outputPricePerMillion: 4.4,
    acceptsTemperature: false,
  },
]);

// Cached price is Anthropic's cache-read price; cache writes (1.25x input) are not modelled.
const anthropicModels = withProvider('anthropic', [
  {
    id: 'anthropic/claude-3-5-haiku-latest',
    providerModelId: 'claude-3-5-haiku-latest',
    displayName: 'Claude 3.5 Haiku',
    tier: 1,
    contextWindow: 200_000,
    maxOutputTokens: 8_192,
    inputPricePerMillion: 0.8,
    cachedInputPricePerMillion: 0.08,
    outputPricePerMillion: 4,
  },
  {
    id: 'anthropic/claude-3-7-sonnet',
    providerModelId: 'claude-3-7-sonnet-20250219',
    displayName: 'Claude 3.7 Sonnet',
    tier: 2,
    contextWindow: 200_000,
    maxOutputTokens: 64_000,
    inputPricePerMillion: 3,
    cachedInputPricePerMillion: 0.3,
    outputPricePerMillion: 15,
  },
  {
    id: 'anthropic/claude-sonnet-4',
    providerModelId: 'claude-sonnet-4-20250514',
    displayName: 'Claude Sonnet 4',
    tier: 3,
    contextWindow: 200_000,
    maxOutputTokens: 64_000,
    inputPricePerMillion: 3,
    cachedInputPricePerMillion: 0.3,
    outputPricePerMillion: 15,
  },
  {
    id: 'anthropic/claude-opus-4',
    providerModelId: 'claude-opus-4-20250514',
    displayName: 'Claude Opus 4',
    tier: 3,
    contextWindow: 200_000,
    maxOutputTokens: 32_000,
    inputPricePerMillion: 15,
    cachedInputPricePerMillion: 1.5,
    outputPricePerMillion: 75,
  },
]);

const googleModels = withProvider('google', [
  {
    id: 'google/gemini-2.0-flash',
    providerModelId: 'gemini-2.0-flash',
    displayName: 'Gemini 2.0 Flash',
    tier: 1,
    contextWindow: 1_048_576,
    maxOutputTokens: 8_192,
    inputPricePerMillion: 0.1,
    cachedInputPricePerMillion: 0.025,
    outputPricePerMillion: 0.4,
  },
  {
    id: 'google/gemini-2.5-flash',
    providerModelId: 'gemini-2.5-flash',
    displayName: 'Gemini 2.5 Flash',
    tier: 2,
    contextWindow: 1_048_576,
    maxOutputTokens: 65_536,
    inputPricePerMillion: 0.3,
    cachedInputPricePerMillion: 0.075,
    outputPricePerMillion: 2.5,
  },
  {
    id: 'google/gemini-2.5-pro',
    providerModelId: 'gemini-2.5-pro',
    displayName: 'Gemini 2.5 Pro',
    tier: 3,
    contextWindow: 1_048_576,
    maxOutputTokens: 65_536,
    inputPricePerMillion: 1.25,
    cachedInputPricePerMillion: 0.31,
    outputPricePerMillion: 10,
    priceNote: 'Prompts over 200k tokens cost 2.50 input, 15.00 output; not modelled.',
  },
]);

const localModels = withProvider('local', [
  {
    id: 'local/tinyllama-1.1b-chat',
    providerModelId: 'tinyllama-1.1b-chat-v1.0-iq2_xxs',
    displayName: 'TinyLlama 1.1B Chat (local)',
    tier: 1,
    contextWindow: 2_048,
    maxOutputTokens: 512,
    inputPricePerMillion: 0,
    outputPricePerMillion: 0,
  },
]);

/**
 * The built-in model catalog. Prices are USD per million tokens, taken on `pricesAsOf` and to be
 * checked against the providers' pages; a deployment may pass its own catalog (validated with
 * `modelCatalogSchema`) to every catalog function instead.
 */
export const modelCatalog: readonly CatalogModel[] = [
  ...openAiModels,
  ...anthropicModels,
  ...googleModels,
  ...localModels,
];
