import { describe, expect, it } from 'vitest';
import { subtractDecimals, sumDecimals } from './decimal-sum';

describe('sumDecimals', () => {
  it('adds numeric text exactly, where adding numbers would not', () => {
    const amounts = Array.from({ length: 10 }, () => '0.1000000000');
    expect(amounts.map(Number).reduce((sum, amount) => sum + amount, 0)).not.toBe(1);
    expect(sumDecimals(amounts)).toBe(1);
    expect(sumDecimals(['0.0000000001', '0.0000000002'])).toBe(0.0000000003);
  });

  it('reads signs, whole numbers, short fractions and numbers', () => {
    expect(sumDecimals(['12', '-0.5', '0.25', 0.125])).toBe(11.875);
    expect(sumDecimals([])).toBe(0);
    expect(sumDecimals(['-0.0000000001'])).toBe(-0.0000000001);
  });

  it('refuses what is not a decimal amount', () => {
    expect(() => sumDecimals(['1e5'])).toThrow('Not a decimal amount');
  });
});

describe('subtractDecimals', () => {
  it('subtracts exactly', () => {
    expect(subtractDecimals('0.3000000000', '0.1000000000')).toBe(0.2);
    expect(subtractDecimals('0.1', '0.3')).toBe(-0.2);
  });
});
