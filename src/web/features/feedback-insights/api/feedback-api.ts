import { feedbackListSchema, feedbackStatsSchema } from '@contracts';
import { apiFileRequest, apiRequest } from '../../../lib/api-client';
import type { DayRange } from '../../admin/lib/day-range';

const organisation = (orgId: string) => encodeURIComponent(orgId);

/** GET /feedback/stats/{orgId}?from&to: the organisation's ratings by day, by model and in all. */
export function getFeedbackStats(orgId: string, range: DayRange) {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return apiRequest(`/feedback/stats/${organisation(orgId)}?${query}`, { schema: feedbackStatsSchema });
}

/** GET /feedback/history/{orgId}?from&to&limit: the newest ratings of the period. */
export async function getRecentFeedback(orgId: string, range: DayRange, limit: number) {
  const query = new URLSearchParams({ from: range.from, to: range.to, limit: String(limit) });
  return (await apiRequest(`/feedback/history/${organisation(orgId)}?${query}`, { schema: feedbackListSchema }))
    .feedback;
}

/** POST /feedback/export/{orgId}: the period's ratings as the server's CSV. */
export function exportFeedbackCsv(orgId: string, range: DayRange) {
  return apiFileRequest(`/feedback/export/${organisation(orgId)}`, 'text/csv', {
    method: 'POST',
    body: { format: 'csv', from: range.from, to: range.to },
  });
}
