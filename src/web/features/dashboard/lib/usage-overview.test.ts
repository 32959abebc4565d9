import type { SubscriptionAnalytics } from '@contracts';
import { describe, expect, it } from 'vitest';
import { emptyAnalytics, tokenShare, usageOverview } from './usage-overview';

const now = new Date('2026-03-20T12:00:00Z');

function analytics(overrides: Partial<SubscriptionAnalytics> = {}): SubscriptionAnalytics {
  return {
    total_cost: 1.5,
    total_tokens_used: 1_250,
    tokens_remaining: 998_750,
    billing_cycle: { start_date: '2026-03-11', end_date: '2026-04-09', next_billing_date: '2026-04-10' },
    usage_by_model: [],
    usage_trend: [
      { date: '2026-03-12', tokens_used: 250, cost: 0.5 },
      { date: '2026-03-15', tokens_used: 1_000, cost: 1 },
    ],
    cost_savings: [],
    cost_savings_total: { tokens_used: 0, actual_cost: 0, potential_cost: 0, savings: 0 },
    ...overrides,
  };
}

describe('the usage overview derived on the client (spec sections 3 and 9)', () => {
  it('gives the usage percentage to one decimal, days to the next billing, the average per day so far and the peak day', () => {
    expect(usageOverview(analytics(), now)).toEqual({
      usagePercent: 0.1,
      daysToNextBilling: 21,
      currentPeriodUsage: 1_250,
      // 10 days of the cycle so far: the 11th to the 20th.
      averageDailyUsage: 125,
      peakUsageDay: { date: '2026-03-15', tokens_used: 1_000 },
    });
  });

  it('reads 100% when nothing remains and no peak without usage', () => {
    expect(usageOverview(analytics({ total_tokens_used: 1_000_000, tokens_remaining: 0 }), now).usagePercent).toBe(100);
    const idle = usageOverview(analytics({ total_tokens_used: 0, usage_trend: [] }), now);
    expect(idle).toMatchObject({ usagePercent: 0, averageDailyUsage: 0, peakUsageDay: null });
  });

  it('falls back to an empty object with a 30-day cycle from today (spec section 8)', () => {
    const empty = emptyAnalytics(now);
    expect(empty).toMatchObject({
      total_cost: 0,
      total_tokens_used: 0,
      tokens_remaining: 0,
      usage_by_model: [],
      usage_trend: [],
      cost_savings: [],
    });
    expect(empty.billing_cycle).toEqual({
      start_date: '2026-03-20',
      end_date: '2026-04-18',
      next_billing_date: '2026-04-19',
    });
    expect(usageOverview(empty, now).daysToNextBilling).toBe(30);
  });

  it('shares tokens by model to one decimal', () => {
    expect(tokenShare(1, 3)).toBe(33.3);
    expect(tokenShare(5, 0)).toBe(0);
  });
});
