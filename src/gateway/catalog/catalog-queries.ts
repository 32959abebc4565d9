import type { CapabilityTier, CatalogModel, ProviderName } from './catalog-schema';
import { providerNames } from './catalog-schema';

/** A catalog id split into its provider and the provider's own model name. */
export interface ParsedModelId {
  provider: ProviderName;
  modelName: string;
}

/** Splits 'provider/model' (the model part may itself hold slashes); undefined when malformed. */
export function parseModelId(modelId: string): ParsedModelId | undefined {
  const separator = modelId.indexOf('/');
  if (separator <= 0 || separator === modelId.length - 1) return undefined;
  const provider = modelId.slice(0, separator);
  if (!(providerNames as readonly string[]).includes(provider)) return undefined;
  return { provider: provider as ProviderName, modelName: modelId.slice(separator + 1) };
}

/** The catalog entry with this id, or undefined. */
export function findModel(catalog: readonly CatalogModel[], modelId: string): CatalogModel | undefined {
  return catalog.find((model) => model.id === modelId);
}

/** Models of one tier, cheapest first (by the price of a 3:1 input-to-output token mix). */
export function listModelsByTier(catalog: readonly CatalogModel[], tier: CapabilityTier): CatalogModel[] {
  return catalog
    .filter((model) => model.tier === tier)
    .sort((first, second) => blendedPrice(first) - blendedPrice(second));
}

/** USD per million tokens for a typical chat turn, three input tokens for each output token. */
export function blendedPrice(model: CatalogModel): number {
  return (3 * model.inputPricePerMillion + model.outputPricePerMillion) / 4;
}
