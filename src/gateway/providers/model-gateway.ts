import type { CatalogModel, ProviderName } from '../catalog/catalog-schema';
import { findModel } from '../catalog/catalog-queries';
import { modelCatalog } from '../catalog/model-catalog';
import { createAiSdkChatProvider } from './ai-sdk-chat-provider';
import type { ChatProvider, ChatStreamPart, ChatStreamRequest } from './chat-provider';
import type { ProviderCredentials } from './credentials';
import { GatewayError } from './gateway-error';
import { retryUnanswered } from './retry-unanswered';
import {
  anthropicLanguageModels,
  googleLanguageModels,
  openAiCompatibleLanguageModels,
  openAiLanguageModels,
} from './language-model-factories';

/** What a gateway is built from; build one per credential set (per organisation or instance). */
export interface ModelGatewayOptions {
  credentials: ProviderCredentials;
  /** Defaults to the built-in catalog; a deployment may add its OpenAI-compatible models. */
  catalog?: readonly CatalogModel[];
  /**
   * The embedded model (`createEmbeddedLocalProvider`, one instance shared by every gateway);
   * leave it out when LOCAL_MODEL_ENABLED is false. Any ChatProvider taking the providerModelId.
   */
  localProvider?: ChatProvider;
}

/**
 * A ChatProvider whose `modelId` is a catalog id ('anthropic/claude-sonnet-4'): it finds the
 * model, picks the provider adapter, passes the provider's own model name, leaves out a
 * temperature the model rejects and caps the output at the model's maximum.
 */
export function createModelGateway(options: ModelGatewayOptions): ChatProvider {
  const catalog = options.catalog ?? modelCatalog;
  const adapters = new Map<ProviderName, ChatProvider>();

  function adapterFor(provider: ProviderName): ChatProvider {
    const existing = adapters.get(provider);
    if (existing) return existing;
    // The embedded model is in this process: no connection to lose.
    const created =
      provider === 'local' ? createAdapter(provider, options) : retryUnanswered(createAdapter(provider, options));
    adapters.set(provider, created);
    return created;
  }

  async function* stream(request: ChatStreamRequest): AsyncGenerator<ChatStreamPart> {
    const model = findModel(catalog, request.modelId);
    if (!model) throw new GatewayError('bad_request', `Unknown model '${request.modelId}'`);
    yield* adapterFor(model.provider).stream({
      ...request,
      modelId: model.providerModelId,
      temperature: model.acceptsTemperature ? request.temperature : undefined,
      maxOutputTokens: Math.min(request.maxOutputTokens ?? model.maxOutputTokens, model.maxOutputTokens),
    });
  }

  return { stream };
}

function createAdapter(provider: ProviderName, options: ModelGatewayOptions): ChatProvider {
  const { credentials } = options;
  const missing = () => new GatewayError('auth', `No credentials configured for provider '${provider}'`, { provider });
  switch (provider) {
    case 'openai':
      if (!credentials.openai) throw missing();
      return createAiSdkChatProvider({ provider, languageModel: openAiLanguageModels(credentials.openai) });
    case 'anthropic':
      if (!credentials.anthropic) throw missing();
      return createAiSdkChatProvider({ provider, languageModel: anthropicLanguageModels(credentials.anthropic) });
    case 'google':
      if (!credentials.google) throw missing();
      return createAiSdkChatProvider({ provider, languageModel: googleLanguageModels(credentials.google) });
    case 'openai-compatible': {
      const credential = credentials['openai-compatible'];
      if (!credential) throw missing();
      return createAiSdkChatProvider({ provider, languageModel: openAiCompatibleLanguageModels(credential) });
    }
    case 'local':
      if (!options.localProvider)
        throw new GatewayError('unavailable', 'The local model is switched off', { provider });
      return options.localProvider;
  }
}
