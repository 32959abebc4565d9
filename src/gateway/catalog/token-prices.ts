import { type Picodollars, pricePerTokenOf } from '../../money';
import type { CatalogModel } from './catalog-schema';

export type PricedModel = Pick<
  CatalogModel,
  'id' | 'inputPricePerMillion' | 'outputPricePerMillion' | 'cachedInputPricePerMillion'
>;

/** A model's prices in picodollars per token, and the price version they come from (null: the catalog's). */
export interface TokenPrices {
  input: Picodollars;
  cachedInput: Picodollars;
  output: Picodollars;
  versionId: string | null;
}

const catalogPrices = new WeakMap<PricedModel, TokenPrices>();

/**
 * The catalog's listed prices (dollars per million tokens) per token, read exactly once per model:
 * a listed price has at most 6 decimals, so it is a whole number of picodollars per token.
 */
export function catalogTokenPrices(model: PricedModel): TokenPrices {
  let prices = catalogPrices.get(model);
  if (!prices) {
    const input = pricePerTokenOf(model.inputPricePerMillion);
    prices = {
      input,
      cachedInput:
        model.cachedInputPricePerMillion === undefined ? input : pricePerTokenOf(model.cachedInputPricePerMillion),
      output: pricePerTokenOf(model.outputPricePerMillion),
      versionId: null,
    };
    catalogPrices.set(model, prices);
  }
  return prices;
}
