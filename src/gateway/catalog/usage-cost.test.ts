import { describe, expect, it } from 'vitest';
import { findModel } from './catalog-queries';
import { modelCatalog } from './model-catalog';
import { costOfUsage } from './usage-cost';

const withCachedPrice = { inputPricePerMillion: 2.5, cachedInputPricePerMillion: 1.25, outputPricePerMillion: 10 };
const withoutCachedPrice = { inputPricePerMillion: 3, outputPricePerMillion: 15 };
const free = { inputPricePerMillion: 0, outputPricePerMillion: 0 };

describe('costOfUsage', () => {
  it.each([
    ['nothing used', withCachedPrice, 0, 0, 0, 0],
    ['a million input tokens', withCachedPrice, 1_000_000, 0, 0, 2.5],
    ['a million output tokens', withCachedPrice, 0, 0, 1_000_000, 10],
    ['all input cached', withCachedPrice, 1_000_000, 1_000_000, 0, 1.25],
    ['half cached plus output', withCachedPrice, 2_000, 1_000, 500, 0.0025 + 0.00125 + 0.005],
    ['cached at input price when the model has no cached price', withoutCachedPrice, 1_000, 400, 100, 0.003 + 0.0015],
    ['more cached than input reported (capped)', withCachedPrice, 1_000, 5_000, 0, 0.00125],
    ['a free model', free, 123_456, 0, 7_890, 0],
  ])('%s', (_name, model, inputTokens, cachedInputTokens, outputTokens, expectedUsd) => {
    expect(costOfUsage(model, { inputTokens, cachedInputTokens, outputTokens })).toBeCloseTo(expectedUsd, 12);
  });

  it('prices a chat turn on GPT-4o mini from the catalog', () => {
    const model = findModel(modelCatalog, 'openai/gpt-4o-mini')!;
    const cost = costOfUsage(model, { inputTokens: 1_200, cachedInputTokens: 1_024, outputTokens: 300 });
    const expected =
      (176 * model.inputPricePerMillion +
        1_024 * model.cachedInputPricePerMillion! +
        300 * model.outputPricePerMillion) /
      1e6;
    expect(cost).toBeCloseTo(expected, 12);
    expect(cost).toBeGreaterThan(0);
  });
});
