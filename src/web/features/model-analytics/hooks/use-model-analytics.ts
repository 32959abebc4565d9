import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import type { DayRange } from '../../admin/lib/day-range';
import { getModelAnalytics } from '../api/model-analytics-api';

export function useModelAnalytics(range: DayRange) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: ['admin', orgId, 'model-analytics', range.from, range.to],
    queryFn: () => getModelAnalytics(orgId, range),
    enabled: orgId !== '',
    placeholderData: keepPreviousData,
    // Usage grows with every reply: read again each time the page opens, not kept 30 s.
    staleTime: 0,
  });
}
