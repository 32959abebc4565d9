import { z } from 'zod';
import type { CatalogModel } from './catalog-schema';
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

/** One model an operator declares for an OpenAI-compatible server (OPENAI_COMPATIBLE_MODELS). */
const declaredModelSchema = z.strictObject({
  id: declaredModelId,
  name: declaredModelName,
  tier: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: 'must be 1 (small and cheap), 2 (general) or 3 (frontier)',
  }),
  input_price_per_million: declaredPrice,
  output_price_per_million: declaredPrice,
  cached_input_price_per_million: declaredPrice.optional(),
  context_window: declaredTokens,
  max_output_tokens: declaredTokens,
  accepts_temperature: z.boolean().default(true),
  prices_as_of: declaredPricesAsOf,
});

export type DeclaredModels = Declared<CatalogModel>;

/**
 * The catalog entries of an operator's declaration of its OpenAI-compatible server's models: a
 * JSON array of { id, name?, tier, input_price_per_million, output_price_per_million,
 * cached_input_price_per_million?, context_window, max_output_tokens, accepts_temperature?,
 * prices_as_of? }, as 'openai-compatible/<id>'. Every problem is named with its place.
 */
export function parseDeclaredModels(json: string, today: string): DeclaredModels {
  return parseDeclaration(
    json,
    declaredModelSchema,
    (model): CatalogModel => ({
      id: compatibleCatalogId(model.id),
      provider: 'openai-compatible',
      providerModelId: model.id,
      displayName: model.name ?? model.id,
      tier: model.tier,
      contextWindow: model.context_window,
      maxOutputTokens: model.max_output_tokens,
      inputPricePerMillion: model.input_price_per_million,
      outputPricePerMillion: model.output_price_per_million,
      ...(model.cached_input_price_per_million === undefined
        ? {}
        : { cachedInputPricePerMillion: model.cached_input_price_per_million }),
      acceptsTemperature: model.accepts_temperature,
      pricesAsOf: model.prices_as_of ?? today,
    }),
    '[{"id":"llama-3.1-8b","tier":1,...}]',
  );
}
