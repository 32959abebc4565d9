import { catalogTokenPrices, type PricedModel, type TokenPrices } from '../../gateway';
import type { Picodollars } from '../../money';

/** One version of a model's prices (a model_prices row), in picodollars per token. */
export interface PriceVersion {
  id: string;
  modelId: string;
  version: number;
  input: Picodollars;
  cachedInput: Picodollars;
  output: Picodollars;
  effectiveFrom: Date;
}

/** Answers a model's prices at a time from the versions it holds; no database behind it. */
export interface PriceBook {
  /** The version effective at `at`; the model's own catalog (or declared) prices, version null, when none is. */
  pricesAt(model: PricedModel, at: Date): TokenPrices;
  /** The newest version of a model, whatever its date (what a new price must follow). */
  latest(modelId: string): PriceVersion | undefined;
}

export function createPriceBook(versions: readonly PriceVersion[]): PriceBook {
  const byModel = new Map<string, PriceVersion[]>();
  for (const version of versions) {
    const list = byModel.get(version.modelId) ?? [];
    list.push(version);
    byModel.set(version.modelId, list);
  }
  const asPrices = new Map<string, TokenPrices>();
  for (const list of byModel.values()) {
    list.sort((first, second) => first.effectiveFrom.getTime() - second.effectiveFrom.getTime());
    for (const version of list) {
      const { input, cachedInput, output, id } = version;
      asPrices.set(id, { input, cachedInput, output, versionId: id });
    }
  }
  return {
    pricesAt(model, at) {
      const list = byModel.get(model.id);
      const time = at.getTime();
      let found: PriceVersion | undefined;
      // A model has a handful of versions: the newest effective one, scanning back from the end.
      if (list) {
        for (let index = list.length - 1; index >= 0; index -= 1) {
          const candidate = list[index];
          if (candidate && candidate.effectiveFrom.getTime() <= time) {
            found = candidate;
            break;
          }
        }
      }
      return found ? (asPrices.get(found.id) as TokenPrices) : catalogTokenPrices(model);
    },
    latest(modelId) {
      const list = byModel.get(modelId);
      return list?.[list.length - 1];
    },
  };
}
