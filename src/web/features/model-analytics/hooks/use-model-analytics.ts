import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import type { DayRange } from '../../admin/lib/day-range';
import { everyUsage, type UsageFilterChoice } from '../../admin/lib/usage-filter';
import { getModelAnalytics } from '../api/model-analytics-api';

export function useModelAnalytics(range: DayRange, filter: UsageFilterChoice = everyUsage) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: ['admin', orgId, 'model-analytics', range.from, range.to, filter.source, filter.apiKeyId],
    queryFn: () => getModelAnalytics(orgId, range, filter),
    enabled: orgId !== '',
    placeholderData: keepPreviousData,
    // Usage grows with every reply: read again each time the page opens, not kept 30 s.
    staleTime: 0,
  });
}
