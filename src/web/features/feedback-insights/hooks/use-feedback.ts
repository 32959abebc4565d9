import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import type { DayRange } from '../../admin/lib/day-range';
import { getFeedbackStats, getRecentFeedback } from '../api/feedback-api';

const feedbackKey = (orgId: string, ...rest: (string | number)[]) => ['admin', orgId, 'feedback', ...rest] as const;

/** Ratings arrive with every rated reply: read again each time a screen opens, like the usage figures. */
export function useFeedbackStats(range: DayRange) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: feedbackKey(orgId, 'stats', range.from, range.to),
    queryFn: () => getFeedbackStats(orgId, range),
    enabled: orgId !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useRecentFeedback(range: DayRange, limit: number) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: feedbackKey(orgId, 'history', range.from, range.to, limit),
    queryFn: () => getRecentFeedback(orgId, range, limit),
    enabled: orgId !== '',
    staleTime: 0,
  });
}
