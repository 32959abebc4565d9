import {
  deleteRoleResponseSchema,
  roleListResponseSchema,
  roleSchema,
  type CreateRoleRequest,
  type UpdateRoleRequest,
} from '@contracts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ListedRole = z.infer<typeof roleListResponseSchema>['roles'][number];

/** GET /roles/organization/{orgId}: the roles with their permissions and how many people hold each. */
export async function listRoles(orgId: string): Promise<ListedRole[]> {
  const answer = await apiRequest(`/roles/organization/${encodeURIComponent(orgId)}`, {
    schema: roleListResponseSchema,
  });
  return answer.roles;
}

export function createRole(role: CreateRoleRequest) {
  return apiRequest('/roles', { method: 'POST', body: role, schema: roleSchema });
}

export function updateRole(roleId: string, changes: UpdateRoleRequest) {
  return apiRequest(`/roles/${encodeURIComponent(roleId)}`, { method: 'PUT', body: changes, schema: roleSchema });
}

export function deleteRole(roleId: string) {
  return apiRequest(`/roles/${encodeURIComponent(roleId)}`, { method: 'DELETE', schema: deleteRoleResponseSchema });
}
