import { describe, expect, it } from 'vitest';
import { parseDeclaredEmbeddingModels } from './declared-embedding-models';

const today = '2026-11-27';

describe('parseDeclaredEmbeddingModels', () => {
  it('makes catalog entries of an OpenAI-compatible server’s embedding models', () => {
    const declared = parseDeclaredEmbeddingModels(
      JSON.stringify([
        { id: 'nomic-ai/nomic-embed-text', input_price_per_million: 0.01, context_window: 2048, dimensions: 768 },
        {
          id: 'bge-m3',
          name: 'BGE M3',
          input_price_per_million: 0,
          context_window: 8192,
          dimensions: 1024,
          accepts_dimensions: true,
          prices_as_of: '2026-01-01',
        },
      ]),
      today,
    );
    expect(declared.problems).toBeUndefined();
    expect(declared.models).toEqual([
      expect.objectContaining({
        id: 'openai-compatible/nomic-ai-nomic-embed-text',
        provider: 'openai-compatible',
        providerModelId: 'nomic-ai/nomic-embed-text',
        displayName: 'nomic-ai/nomic-embed-text',
        contextWindow: 2048,
        inputPricePerMillion: 0.01,
        outputPricePerMillion: 0,
        defaultDimensions: 768,
        acceptsDimensions: false,
        pricesAsOf: today,
      }),
      expect.objectContaining({ id: 'openai-compatible/bge-m3', displayName: 'BGE M3', acceptsDimensions: true }),
    ]);
  });

  it.each([
    ['not json', /JSON array/],
    ['{}', /JSON array/],
    [JSON.stringify([{ id: 'x', input_price_per_million: 0, context_window: 10 }]), /model 1 \(dimensions\)/],
    [
      JSON.stringify([{ id: 'x', input_price_per_million: -1, context_window: 10, dimensions: 8 }]),
      /model 1 \(input_price_per_million\): must be 0 or more/,
    ],
    [JSON.stringify([{ id: 'x', input_price_per_million: 0, context_window: 10, dimensions: 8, tier: 1 }]), /model 1/],
  ])('names the problem of %s', (json, problem) => {
    const declared = parseDeclaredEmbeddingModels(json, today);
    expect(declared.models).toBeUndefined();
    expect(declared.problems?.join('\n')).toMatch(problem);
  });
});
