import { subscriptionAnalyticsSchema } from '@contracts';
import { apiRequest } from '../../../lib/api-client';
import type { DayRange } from '../../admin/lib/day-range';
import { everyUsage, type UsageFilterChoice, usageFilterParameters } from '../../admin/lib/usage-filter';

/** GET /subscription/analytics/{orgId}: the billing cycle's usage, and cost savings over the range; by source and key when chosen. */
export function getSubscriptionAnalytics(orgId: string, range: DayRange, filter: UsageFilterChoice = everyUsage) {
  const query = new URLSearchParams({ start_date: range.from, end_date: range.to, ...usageFilterParameters(filter) });
  return apiRequest(`/subscription/analytics/${encodeURIComponent(orgId)}?${query}`, {
    schema: subscriptionAnalyticsSchema,
  });
}
