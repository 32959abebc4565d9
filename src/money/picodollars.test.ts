import { describe, expect, it } from 'vitest';
import {
  centsDecimal,
  centsOf,
  comparePicodollars,
  decimalText,
  maxPicodollars,
  minPicodollars,
  parsePicodollars,
  picodollarsNear,
  priceOfTokens,
  pricePerTokenOf,
  sumPicodollars,
  usdDecimal,
  usdNumber,
  wholeCents,
} from './picodollars';

describe('picodollars', () => {
  it.each([
    ['0', 0n],
    ['2.50', 2_500_000_000_000n],
    ['0.075', 75_000_000_000n],
    ['0.000000000001', 1n],
    ['-0.0000004210', -421_000n],
    ['12.345678901200', 12_345_678_901_200n],
    ['.5', 500_000_000_000n],
    ['1e-6', 1_000_000n],
    // Beyond 2^53 picodollars (about $9,007): still exact.
    ['123456789.123456789012', 123_456_789_123_456_789_012n],
  ])('reads %s dollars exactly', (text, expected) => {
    expect(parsePicodollars(text)).toBe(expected);
  });

  it('refuses what is not an amount or has more than 12 decimals, instead of rounding it away', () => {
    expect(() => parsePicodollars('0.0000000000015')).toThrow('more than 12 decimals');
    expect(() => parsePicodollars('abc')).toThrow('Not a decimal amount');
    expect(() => parsePicodollars('')).toThrow('Not a decimal amount');
    expect(() => parsePicodollars('.')).toThrow('Not a decimal amount');
  });

  it('rounds a JSON number to the nearest picodollar only when asked to (at the edges)', () => {
    expect(picodollarsNear(0.1 + 0.2)).toBe(300_000_000_000n);
    expect(picodollarsNear(5.551115123125783e-17)).toBe(0n);
    expect(picodollarsNear('0.0000000000015')).toBe(2n);
    expect(picodollarsNear(-0.0000000000015)).toBe(-2n);
    expect(picodollarsNear(0.0008888)).toBe(888_800_000n);
  });

  it('writes dollars with 12 decimals for a SQL numeric, and back without loss', () => {
    const large = 2n ** 70n + 7n;
    expect(usdDecimal(large)).toBe('1180591620.717411303431');
    expect(parsePicodollars(usdDecimal(large))).toBe(large);
    expect(usdDecimal(-5n)).toBe('-0.000000000005');
    expect(usdDecimal(0n)).toBe('0.000000000000');
    expect(decimalText(123n, 0)).toBe('123');
    expect(usdNumber(888_800_000n)).toBe(0.0008888);
  });

  it('prices tokens exactly: per million with 6+ decimals becomes whole picodollars per token', () => {
    expect(pricePerTokenOf('2.50')).toBe(2_500_000n);
    expect(pricePerTokenOf('0.075')).toBe(75_000n);
    expect(pricePerTokenOf('0.000123')).toBe(123n);
    expect(pricePerTokenOf(0.15)).toBe(150_000n);
    expect(() => pricePerTokenOf('0.0000001')).toThrow('more than 6 decimals');
    // 9 million tokens of a $75-per-million model, and 2^60 tokens: no double could hold these.
    expect(priceOfTokens(pricePerTokenOf('75'), 9_000_000)).toBe(675n * picodollarsPer(1));
    expect(priceOfTokens(pricePerTokenOf('0.000123'), 2n ** 60n)).toBe(123n * 2n ** 60n);
    expect(() => priceOfTokens(1n, 1.5)).toThrow('Not a whole count of tokens');
  });

  it('adds and compares exactly where doubles drift', () => {
    const tenths = Array.from({ length: 10 }, () => parsePicodollars('0.1'));
    expect(sumPicodollars(tenths)).toBe(picodollarsPer(1));
    expect(sumPicodollars([])).toBe(0n);
    expect(sumPicodollars([2n ** 63n, 2n ** 63n, -1n])).toBe(2n ** 64n - 1n);
    expect(comparePicodollars(1n, 2n)).toBe(-1);
    expect(comparePicodollars(2n ** 80n, 2n ** 80n)).toBe(0);
    expect(comparePicodollars(3n, -3n)).toBe(1);
    expect(maxPicodollars(-1n, 0n)).toBe(0n);
    expect(minPicodollars(-1n, 0n)).toBe(-1n);
  });

  it('counts whole cents, rounding as asked', () => {
    expect(centsOf('12.30')).toBe(1230n);
    expect(centsOf(7.1)).toBe(710n);
    expect(centsDecimal(-5n)).toBe('-0.05');
    expect(wholeCents(10_000_000_001n, 'up')).toBe(2n);
    expect(wholeCents(19_999_999_999n, 'down')).toBe(1n);
    expect(wholeCents(-3n, 'up')).toBe(0n);
  });
});

function picodollarsPer(dollars: number): bigint {
  return BigInt(dollars) * 10n ** 12n;
}
