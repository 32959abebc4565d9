import type { CatalogModel } from './catalog-schema';

/**
 * A model that turns texts into vectors (POST /v1/embeddings). It is priced, limited and recorded
 * as a catalog model (input tokens only: no output), but kept out of the chat's catalog so the
 * router and the chat never pick it. `contextWindow` is the most tokens one input may carry.
 */
export interface EmbeddingModel extends CatalogModel {
  /** The vector length when the request names none. */
  defaultDimensions: number;
  /** Whether the model shortens its vectors on request (OpenAI's `dimensions`). */
  acceptsDimensions: boolean;
}

const pricesAsOf = '2025-08-01';

function embeddingModel(
  model: Pick<
    EmbeddingModel,
    | 'id'
    | 'providerModelId'
    | 'displayName'
    | 'contextWindow'
    | 'inputPricePerMillion'
    | 'defaultDimensions'
    | 'acceptsDimensions'
  > & { provider: 'openai' | 'openai-compatible'; pricesAsOf?: string },
): EmbeddingModel {
  return {
    tier: 1,
    maxOutputTokens: 1,
    outputPricePerMillion: 0,
    acceptsTemperature: false,
    pricesAsOf,
    ...model,
  };
}

/** OpenAI's embedding models at their list prices (USD per million input tokens). */
export const embeddingModelCatalog: readonly EmbeddingModel[] = [
  embeddingModel({
    id: 'openai/text-embedding-3-small',
    provider: 'openai',
    providerModelId: 'text-embedding-3-small',
    displayName: 'Text Embedding 3 Small',
    contextWindow: 8191,
    inputPricePerMillion: 0.02,
    defaultDimensions: 1536,
    acceptsDimensions: true,
  }),
  embeddingModel({
    id: 'openai/text-embedding-3-large',
    provider: 'openai',
    providerModelId: 'text-embedding-3-large',
    displayName: 'Text Embedding 3 Large',
    contextWindow: 8191,
    inputPricePerMillion: 0.13,
    defaultDimensions: 3072,
    acceptsDimensions: true,
  }),
  embeddingModel({
    id: 'openai/text-embedding-ada-002',
    provider: 'openai',
    providerModelId: 'text-embedding-ada-002',
    displayName: 'Text Embedding Ada 002',
    contextWindow: 8191,
    inputPricePerMillion: 0.1,
    defaultDimensions: 1536,
    acceptsDimensions: false,
  }),
];

export { embeddingModel };
