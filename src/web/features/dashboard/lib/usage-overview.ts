import type { SubscriptionAnalytics } from '@contracts';
import { daysBetween, isoDay } from '../../admin/lib/day-range';
import { usagePercent } from '../../user-management/lib/usage-math';

/** Spec section 9: the default analytics billing cycle is 30 days. */
const defaultCycleDays = 30;

/**
 * Spec section 8: failed analytics give an empty object with a 30-day cycle (the dashboard says
 * 'Analytics temporarily unavailable').
 */
export function emptyAnalytics(now = new Date()): SubscriptionAnalytics {
  const start = isoDay(now);
  const end = isoDay(new Date(now.getTime() + (defaultCycleDays - 1) * 86_400_000));
  const next = isoDay(new Date(now.getTime() + defaultCycleDays * 86_400_000));
  return {
    total_cost: 0,
    total_tokens_used: 0,
    tokens_remaining: 0,
    billing_cycle: { start_date: start, end_date: end, next_billing_date: next },
    usage_by_model: [],
    usage_trend: [],
    cost_savings: [],
    cost_savings_total: { tokens_used: 0, actual_cost: 0, potential_cost: 0, savings: 0 },
  };
}

export interface UsageOverview {
  /** Spec section 9: used over used plus remaining, to one decimal. */
  usagePercent: number;
  daysToNextBilling: number;
  /** Spec section 3's derived figures: the cycle's tokens, the mean per day so far, the busiest day. */
  currentPeriodUsage: number;
  averageDailyUsage: number;
  peakUsageDay: { date: string; tokens_used: number } | null;
}

export function usageOverview(analytics: SubscriptionAnalytics, now = new Date()): UsageOverview {
  const today = isoDay(now);
  const used = analytics.total_tokens_used;
  const daysSoFar = Math.max(1, Math.min(daysBetween(analytics.billing_cycle.start_date, today) + 1, defaultCycleDays));
  const peak = analytics.usage_trend.reduce<UsageOverview['peakUsageDay']>(
    (best, day) =>
      best === null || day.tokens_used > best.tokens_used ? { date: day.date, tokens_used: day.tokens_used } : best,
    null,
  );
  return {
    usagePercent: usagePercent(used, used + analytics.tokens_remaining),
    daysToNextBilling: Math.max(0, daysBetween(today, analytics.billing_cycle.next_billing_date)),
    currentPeriodUsage: used,
    averageDailyUsage: Math.round(used / daysSoFar),
    peakUsageDay: peak && peak.tokens_used > 0 ? peak : null,
  };
}

/** Each model's share of the cycle's tokens, 0 to 100. */
export function tokenShare(modelTokens: number, totalTokens: number): number {
  return totalTokens > 0 ? Math.round((modelTokens / totalTokens) * 1000) / 10 : 0;
}
