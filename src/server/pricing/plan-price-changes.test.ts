import { describe, expect, it } from 'vitest';
import { planPriceChanges } from './plan-price-changes';
import type { PriceVersion } from './price-book';
import { PricesFileError, type PriceEntry } from './prices-file';

const now = new Date('2026-11-28T10:00:00Z');
const seed: PriceVersion = {
  id: 'v1',
  modelId: 'openai/gpt-4o',
  version: 1,
  input: 2_500_000n,
  cachedInput: 1_250_000n,
  output: 10_000_000n,
  effectiveFrom: new Date('1970-01-01T00:00:00Z'),
};
const entry = (change: Partial<PriceEntry>): PriceEntry => ({
  modelId: 'openai/gpt-4o',
  input: 2_000_000n,
  cachedInput: 1_000_000n,
  output: 8_000_000n,
  ...change,
});
const reasons = (entries: PriceEntry[], versions: PriceVersion[]) => {
  try {
    planPriceChanges(entries, versions, now, 'test');
  } catch (error) {
    if (error instanceof PricesFileError) return error.problems.join('\n');
    throw error;
  }
  throw new Error('the change was accepted');
};

describe('planning price changes', () => {
  it('makes a changed price the next version, from now when the entry gives no time', () => {
    expect(planPriceChanges([entry({})], [seed], now, 'file prices.json')).toEqual([
      { ...entry({}), version: 2, effectiveFrom: now, source: 'file prices.json' },
    ]);
  });

  it('adds nothing for prices equal to the newest version, or already in the book from the same time (a restart)', () => {
    expect(
      planPriceChanges([entry({ input: 2_500_000n, cachedInput: 1_250_000n, output: 10_000_000n })], [seed], now, 't'),
    ).toEqual([]);
    const applied: PriceVersion = {
      ...entry({}),
      id: 'v2',
      version: 2,
      effectiveFrom: new Date('2026-12-01T00:00:00Z'),
    };
    const later: PriceVersion = {
      ...entry({ input: 5n }),
      id: 'v3',
      version: 3,
      effectiveFrom: new Date('2026-12-20T00:00:00Z'),
    };
    const afterwards = new Date('2027-01-01T00:00:00Z');
    expect(
      planPriceChanges([entry({ effectiveFrom: applied.effectiveFrom })], [seed, applied, later], afterwards, 't'),
    ).toEqual([]);
  });

  it('numbers several future changes of one model in time order', () => {
    const planned = planPriceChanges(
      [
        entry({ input: 3n, effectiveFrom: new Date('2027-02-01T00:00:00Z') }),
        entry({ effectiveFrom: new Date('2027-01-01T00:00:00Z') }),
      ],
      [seed],
      now,
      't',
    );
    expect(planned.map((version) => [version.version, version.input])).toEqual([
      [2, 2_000_000n],
      [3, 3n],
    ]);
  });

  it('refuses a change effective in the past, before the newest version, or over a version of the same time', () => {
    expect(reasons([entry({ effectiveFrom: new Date('2026-11-01T00:00:00Z') })], [seed])).toContain('in the past');
    const announced: PriceVersion = {
      ...seed,
      id: 'v2',
      version: 2,
      input: 1n,
      effectiveFrom: new Date('2027-01-01T00:00:00Z'),
    };
    expect(reasons([entry({ effectiveFrom: new Date('2026-12-01T00:00:00Z') })], [seed, announced])).toContain(
      'not after version 2 (effective from 2027-01-01T00:00:00.000Z)',
    );
    expect(reasons([entry({ effectiveFrom: announced.effectiveFrom })], [seed, announced])).toContain(
      'version 2 already starts at 2027-01-01T00:00:00.000Z with other prices',
    );
  });
});
