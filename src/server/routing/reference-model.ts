import { blendedPrice, findModel, type CatalogModel } from '../../gateway';

/** Best first: the higher capability tier, then the higher price. */
function byStrength(first: CatalogModel, second: CatalogModel): number {
  return second.tier - first.tier || blendedPrice(second) - blendedPrice(first);
}

/** Cheapest first: the lower tier, then the lower price. */
export function byCost(first: CatalogModel, second: CatalogModel): number {
  return first.tier - second.tier || blendedPrice(first) - blendedPrice(second);
}

/**
 * "What it would have cost without the router": the policy's reference model when it is in the
 * catalog, otherwise the best model the organisation can reach. Prices are all it is used for,
 * so it need not be one the user may call.
 */
export function resolveReferenceModel(
  catalog: readonly CatalogModel[],
  available: readonly CatalogModel[],
  referenceModelId: string | null,
): CatalogModel | undefined {
  const named = referenceModelId ? findModel(catalog, referenceModelId) : undefined;
  return named ?? [...available].sort(byStrength)[0];
}
