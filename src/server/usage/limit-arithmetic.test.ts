import { describe, expect, it } from 'vitest';
import { modelCatalog } from '../../gateway';
import {
  grantCall,
  type MonthlyLimits,
  heldInputTokens,
  isAboveWarningShare,
  type TokenPrices,
} from './limit-arithmetic';
import { parsePicodollars, pricePerTokenOf, scaledDecimal, usdDecimal, usdNumber } from '../../money';

const usd = (amount: string) => parsePicodollars(amount);
/** GPT-4o mini: $0.15 in, $0.60 out per million tokens. */
const mini: TokenPrices = { inputPicodollars: pricePerTokenOf(0.15), outputPicodollars: pricePerTokenOf(0.6) };
const free: TokenPrices = { inputPicodollars: 0n, outputPicodollars: 0n };
const nothingTaken = { tokens: 0n, costPicodollars: 0n };

describe('exact amounts', () => {
  it.each([
    ['0', 12, 0n],
    ['50', 12, 50_000_000_000_000n],
    ['0.0000034500', 12, 3_450_000n],
    ['12.3456', 4, 123_456n],
    [0.275, 6, 275_000n],
    [1e-7, 12, 100_000n],
    ['-0.5', 1, -5n],
    ['2.5e3', 0, 2500n],
  ] as const)('scales %s by 10^%i', (value, scale, expected) => {
    expect(scaledDecimal(value, scale)).toBe(expected);
  });

  it('refuses to round', () => {
    expect(() => scaledDecimal('0.0000001', 6)).toThrow('more than 6 decimals');
    expect(() => scaledDecimal('abc', 6)).toThrow('Not a decimal amount');
  });

  it('writes picodollars back as the same decimal', () => {
    expect(usdDecimal(3_450_000n)).toBe('0.000003450000');
    expect(usdDecimal(50_000_000_000_000n)).toBe('50.000000000000');
    expect(usdDecimal(-1n)).toBe('-0.000000000001');
    expect(usdNumber(usd('4.99'))).toBe(4.99);
  });

  it('prices every catalog model in whole picodollars per token, so costs are exact', () => {
    for (const model of modelCatalog) {
      for (const price of [
        model.inputPricePerMillion,
        model.outputPricePerMillion,
        model.cachedInputPricePerMillion ?? 0,
      ]) {
        expect(() => pricePerTokenOf(price), model.id).not.toThrow();
      }
    }
    // 0.15 USD per million tokens: 150,000 picodollars a token.
    expect(mini).toEqual({ inputPicodollars: 150_000n, outputPicodollars: 600_000n });
  });

  it('holds a quarter more input than the estimate, rounded up', () => {
    expect([0, 1, 4, 5, 100].map(heldInputTokens)).toEqual([0, 2, 5, 7, 125]);
  });
});

