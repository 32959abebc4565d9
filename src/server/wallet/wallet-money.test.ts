import { describe, expect, it } from 'vitest';
import { centsOf, centsText, centsToPicodollars, dollarsShownDown, dollarsShownUp } from './wallet-money';

describe('wallet money', () => {
  it('reads dollars as whole cents exactly, from numbers and from numeric text', () => {
    expect(centsOf(10)).toBe(1000n);
    expect(centsOf(0.1 + 0.2)).toBe(30n);
    expect(centsOf(12.34)).toBe(1234n);
    expect(centsOf('25.50')).toBe(2550n);
    expect(centsOf('5')).toBe(500n);
    expect(() => centsOf('1.005')).toThrow();
  });

  it('writes cents and picodollars without rounding surprises', () => {
    expect(centsText(1234n)).toBe('12.34');
    expect(centsText(5n)).toBe('0.05');
    expect(centsText(-250n)).toBe('-2.50');
    expect(centsToPicodollars(1n)).toBe(10_000_000_000n);
    expect(dollarsShownDown(19_999_999_999n)).toBe('0.01');
    expect(dollarsShownUp(10_000_000_001n)).toBe('0.02');
    expect(dollarsShownDown(-5n)).toBe('0.00');
  });
});
