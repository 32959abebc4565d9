import { describe, expect, it } from 'vitest';
import { addDays, billingCycleOn } from './billing-cycle';

describe('billingCycleOn', () => {
  it.each([
    [
      'the day the organisation was created',
      '2026-03-01',
      '2026-03-01',
      { startDate: '2026-03-01', endDate: '2026-03-30', nextBillingDate: '2026-03-31' },
    ],
    [
      'the last day of the first cycle',
      '2026-03-01',
      '2026-03-30',
      { startDate: '2026-03-01', endDate: '2026-03-30', nextBillingDate: '2026-03-31' },
    ],
    [
      'the first day of the second cycle',
      '2026-03-01',
      '2026-03-31',
      { startDate: '2026-03-31', endDate: '2026-04-29', nextBillingDate: '2026-04-30' },
    ],
    [
      'a year on, across a leap day',
      '2028-02-01',
      '2029-02-01',
      { startDate: '2029-01-26', endDate: '2029-02-24', nextBillingDate: '2029-02-25' },
    ],
    [
      'a day before the anchor (clocks apart)',
      '2026-03-02',
      '2026-03-01',
      { startDate: '2026-03-02', endDate: '2026-03-31', nextBillingDate: '2026-04-01' },
    ],
  ])('on %s', (_case, anchor, today, cycle) => {
    expect(billingCycleOn(anchor, today)).toEqual(cycle);
  });

  it('takes another length', () => {
    expect(billingCycleOn('2026-01-01', '2026-01-15', 7)).toEqual({
      startDate: '2026-01-15',
      endDate: '2026-01-21',
      nextBillingDate: '2026-01-22',
    });
  });
});

describe('addDays', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
