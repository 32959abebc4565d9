import { describe, expect, it } from 'vitest';
import { parsePricesFile, PricesFileError } from './prices-file';

const known = new Set(['openai/gpt-4o', 'openai/gpt-4o-mini']);
const parse = (entries: unknown) => parsePricesFile(JSON.stringify(entries), known);
const problemsOf = (entries: unknown): string[] => {
  try {
    parse(entries);
  } catch (error) {
    if (error instanceof PricesFileError) return error.problems;
    throw error;
  }
  throw new Error('the file was accepted');
};

describe('prices file', () => {
  it('reads dollars per million tokens as exact picodollars per token', () => {
    expect(
      parse([
        {
          model: 'openai/gpt-4o',
          input: '2.50',
          cachedInput: '1.25',
          output: '10',
          effectiveFrom: '2026-12-01T00:00:00Z',
        },
        { model: 'openai/gpt-4o-mini', input: '0.000001', output: '123456789.123456' },
      ]),
    ).toEqual([
      {
        modelId: 'openai/gpt-4o',
        input: 2_500_000n,
        cachedInput: 1_250_000n,
        output: 10_000_000n,
        effectiveFrom: new Date('2026-12-01T00:00:00Z'),
      },
      // No cached price: cached input at the input price. A price past 2^53 picodollars stays exact.
      {
        modelId: 'openai/gpt-4o-mini',
        input: 1n,
        cachedInput: 1n,
        output: 123_456_789_123_456n,
        effectiveFrom: undefined,
      },
    ]);
  });

  it.each([
    ['an unknown model', { model: 'openai/gpt-9', input: '1', output: '2' }, 'entry 1 (openai/gpt-9): unknown model'],
    ['a negative price', { model: 'openai/gpt-4o', input: '-1.00', output: '2' }, '"input" is negative (-1.00)'],
    [
      'a price given as a number',
      { model: 'openai/gpt-4o', input: 2.5, output: '2' },
      '"input" must be a decimal string',
    ],
    [
      'a bad decimal',
      { model: 'openai/gpt-4o', input: '2,50', output: '2' },
      '"input" is not a decimal number of dollars (2,50)',
    ],
    ['an exponent', { model: 'openai/gpt-4o', input: '1e3', output: '2' }, 'is not a decimal number of dollars (1e3)'],
    [
      'a seventh decimal',
      { model: 'openai/gpt-4o', input: '0.0000001', output: '2' },
      '"input" has more than 6 decimals',
    ],
    ['a missing output', { model: 'openai/gpt-4o', input: '1' }, '"output" must be a decimal string'],
    [
      'a date without its zone',
      { model: 'openai/gpt-4o', input: '1', output: '2', effectiveFrom: '2026-12-01' },
      '"effectiveFrom" must be an ISO 8601 time with its zone',
    ],
    [
      'an unknown field',
      { model: 'openai/gpt-4o', input: '1', output: '2', currency: 'EUR' },
      'unknown field currency',
    ],
  ])('refuses %s with a clear reason', (_name, entry, reason) => {
    expect(problemsOf([entry]).join('\n')).toContain(reason);
  });

  it('reports every problem of the file at once, and refuses what is not an array of entries', () => {
    expect(
      problemsOf([
        { model: 'openai/gpt-9', input: '1', output: '2' },
        { model: 'openai/gpt-4o', input: '1', output: '-2' },
      ]),
    ).toHaveLength(2);
    expect(problemsOf({ model: 'openai/gpt-4o' })).toEqual(['expected a JSON array of price entries']);
    expect(() => parsePricesFile('[{', known)).toThrow(/not JSON/);
  });

  it('refuses the same model twice for the same time', () => {
    const entry = { model: 'openai/gpt-4o', input: '1', output: '2' };
    expect(problemsOf([entry, entry])).toEqual(['entry 2 (openai/gpt-4o): listed twice for the same effective time']);
  });
});
