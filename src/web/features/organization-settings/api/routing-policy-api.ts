import { routingPolicyResponseSchema, type UpdateRoutingPolicyRequest } from '@contracts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const routingPolicyViewSchema = routingPolicyResponseSchema;
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
