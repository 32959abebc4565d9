import {
  auditLogResponseSchema,
  organisationSchema,
  organisationSettingsSchema,
  organisationUsageSchema,
  type UpdateOrganisationRequest,
  type UpdateOrganisationSettingsRequest,
} from '@contracts';
import { apiRequest } from '../../../lib/api-client';

const organisationPath = (orgId: string) => `/org/${encodeURIComponent(orgId)}`;

export function getOrganization(orgId: string) {
  return apiRequest(organisationPath(orgId), { schema: organisationSchema });
}

export function updateOrganization(orgId: string, changes: UpdateOrganisationRequest) {
  return apiRequest(organisationPath(orgId), { method: 'PUT', body: changes, schema: organisationSchema });
}

export function getOrganizationSettings(orgId: string) {
  return apiRequest(`${organisationPath(orgId)}/settings`, { schema: organisationSettingsSchema });
}

export function updateOrganizationSettings(orgId: string, changes: UpdateOrganisationSettingsRequest) {
  return apiRequest(`${organisationPath(orgId)}/settings`, {
    method: 'PUT',
    body: changes,
    schema: organisationSettingsSchema,
  });
}

/** GET /org/{orgId}/usage without a period: all time, as the Usage Summary shows it. */
export function getOrganizationUsage(orgId: string) {
  return apiRequest(`${organisationPath(orgId)}/usage`, { schema: organisationUsageSchema });
}

/** Spec section 9 has no page size for the audit log; 20 is the service default for lists. */
export const auditPageSize = 20;

export function getAuditLog(orgId: string, page: number) {
  return apiRequest(`${organisationPath(orgId)}/audit?page=${page}&limit=${auditPageSize}`, {
    schema: auditLogResponseSchema,
  });
}
