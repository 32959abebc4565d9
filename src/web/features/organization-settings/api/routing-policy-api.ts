import { routingPolicyResponseSchema, type UpdateRoutingPolicyRequest } from '@contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/**
 * The calibration as this screen reads it: the org-wide offset and its signals. Loose, so fields
 * the server adds later (per-kind offsets, a cache-threshold adjustment) pass through unread
 * instead of failing the whole card.
 */
const calibrationViewSchema = z.looseObject({ offset: z.number(), signals: z.number(), updated_at: z.string().nullable() });

export const routingPolicyViewSchema = routingPolicyResponseSchema.extend({ calibration: calibrationViewSchema });
export type RoutingPolicyView = z.infer<typeof routingPolicyViewSchema>;
export type CalibrationView = RoutingPolicyView['calibration'];

const policyPath = (orgId: string) => `/org/${encodeURIComponent(orgId)}/routing-policy`;

export function getRoutingPolicy(orgId: string) {
  return apiRequest(policyPath(orgId), { schema: routingPolicyViewSchema });
}

export function updateRoutingPolicy(orgId: string, changes: UpdateRoutingPolicyRequest) {
  return apiRequest(policyPath(orgId), { method: 'PUT', body: changes, schema: routingPolicyViewSchema });
}

/** Administrators only; the server records it in the audit log. */
export function resetRoutingCalibration(orgId: string) {
  return apiRequest(`${policyPath(orgId)}/calibration`, { method: 'DELETE', schema: routingPolicyViewSchema });
}
