import { z } from 'zod';
import { embeddingModel, type EmbeddingModel } from './embedding-models';
import {
  compatibleCatalogId,
  declaredModelId,
  declaredModelName,
  declaredPrice,
  declaredPricesAsOf,
  declaredTokens,
  parseDeclaration,
  type Declared,
} from './model-declaration';

const declaredEmbeddingModelSchema = z.strictObject({
  id: declaredModelId,
  name: declaredModelName,
  input_price_per_million: declaredPrice,
  /** The most tokens one input may carry. */
  context_window: declaredTokens,
  /** The model's vector length. */
  dimensions: z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1)
    .max(4096, { error: 'must be 4096 or less' }),
  /** Whether the server shortens vectors on request (OpenAI's `dimensions`). */
  accepts_dimensions: z.boolean().default(false),
  prices_as_of: declaredPricesAsOf,
});

export type DeclaredEmbeddingModels = Declared<EmbeddingModel>;

/**
 * The embedding models an operator declares for its OpenAI-compatible server
 * (OPENAI_COMPATIBLE_EMBEDDING_MODELS): a JSON array of { id, name?, input_price_per_million,
 * context_window, dimensions, accepts_dimensions?, prices_as_of? }, as 'openai-compatible/<id>'.
 * Every problem is named with its place.
 */
export function parseDeclaredEmbeddingModels(json: string, today: string): DeclaredEmbeddingModels {
  return parseDeclaration(
    json,
    declaredEmbeddingModelSchema,
    (model) =>
      embeddingModel({
        id: compatibleCatalogId(model.id),
        provider: 'openai-compatible',
        providerModelId: model.id,
        displayName: model.name ?? model.id,
        contextWindow: model.context_window,
        inputPricePerMillion: model.input_price_per_million,
        defaultDimensions: model.dimensions,
        acceptsDimensions: model.accepts_dimensions,
        pricesAsOf: model.prices_as_of ?? today,
      }),
    '[{"id":"nomic-embed-text","dimensions":768,...}]',
  );
}
