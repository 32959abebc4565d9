import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson-interval';

describe('the Wilson score interval (95%)', () => {
  it.each([
    // Reference values computed by hand from the formula (z = 1.96).
    [8, 10, 0.4902, 0.9433],
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
    [50, 100, 0.4038, 0.5962],
    [1, 1, 0.2065, 1],
  ])('%i of %i: %f to %f', (successes, trials, low, high) => {
    const interval = wilsonInterval(successes, trials)!;
    expect(interval.low).toBeCloseTo(low, 3);
    expect(interval.high).toBeCloseTo(high, 3);
  });

  it('has none without trials, and narrows as trials grow', () => {
    expect(wilsonInterval(0, 0)).toBeUndefined();
    const few = wilsonInterval(9, 10)!;
    const many = wilsonInterval(900, 1000)!;
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
  });
});
