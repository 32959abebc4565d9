import { useQuery } from '@tanstack/react-query';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import { listRoles } from '../api/roles-api';

export const roleListKey = (orgId: string) => ['admin', orgId, 'roles'] as const;

/** The organisation's roles; user management picks roles from the same list. */
export function useRoles() {
  const orgId = useOrganisationId();
  return useQuery({ queryKey: roleListKey(orgId), queryFn: () => listRoles(orgId), enabled: orgId !== '' });
}
