import { type Picodollars, priceOfTokens } from '../../money';
import type { TokenUsage } from '../usage/token-usage';
import type { TokenPrices } from './token-prices';

/**
 * Cost of one usage record at a model's prices, exactly. Cached input tokens are billed at the
 * cached price (the input price where the model has none); `inputTokens` includes them.
 */
export function costOfUsage(prices: TokenPrices, usage: TokenUsage): Picodollars {
  const cachedTokens = Math.min(usage.cachedInputTokens, usage.inputTokens);
  return (
    priceOfTokens(prices.input, usage.inputTokens - cachedTokens) +
    priceOfTokens(prices.cachedInput, cachedTokens) +
    priceOfTokens(prices.output, usage.outputTokens)
  );
}