describe('grantCall', () => {
  it('grants the whole reply cap when there is room, with its exact cost', () => {
    const grant = grantCall({
      limits: { tokens: 100_000n, costPicodollars: usd('50') },
      taken: nothingTaken,
      prices: mini,
      inputTokens: 120,
      outputCap: 2000,
    });
    expect(grant).toEqual({
      granted: true,
      outputTokens: 2000,
      tokens: 2120,
      costPicodollars: 120n * 150_000n + 2000n * 600_000n,
    });
  });

  it.each([
    [
      'the token limit leaves less than the cap',
      { tokens: 1_000n },
      { tokens: 900n, costPicodollars: 0n },
      10,
      2000,
      90,
    ],
    ['exactly one output token is left', { tokens: 1_000n }, { tokens: 989n, costPicodollars: 0n }, 10, 2000, 1],
    // $0.01 left after the input: 10^10 / 600,000 = 16,666 output tokens.
    [
      'the cost limit leaves less than the cap',
      { costPicodollars: usd('1') },
      { tokens: 0n, costPicodollars: usd('0.99') - 100n * 150_000n },
      100,
      50_000,
      16_666,
    ],
    ['a free model is bounded by tokens only', { tokens: 500n, costPicodollars: 0n }, nothingTaken, 100, 2000, 400],
  ] as const)('caps the reply when %s', (_name, given, taken, inputTokens, outputCap, expectedOutput) => {
    const limits: MonthlyLimits = given;
    const prices = _name.startsWith('a free') ? free : mini;
    const grant = grantCall({ limits, taken, prices, inputTokens, outputCap });
    expect(grant).toMatchObject({ granted: true, outputTokens: expectedOutput, tokens: inputTokens + expectedOutput });
    if (!grant.granted) return;
    // What is held never takes the total past a limit.
    if (limits.tokens !== undefined) expect(taken.tokens + BigInt(grant.tokens)).toBeLessThanOrEqual(limits.tokens);
    if (limits.costPicodollars !== undefined)
      expect(taken.costPicodollars + grant.costPicodollars).toBeLessThanOrEqual(limits.costPicodollars);
  });

  it.each([
    [
      'no token is left for a reply',
      { tokens: 1_000n },
      { tokens: 990n, costPicodollars: 0n },
      10,
      'monthly_token_limit',
    ],
    [
      'the limit is already passed',
      { tokens: 1_000n },
      { tokens: 1_200n, costPicodollars: 0n },
      0,
      'monthly_token_limit',
    ],
    ['the input alone costs more than is left', { costPicodollars: usd('0.000001') }, nothingTaken, 10, 'cost_limit'],
    [
      'one output token costs more than is left',
      { costPicodollars: 150_000n * 10n + 599_999n },
      nothingTaken,
      10,
      'cost_limit',
    ],
    [
      'both are short: tokens are named first',
      { tokens: 10n, costPicodollars: 0n },
      nothingTaken,
      10,
      'monthly_token_limit',
    ],
    ['a cost limit of zero on a paid model', { costPicodollars: 0n }, nothingTaken, 1, 'cost_limit'],
  ] as const)('refuses when %s', (_name, limits, taken, inputTokens, expected) => {
    const grant = grantCall({ limits, taken, prices: mini, inputTokens, outputCap: 2000 });
    expect(grant).toMatchObject({ granted: false, limit: expected });
    // Some of the limit is left but not even the prompt fits: no reply would (docs/decisions/051).
    const someLeft =
      expected === 'monthly_token_limit'
        ? limits.tokens! > taken.tokens
        : (limits as { costPicodollars?: bigint }).costPicodollars! > taken.costPicodollars;
    expect(grant).toEqual(
      someLeft ? { granted: false, limit: expected, fittingOutputTokens: 0 } : { granted: false, limit: expected },
    );
  });

  it('refuses a reply whose whole cap does not fit when it may not be shortened, saying how much would fit', () => {
    const limits = { tokens: 150n };
    const taken = { tokens: 62n, costPicodollars: 0n };
    expect(grantCall({ limits, taken, prices: mini, inputTokens: 57, outputCap: 50, shortenToFit: false })).toEqual({
      granted: false,
      limit: 'monthly_token_limit',
      fittingOutputTokens: 31,
    });
    expect(grantCall({ limits, taken, prices: mini, inputTokens: 57, outputCap: 50 })).toMatchObject({
      granted: true,
      outputTokens: 31,
    });
    expect(
      grantCall({ limits, taken, prices: mini, inputTokens: 38, outputCap: 50, shortenToFit: false }),
    ).toMatchObject({ granted: true, outputTokens: 50 });
  });

  it('lets a free model through a spent cost limit', () => {
    expect(
      grantCall({ limits: { costPicodollars: 0n }, taken: nothingTaken, prices: free, inputTokens: 10, outputCap: 50 }),
    ).toMatchObject({ granted: true, outputTokens: 50, costPicodollars: 0n });
  });

  it('grants everything without limits (admins are never asked, but the rule holds)', () => {
    expect(
      grantCall({
        limits: {},
        taken: { tokens: 10n ** 15n, costPicodollars: 10n ** 20n },
        prices: mini,
        inputTokens: 5,
        outputCap: 7,
      }),
    ).toMatchObject({ granted: true, tokens: 12 });
  });

  it('never lets fifty calls in a row hold more than the limit', () => {
    const limits = { tokens: 5_000n, costPicodollars: usd('0.002') };
    let taken = { ...nothingTaken };
    let granted = 0;
    for (let call = 0; call < 50; call += 1) {
      const grant = grantCall({ limits, taken, prices: mini, inputTokens: 37, outputCap: 300 });
      if (!grant.granted) continue;
      granted += 1;
      taken = {
        tokens: taken.tokens + BigInt(grant.tokens),
        costPicodollars: taken.costPicodollars + grant.costPicodollars,
      };
    }
    expect(granted).toBeGreaterThan(0);
    expect(taken.tokens).toBeLessThanOrEqual(limits.tokens);
    expect(taken.costPicodollars).toBeLessThanOrEqual(limits.costPicodollars);
  });
});

describe('the 90% warning', () => {
  it.each([
    [900n, 1_000n, false],
    [901n, 1_000n, true],
    [9n, 10n, false],
    [1n, 1n, true],
    [0n, 0n, false],
  ])('%i of %i is above 90%%: %s', (taken, limit, expected) => {
    expect(isAboveWarningShare(taken, limit)).toBe(expected);
  });
});
