import type { TokenUsage } from '../usage/token-usage';
import type { CatalogModel } from './catalog-schema';

type PricedModel = Pick<CatalogModel, 'inputPricePerMillion' | 'outputPricePerMillion' | 'cachedInputPricePerMillion'>;

/**
 * Cost in USD of one usage record on a model. Cached input tokens are billed at the cached
 * price where the model has one, otherwise at the input price; `inputTokens` includes them.
 * Not rounded: round only where money is shown or charged.
 */
export function costOfUsage(model: PricedModel, usage: TokenUsage): number {
  const cachedTokens = Math.min(usage.cachedInputTokens, usage.inputTokens);
  const uncachedTokens = usage.inputTokens - cachedTokens;
  const cachedPrice = model.cachedInputPricePerMillion ?? model.inputPricePerMillion;
  const microDollars =
    uncachedTokens * model.inputPricePerMillion +
    cachedTokens * cachedPrice +
    usage.outputTokens * model.outputPricePerMillion;
  return microDollars / 1_000_000;
}
