import { describe, expect, it } from 'vitest';
import { labelOfDirection, labelOfVerdict } from './verdict-labels';

describe('a shadow verdict as the online router label', () => {
  it.each([
    ['as_good', { weak: 1, strong: 1 }, 0],
    ['worse', { weak: 0, strong: 1 }, 1],
  ] as const)('%s is %o, a gain of %d', (verdict, label, gain) => {
    const mapped = labelOfVerdict(verdict);
    expect(mapped).toEqual(label);
    expect(mapped.strong - mapped.weak).toBe(gain);
  });
});

describe("a user's signal as the online router label", () => {
  it.each([
    ['cheaper', { weak: 1, strong: 1 }, 0],
    ['stronger', { weak: 0, strong: 1 }, 1],
  ] as const)('%s is %o, a gain of %d', (direction, label, gain) => {
    const mapped = labelOfDirection(direction);
    expect(mapped).toEqual(label);
    expect(mapped.strong - mapped.weak).toBe(gain);
  });
});
