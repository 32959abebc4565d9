import { describe, expect, it } from 'vitest';
import { findModel, listModelsByTier, parseModelId } from './catalog-queries';
import type { CatalogModel } from './catalog-schema';
import { modelCatalog } from './model-catalog';

function model(id: string, tier: 1 | 2 | 3, inputPricePerMillion: number, outputPricePerMillion: number): CatalogModel {
  const [provider, name] = id.split('/') as [CatalogModel['provider'], string];
  return {
    id,
    provider,
    providerModelId: name,
    displayName: name,
    contextWindow: 8000,
    maxOutputTokens: 1000,
    inputPricePerMillion,
    outputPricePerMillion,
    tier,
    acceptsTemperature: true,
    pricesAsOf: '2025-01-01',
  };
}

const catalog = [
  model('openai/large', 3, 10, 30),
  model('openai/small', 1, 1, 4),
  model('google/tiny', 1, 0.5, 1),
  model('anthropic/mid', 2, 3, 15),
];

describe('parseModelId', () => {
  it.each([
    ['openai/gpt-4o-mini', { provider: 'openai', modelName: 'gpt-4o-mini' }],
    ['openai-compatible/meta/llama-3.1-8b', { provider: 'openai-compatible', modelName: 'meta/llama-3.1-8b' }],
    ['local/tinyllama-1.1b-chat', { provider: 'local', modelName: 'tinyllama-1.1b-chat' }],
    ['gpt-4o-mini', undefined],
    ['/gpt-4o', undefined],
    ['openai/', undefined],
    ['mistral/large', undefined],
  ])('parses %s', (modelId, expected) => {
    expect(parseModelId(modelId)).toEqual(expected);
  });
});

describe('findModel', () => {
  it.each([
    ['openai/small', 'small'],
    ['anthropic/mid', 'mid'],
    ['openai/unknown', undefined],
    ['small', undefined],
  ])('finds %s', (modelId, expectedName) => {
    expect(findModel(catalog, modelId)?.providerModelId).toBe(expectedName);
  });

  it('finds a built-in model with its provider model name', () => {
    expect(findModel(modelCatalog, 'anthropic/claude-sonnet-4')?.providerModelId).toMatch(/^claude-sonnet-4-\d{8}$/);
  });
});

describe('listModelsByTier', () => {
  it.each([
    [1, ['google/tiny', 'openai/small']],
    [2, ['anthropic/mid']],
    [3, ['openai/large']],
  ] as const)('lists tier %i cheapest first', (tier, expectedIds) => {
    expect(listModelsByTier(catalog, tier).map((entry) => entry.id)).toEqual(expectedIds);
  });

  it('puts the free local model first among the built-in small models', () => {
    expect(listModelsByTier(modelCatalog, 1)[0]?.id).toBe('local/tinyllama-1.1b-chat');
  });
});
