import { describe, expect, it } from 'vitest';
import { centsOf, centsText, decimalText, proratedCents } from './billing-money';
import { daysBetween, periodDaysOf } from './billing-periods';

describe('proratedCents', () => {
  it.each([
    // difference, days left (today included), period days, cents charged now
    ['Team to Business on the first day: the whole difference', 150_00n, 30, 30, 150_00n],
    ['Team to Business with 15 of 30 days left: half', 150_00n, 15, 30, 75_00n],
    ['Team to Business with 10 of 30 days left: 50.00', 150_00n, 10, 30, 50_00n],
    ['with 1 of 30 days left: 5.00', 150_00n, 1, 30, 5_00n],
    ['Business to Enterprise with 7 days left: 800 × 7 / 30 = 186.666… → 186.67', 800_00n, 7, 30, 186_67n],
    ['Team to Enterprise with 29 days left: 950 × 29 / 30 = 918.333… → 918.33', 950_00n, 29, 30, 918_33n],
    ['a half cent rounds up: 0.01 × 15 / 30 = 0.005 → 0.01', 1n, 15, 30, 1n],
    ['under a half cent rounds down: 0.01 × 14 / 30 → 0.00', 1n, 14, 30, 0n],
    ['no days left: nothing', 150_00n, 0, 30, 0n],
    ['a downgrade is never charged', -150_00n, 10, 30, 0n],
    ['more days left than the period has (a longer period ahead): the whole difference', 150_00n, 40, 30, 150_00n],
    ['a yearly period', 1200_00n, 100, 365, 328_77n],
  ])('%s', (_label, difference, remaining, period, expected) => {
    expect(proratedCents(difference, remaining, period)).toBe(expected);
  });

  it('adds up exactly where binary floating point does not', () => {
    // 0.1 + 0.2 in cents
    expect(centsText(centsOf('0.10') + centsOf(0.2))).toBe('0.30');
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(decimalText(-5n, 10)).toBe('-0.0000000005');
  });
});

describe('billing periods', () => {
  it('counts days across month ends and leap days', () => {
    expect(daysBetween('2028-02-27', '2028-03-01')).toBe(3);
    expect(daysBetween('2026-12-31', '2026-12-01')).toBe(-30);
    expect(periodDaysOf('monthly')).toBe(30);
    expect(periodDaysOf('yearly')).toBe(365);
  });
});
