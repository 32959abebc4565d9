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
  // Each model's versions oldest first, each with its prices as a call reads them.
  const byModel = new Map<string, { version: PriceVersion; prices: TokenPrices }[]>();
  for (const version of versions) {
    const { input, cachedInput, output, id } = version;
    const list = byModel.get(version.modelId) ?? [];
    list.push({ version, prices: { input, cachedInput, output, versionId: id } });
    byModel.set(version.modelId, list);
  }
  for (const list of byModel.values())
    list.sort((first, second) => first.version.effectiveFrom.getTime() - second.version.effectiveFrom.getTime());
  return {
    pricesAt(model, at) {
      const time = at.getTime();
      // A model has a handful of versions: the newest effective one, scanning back from the end.
      const effective = byModel.get(model.id)?.findLast(({ version }) => version.effectiveFrom.getTime() <= time);
      return effective?.prices ?? catalogTokenPrices(model);
    },
    latest(modelId) {
      return byModel.get(modelId)?.at(-1)?.version;
    },
  };
}
