import { modelAnalyticsSchema } from '@contracts';
import { apiRequest } from '../../../lib/api-client';
import type { DayRange } from '../../admin/lib/day-range';

/** GET /org/{orgId}/model-analytics?from&to: per model figures over the period. */
export function getModelAnalytics(orgId: string, range: DayRange) {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return apiRequest(`/org/${encodeURIComponent(orgId)}/model-analytics?${query}`, { schema: modelAnalyticsSchema });
}
