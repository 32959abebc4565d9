import { describe, expect, it } from 'vitest';
import { formatMoney, toAmount } from './format-money';

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [1.5, '$1.50'],
    [1234.5, '$1,234.50'],
    [0.01, '$0.01'],
    [0.0149, '$0.01'],
    // Below a cent: 2 significant digits, never $0.00 for a real cost.
    [0.0008888, '$0.00089'],
    [0.00089, '$0.00089'],
    [0.0001, '$0.0001'],
    [0.000012, '$0.000012'],
    [0.00000015, '$0.00000015'],
    // 2 significant digits that reach a cent are a cent.
    [0.00999, '$0.01'],
    [0.0095, '$0.0095'],
  ])('shows %s as %s', (amount, expected) => {
    expect(formatMoney(amount)).toBe(expected);
  });

  it('never shows a negative zero', () => {
    expect(formatMoney(-0)).toBe('$0.00');
    expect(formatMoney(0.1 + 0.2 - 0.30000000000000004 - 1e-17)).toBe('$0.00');
    expect(formatMoney(-1e-14)).toBe('$0.00');
    expect(formatMoney(-0.001, 'USD', { fractionDigits: 2 })).toBe('$0.00');
  });

  it('keeps the sign of a real negative amount (a saving that cost more)', () => {
    expect(formatMoney(-0.00003)).toBe('-$0.00003');
    expect(formatMoney(-0.000031)).toBe('-$0.000031');
    expect(formatMoney(-2.5)).toBe('-$2.50');
  });

  it("takes the server's decimal strings as well as numbers", () => {
    expect(formatMoney('0.0008888000')).toBe('$0.00089');
    expect(formatMoney('12.3')).toBe('$12.30');
    expect(formatMoney('-0.0000000000')).toBe('$0.00');
    expect(formatMoney('not money')).toBe('—');
    expect(toAmount(' 1e-6 ')).toBe(0.000001);
    expect(Number.isNaN(toAmount(''))).toBe(true);
  });

  it('signs credits on request and shows other currencies in their own form', () => {
    expect(formatMoney(25, 'USD', { signed: true })).toBe('+$25.00');
    expect(formatMoney(0, 'USD', { signed: true })).toBe('$0.00');
    expect(formatMoney(-25, 'USD', { signed: true })).toBe('-$25.00');
    expect(formatMoney(3.2, 'EUR')).toBe('€3.20');
    expect(formatMoney(3.2, 'not a code')).toBe('$3.20');
  });

  it('writes exactly the decimals asked for (chart axes)', () => {
    expect(formatMoney(0.00015, 'USD', { fractionDigits: 5 })).toBe('$0.00015');
    expect(formatMoney(10, 'USD', { fractionDigits: 0 })).toBe('$10');
  });
});
