import { roleSchema, type Role } from '@contracts';
import { apiRequest } from '../../../lib/api-client';

export function getRole(roleId: string): Promise<Role> {
  return apiRequest(`/roles/${encodeURIComponent(roleId)}`, { schema: roleSchema });
}
