import { describe, expect, it } from 'vitest';
import { catalogTokenPrices, findModel, modelCatalog } from '../../gateway';
import { createPriceBook, type PriceVersion } from './price-book';

const gpt4o = findModel(modelCatalog, 'openai/gpt-4o')!;
const local = findModel(modelCatalog, 'local/tinyllama-1.1b-chat')!;

const version = (id: string, number: number, input: bigint, effectiveFrom: string): PriceVersion => ({
  id,
  modelId: gpt4o.id,
  version: number,
  input,
  cachedInput: input / 2n,
  output: input * 4n,
  effectiveFrom: new Date(effectiveFrom),
});

// Given out of order, as nothing promises the rows' order.
const book = createPriceBook([
  version('v3', 3, 3_000_000n, '2026-12-15T00:00:00Z'),
  version('v1', 1, 2_500_000n, '1970-01-01T00:00:00Z'),
  version('v2', 2, 2_000_000n, '2026-12-01T00:00:00Z'),
]);

describe('price book', () => {
  it.each([
    ['long before any change', '2025-06-01T00:00:00Z', 'v1', 2_500_000n],
    ['the last moment before a change', '2026-11-30T23:59:59.999Z', 'v1', 2_500_000n],
    ['the moment a change takes effect', '2026-12-01T00:00:00Z', 'v2', 2_000_000n],
    ['between two changes', '2026-12-10T12:00:00Z', 'v2', 2_000_000n],
    ['after the newest change', '2027-03-01T00:00:00Z', 'v3', 3_000_000n],
  ])('answers the version effective %s', (_when, at, versionId, input) => {
    const prices = book.pricesAt(gpt4o, new Date(at));
    expect(prices).toEqual({ input, cachedInput: input / 2n, output: input * 4n, versionId });
  });

  it('answers the newest version, whatever its date', () => {
    expect(book.latest(gpt4o.id)?.id).toBe('v3');
    expect(book.latest('openai/none')).toBeUndefined();
  });

  it('answers a model without a version (the local model, a declared one) with its own prices and no version', () => {
    expect(book.pricesAt(local, new Date())).toEqual({ input: 0n, cachedInput: 0n, output: 0n, versionId: null });
    expect(createPriceBook([]).pricesAt(gpt4o, new Date())).toBe(catalogTokenPrices(gpt4o));
  });

  it('answers a time before a model’s first version with its own prices (a price announced for later)', () => {
    const later = createPriceBook([version('only', 1, 9_000_000n, '2027-01-01T00:00:00Z')]);
    expect(later.pricesAt(gpt4o, new Date('2026-12-31T00:00:00Z')).versionId).toBeNull();
    expect(later.pricesAt(gpt4o, new Date('2027-01-01T00:00:00Z')).versionId).toBe('only');
  });
});
