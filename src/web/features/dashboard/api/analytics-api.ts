import { subscriptionAnalyticsSchema } from '@contracts';
import { apiRequest } from '../../../lib/api-client';
import type { DayRange } from '../../admin/lib/day-range';

/** GET /subscription/analytics/{orgId}: the billing cycle's usage, and cost savings over the range. */
export function getSubscriptionAnalytics(orgId: string, range: DayRange) {
  const query = new URLSearchParams({ start_date: range.from, end_date: range.to });
  return apiRequest(`/subscription/analytics/${encodeURIComponent(orgId)}?${query}`, {
    schema: subscriptionAnalyticsSchema,
  });
}
