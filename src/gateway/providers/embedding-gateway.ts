import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import { embedMany } from 'ai';
import type { EmbeddingModel } from '../catalog/embedding-models';
import type { ProviderCredentials } from './credentials';
import { GatewayError } from './gateway-error';
import { defaultBaseUrls } from './language-model-factories';
import { toGatewayError } from './map-provider-error';

/** One call for vectors: the texts in order, the model's catalog entry, and the vector length when asked. */
interface EmbedRequest {
  model: EmbeddingModel;
  values: readonly string[];
  dimensions?: number;
  abortSignal?: AbortSignal;
}

/** The vectors in the order of the texts, and the input tokens the provider counted (when it said). */
interface EmbedResult {
  embeddings: number[][];
  inputTokens?: number;
}

/** Asks the providers that offer embeddings (OpenAI, an OpenAI-compatible server) for vectors. */
export interface EmbeddingGateway {
  embed(request: EmbedRequest): Promise<EmbedResult>;
}

/**
 * An embedding gateway over one set of credentials, through the AI SDK's provider packages. No
 * retries here: the metered call above decides what a failure costs and answers it.
 */
export function createEmbeddingGateway(credentials: ProviderCredentials): EmbeddingGateway {
  function embeddingModelFor(model: EmbeddingModel): { embedding: EmbeddingModelV3; optionsKey: string } {
    const missing = () =>
      new GatewayError('auth', `No credentials configured for provider '${model.provider}'`, {
        provider: model.provider,
      });
    if (model.provider === 'openai') {
      const credential = credentials.openai;
      if (!credential) throw missing();
      const provider = createOpenAI({
        apiKey: credential.apiKey,
        baseURL: credential.baseURL ?? defaultBaseUrls.openai,
        fetch: credential.fetch,
      });
      return { embedding: provider.embedding(model.providerModelId), optionsKey: 'openai' };
    }
    if (model.provider === 'openai-compatible') {
      const credential = credentials['openai-compatible'];
      if (!credential) throw missing();
      const provider = createOpenAICompatible({
        name: 'openaiCompatible',
        baseURL: credential.baseURL,
        apiKey: credential.apiKey,
        fetch: credential.fetch,
      });
      return { embedding: provider.embeddingModel(model.providerModelId), optionsKey: 'openaiCompatible' };
    }
    throw new GatewayError('bad_request', `${model.provider} offers no embeddings`, { provider: model.provider });
  }

  return {
    async embed(request) {
      const { embedding, optionsKey } = embeddingModelFor(request.model);
      try {
        const result = await embedMany({
          model: embedding,
          values: [...request.values],
          maxRetries: 0,
          abortSignal: request.abortSignal,
          providerOptions:
            request.dimensions === undefined ? undefined : { [optionsKey]: { dimensions: request.dimensions } },
        });
        if (result.embeddings.length !== request.values.length)
          throw new GatewayError('unavailable', `${request.model.provider}: the answer lacks vectors`, {
            provider: request.model.provider,
          });
        return { embeddings: result.embeddings, inputTokens: result.usage?.tokens };
      } catch (error) {
        throw toGatewayError(error, request.model.provider);
      }
    },
  };
}
