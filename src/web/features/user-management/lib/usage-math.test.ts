import { unlimitedLimit } from '@contracts';
import { describe, expect, it } from 'vitest';
import { isAboveWarning, summedRoleLimits, usageLevel, usagePercent } from './usage-math';

const permission = (monthly_token_limit: number, cost_limit: number, isEnabled = true) => ({
  model_id: 'openai/gpt-4o',
  isEnabled,
  max_tokens_per_request: 2000,
  monthly_token_limit,
  cost_limit,
});

describe('usage bars (spec section 9)', () => {
  it.each([
    [0, 1000, 0],
    [333, 1000, 33.3],
    [2, 3, 66.7],
    [750, 1000, 75],
    [1200, 1000, 100],
    [0, 0, 0],
    [5, 0, 100],
  ])('%d used of %d is %d%%', (used, limit, percent) => {
    expect(usagePercent(used, limit)).toBe(percent);
  });

  it.each([
    [0, 'green'],
    [75, 'green'],
    [75.1, 'yellow'],
    [90, 'yellow'],
    [90.1, 'red'],
    [100, 'red'],
  ] as const)('colours %d%% %s', (percent, level) => {
    expect(usageLevel(percent)).toBe(level);
  });

  it('warns above 90% only', () => {
    expect(isAboveWarning(90)).toBe(false);
    expect(isAboveWarning(90.1)).toBe(true);
  });

  it('sums the limits of the enabled models, cost to the cent', () => {
    expect(
      summedRoleLimits({ permissions: [permission(1000, 0.1), permission(500, 0.2), permission(99_999, 40, false)] }),
    ).toEqual({ tokens: 1500, cost: 0.3 });
  });

  it('reports unlimited when an enabled model is unlimited', () => {
    expect(summedRoleLimits({ permissions: [permission(unlimitedLimit, unlimitedLimit), permission(10, 1)] })).toEqual({
      tokens: null,
      cost: null,
    });
  });
});
