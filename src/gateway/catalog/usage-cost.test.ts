import { describe, expect, it } from 'vitest';
import { parsePicodollars } from '../../money';
import { findModel } from './catalog-queries';
import { modelCatalog } from './model-catalog';
import { catalogTokenPrices } from './token-prices';
import { costOfUsage } from './usage-cost';

const withCachedPrice = {
  id: 'x/a',
  inputPricePerMillion: 2.5,
  cachedInputPricePerMillion: 1.25,
  outputPricePerMillion: 10,
};
const withoutCachedPrice = { id: 'x/b', inputPricePerMillion: 3, outputPricePerMillion: 15 };
const free = { id: 'x/c', inputPricePerMillion: 0, outputPricePerMillion: 0 };
const sixDecimals = { id: 'x/d', inputPricePerMillion: 0.123457, outputPricePerMillion: 1.000001 };

describe('costOfUsage', () => {
  it.each([
    ['nothing used', withCachedPrice, 0, 0, 0, '0'],
    ['a million input tokens', withCachedPrice, 1_000_000, 0, 0, '2.5'],
    ['a million output tokens', withCachedPrice, 0, 0, 1_000_000, '10'],
    ['all input cached', withCachedPrice, 1_000_000, 1_000_000, 0, '1.25'],
    ['half cached plus output', withCachedPrice, 2_000, 1_000, 500, '0.00875'],
    ['cached at input price when the model has no cached price', withoutCachedPrice, 1_000, 400, 100, '0.0045'],
    ['more cached than input reported (capped)', withCachedPrice, 1_000, 5_000, 0, '0.00125'],
    ['a free model', free, 123_456, 0, 7_890, '0'],
    ['prices with 6 decimals per million, to the picodollar', sixDecimals, 3, 0, 7, '0.000007370378'],
    // 3 billion tokens at $75 per million and more: past 2^53 picodollars, still exact.
    ['past 2^53 picodollars', { ...withCachedPrice, outputPricePerMillion: 75 }, 0, 0, 3_000_000_007, '225000.000525'],
  ])('%s', (_name, model, inputTokens, cachedInputTokens, outputTokens, expectedUsd) => {
    expect(costOfUsage(catalogTokenPrices(model), { inputTokens, cachedInputTokens, outputTokens })).toBe(
      parsePicodollars(expectedUsd),
    );
  });

  it('prices a chat turn on GPT-4o mini from the catalog: $0.15 input, $0.075 cached, $0.60 output per million', () => {
    const model = findModel(modelCatalog, 'openai/gpt-4o-mini')!;
    const cost = costOfUsage(catalogTokenPrices(model), {
      inputTokens: 1_200,
      cachedInputTokens: 1_024,
      outputTokens: 300,
    });
    // 176 × 150,000 + 1,024 × 75,000 + 300 × 600,000 picodollars.
    expect(cost).toBe(26_400_000n + 76_800_000n + 180_000_000n);
  });
});
