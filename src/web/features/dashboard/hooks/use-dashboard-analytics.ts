import type { SubscriptionAnalytics } from '@contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import type { DayRange } from '../../admin/lib/day-range';
import { everyUsage, type UsageFilterChoice } from '../../admin/lib/usage-filter';
import { getSubscriptionAnalytics } from '../api/analytics-api';
import { emptyAnalytics } from '../lib/usage-overview';

export interface DashboardAnalytics {
  analytics: SubscriptionAnalytics;
  /** The call failed for a passing reason and empty defaults stand in (spec section 8). */
  unavailable: boolean;
}

export const dashboardKeys = {
  /** Every period's analytics of the organisation: what a change to its usage or plan makes stale. */
  all: (orgId: string) => ['admin', orgId, 'analytics'] as const,
  analytics: (orgId: string, range: DayRange, filter: UsageFilterChoice) =>
    ['admin', orgId, 'analytics', range.from, range.to, filter.source, filter.apiKeyId] as const,
};

/** A refusal or a missing organisation will not pass by retrying later; a server or network failure may. */
const isLasting = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

/**
 * The dashboard's analytics, with cost savings over `savingsRange`, of the chosen source and key. Spec section 8: load errors
 * are logged only; a passing failure gives empty defaults with a 30-day cycle, a lasting one
 * leaves the page with 'No analytics data available'.
 */
export function useDashboardAnalytics(savingsRange: DayRange, filter: UsageFilterChoice = everyUsage) {
  const orgId = useOrganisationId();
  return useQuery<DashboardAnalytics>({
    queryKey: dashboardKeys.analytics(orgId, savingsRange, filter),
    enabled: orgId !== '',
    placeholderData: keepPreviousData,
    // Usage grows with every reply: read again each time the dashboard opens, not kept 30 s.
    staleTime: 0,
    queryFn: async () => {
      try {
        return { analytics: await getSubscriptionAnalytics(orgId, savingsRange, filter), unavailable: false };
      } catch (error) {
        console.warn('[dashboard] analytics could not be loaded', error);
        if (isLasting(error)) throw error;
        return { analytics: emptyAnalytics(), unavailable: true };
      }
    },
  });
}
