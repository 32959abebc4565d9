import { describe, expect, it } from 'vitest';
import { formatPicodollars } from './format-money';
import { parsePicodollars } from './picodollars';

const shown = (
  dollars: string,
  ...rest: Parameters<typeof formatPicodollars> extends [unknown, ...infer R] ? R : never
) => formatPicodollars(parsePicodollars(dollars), ...rest);

describe('formatPicodollars', () => {
  it.each([
    ['0', '$0.00'],
    ['1.5', '$1.50'],
    ['1234.5', '$1,234.50'],
    ['0.005', '$0.005'],
    ['0.01', '$0.01'],
    ['0.0149', '$0.01'],
    ['0.0008888', '$0.00089'],
    ['0.000885', '$0.00089'],
    ['0.0001', '$0.0001'],
    ['0.00000015', '$0.00000015'],
    ['0.000000000001', '$0.000000000001'],
    ['0.00999', '$0.01'],
    ['0.0095', '$0.0095'],
    // Beyond what a double holds to the picodollar.
    ['98765432109.994999999999', '$98,765,432,109.99'],
    ['98765432109.995', '$98,765,432,110.00'],
  ])('shows %s dollars as %s', (dollars, expected) => {
    expect(shown(dollars)).toBe(expected);
  });

  it('signs what shows as more than zero, never a zero', () => {
    expect(shown('-0.00003')).toBe('-$0.00003');
    expect(shown('-2.5')).toBe('-$2.50');
    expect(shown('-0.001', 'USD', { fractionDigits: 2 })).toBe('$0.00');
    expect(shown('25', 'USD', { signed: true })).toBe('+$25.00');
    expect(shown('0', 'USD', { signed: true })).toBe('$0.00');
  });

  it('writes exactly the decimals asked for, in the currency given', () => {
    expect(shown('0.00015', 'USD', { fractionDigits: 5 })).toBe('$0.00015');
    expect(shown('10', 'USD', { fractionDigits: 0 })).toBe('$10');
    expect(shown('3.2', 'EUR')).toBe('€3.20');
    expect(shown('3.2', 'not a code')).toBe('$3.20');
  });
});
