import { modelAnalyticsSchema } from '@contracts';
import { apiRequest } from '../../../lib/api-client';
import type { DayRange } from '../../admin/lib/day-range';
import { everyUsage, type UsageFilterChoice, usageFilterParameters } from '../../admin/lib/usage-filter';

/** GET /org/{orgId}/model-analytics?from&to&source&apiKeyId: per model figures over the period, of the chosen source and key. */
export function getModelAnalytics(orgId: string, range: DayRange, filter: UsageFilterChoice = everyUsage) {
  const query = new URLSearchParams({ from: range.from, to: range.to, ...usageFilterParameters(filter) });
  return apiRequest(`/org/${encodeURIComponent(orgId)}/model-analytics?${query}`, { schema: modelAnalyticsSchema });
}
