import type { CreateRoleRequest, UpdateRoleRequest } from '@contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import { createRole, deleteRole, updateRole } from '../api/roles-api';
import { userListKeys } from '../../user-management/hooks/use-managed-users';
import { roleListKey } from './use-roles';

/** Create, change and delete a role; each reloads the list (spec section 4) and the roles people hold. */
export function useRoleMutations() {
  const orgId = useOrganisationId();
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: roleListKey(orgId) }),
      queryClient.invalidateQueries({ queryKey: userListKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: ['roles'] }),
    ]);
  const save = useMutation({
    mutationFn: (input: { roleId?: string; role: Omit<CreateRoleRequest, 'org_id'> & UpdateRoleRequest }) =>
      input.roleId
        ? updateRole(input.roleId, { ...input.role, org_id: orgId })
        : createRole({ ...input.role, org_id: orgId }),
    onSuccess: reload,
  });
  const remove = useMutation({ mutationFn: deleteRole, onSuccess: reload });
  return { save, remove };
}
