import { describe, expect, it } from 'vitest';
import { modelCatalogSchema } from './catalog-schema';
import { modelCatalog } from './model-catalog';

describe('the built-in model catalog', () => {
  it('is valid against its schema (ids, prices, limits, unique ids)', () => {
    const result = modelCatalogSchema.safeParse(modelCatalog);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it.each([
    ['openai/gpt-4o', 'openai', 2],
    ['openai/gpt-4o-mini', 'openai', 1],
    ['openai/gpt-4.1', 'openai', 2],
    ['openai/gpt-4.1-mini', 'openai', 1],
    ['openai/gpt-4.1-nano', 'openai', 1],
    ['openai/o4-mini', 'openai', 3],
    ['anthropic/claude-3-5-haiku-latest', 'anthropic', 1],
    ['anthropic/claude-sonnet-4', 'anthropic', 3],
    ['anthropic/claude-opus-4', 'anthropic', 3],
    ['google/gemini-2.0-flash', 'google', 1],
    ['google/gemini-2.5-flash', 'google', 2],
    ['google/gemini-2.5-pro', 'google', 3],
    ['local/tinyllama-1.1b-chat', 'local', 1],
  ])('has %s from %s at tier %i', (id, provider, tier) => {
    expect(modelCatalog.find((model) => model.id === id)).toMatchObject({ provider, tier });
  });

  it('prices the local model at zero with its 2048-token context', () => {
    expect(modelCatalog.find((model) => model.provider === 'local')).toMatchObject({
      contextWindow: 2048,
      inputPricePerMillion: 0,
      outputPricePerMillion: 0,
    });
  });

  it('gives every paid model a cached-input price below its input price', () => {
    const paid = modelCatalog.filter((model) => model.inputPricePerMillion > 0);
    expect(paid.length).toBeGreaterThan(10);
    for (const model of paid)
      expect(model.cachedInputPricePerMillion, model.id).toBeLessThan(model.inputPricePerMillion);
  });

  it('rejects a malformed entry', () => {
    const broken = { ...modelCatalog[0]!, id: 'anthropic/gpt-4o', maxOutputTokens: 10_000_000 };
    const messages = modelCatalogSchema.safeParse([broken, broken]).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        'id must start with its provider',
        'max output exceeds the context window',
        'model ids must be unique',
      ]),
    );
  });
});
