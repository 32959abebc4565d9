import { describe, expect, it } from 'vitest';
import { parseDeclaredModels } from './declared-models';

const today = '2025-09-01';
const small = {
  id: 'llama-3.1-8b',
  tier: 1,
  input_price_per_million: 0.05,
  output_price_per_million: 0.08,
  context_window: 131_072,
  max_output_tokens: 8_192,
};
const large = {
  id: 'meta-llama/Llama-3.3-70B-Instruct',
  name: 'Llama 3.3 70B',
  tier: 3,
  input_price_per_million: 0.6,
  output_price_per_million: 0.9,
  cached_input_price_per_million: 0.3,
  context_window: 131_072,
  max_output_tokens: 16_384,
  accepts_temperature: false,
  prices_as_of: '2025-08-15',
};

describe('parseDeclaredModels', () => {
  it("turns each declared model into a catalog entry of the OpenAI-compatible provider, keeping the server's own name", () => {
    const { models, problems } = parseDeclaredModels(JSON.stringify([small, large]), today);
    expect(problems).toBeUndefined();
    expect(models).toEqual([
      {
        id: 'openai-compatible/llama-3.1-8b',
        provider: 'openai-compatible',
        providerModelId: 'llama-3.1-8b',
        displayName: 'llama-3.1-8b',
        tier: 1,
        contextWindow: 131_072,
        maxOutputTokens: 8_192,
        inputPricePerMillion: 0.05,
        outputPricePerMillion: 0.08,
        acceptsTemperature: true,
        pricesAsOf: today,
      },
      {
        id: 'openai-compatible/meta-llama-Llama-3.3-70B-Instruct',
        provider: 'openai-compatible',
        providerModelId: 'meta-llama/Llama-3.3-70B-Instruct',
        displayName: 'Llama 3.3 70B',
        tier: 3,
        contextWindow: 131_072,
        maxOutputTokens: 16_384,
        inputPricePerMillion: 0.6,
        outputPricePerMillion: 0.9,
        cachedInputPricePerMillion: 0.3,
        acceptsTemperature: false,
        pricesAsOf: '2025-08-15',
      },
    ]);
  });

  it.each([
    ['not JSON', '[{id:', /^must be a JSON array of models/],
    ['not an array', '{"id":"x"}', /^must be a JSON array of models$/],
    [
      'a tier out of range',
      JSON.stringify([{ ...small, tier: 4 }]),
      /^model 1 \(tier\): must be 1 \(small and cheap\), 2 \(general\) or 3 \(frontier\)$/,
    ],
    [
      'a missing price',
      JSON.stringify([small, { ...large, output_price_per_million: undefined }]),
      /^model 2 \(output_price_per_million\): must be a number of dollars per million tokens$/,
    ],
    [
      'a negative price',
      JSON.stringify([{ ...small, input_price_per_million: -1 }]),
      /^model 1 \(input_price_per_million\): must be 0 or more$/,
    ],
    [
      'a price finer than a picodollar per token',
      JSON.stringify([{ ...small, input_price_per_million: 0.0000001 }]),
      /^model 1 \(input_price_per_million\): must have at most 6 decimals \(whole picodollars per token\)$/,
    ],
    [
      'a fractional context window',
      JSON.stringify([{ ...small, context_window: 1.5 }]),
      /^model 1 \(context_window\): must be a whole number of tokens$/,
    ],
    [
      'an empty id',
      JSON.stringify([{ ...small, id: ' ' }]),
      /^model 1 \(id\): must be the model name the server knows$/,
    ],
    ['an unknown field', JSON.stringify([{ ...small, price: 1 }]), /^model 1: Unrecognized key: "price"$/],
    [
      'more output than context',
      JSON.stringify([{ ...small, max_output_tokens: 200_000 }]),
      /^model 1: max output exceeds the context window$/,
    ],
    ['two models with one id', JSON.stringify([small, small]), /^model ids must be unique$/],
  ])('names the problem with %s', (_case, json, message) => {
    const { problems } = parseDeclaredModels(json, today);
    expect(problems).toHaveLength(1);
    expect(problems![0]).toMatch(message);
  });
});
