import { routingQualityResponseSchema, type RoutingQualityResponse } from '@contracts';
import { apiRequest } from '../../../lib/api-client';

export type RoutingQualityView = RoutingQualityResponse;

/** GET /org/{orgId}/routing-quality: administrators only (docs/decisions/067). */
export function getRoutingQuality(orgId: string) {
  return apiRequest(`/org/${encodeURIComponent(orgId)}/routing-quality`, { schema: routingQualityResponseSchema });
}
