import { describe, expect, it } from 'vitest';
import { labelOfVerdict } from './verdict-labels';

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
