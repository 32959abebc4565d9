import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import { roleListKey } from '../../role-management/hooks/use-roles';
import { changeUserRole, createUser, removeUser, resendInvitation } from '../api/users-api';
import type { CreateUserValues } from '../lib/create-user-form';
import { userListKeys } from './use-managed-users';

/** Creating, re-roling and removing people; each reloads the list and the roles' holder counts. */
export function useUserMutations() {
  const orgId = useOrganisationId();
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userListKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: roleListKey(orgId) }),
    ]);
  return {
    create: useMutation({
      mutationFn: (user: CreateUserValues) => createUser({ ...user, org_id: orgId }),
      onSuccess: reload,
    }),
    changeRole: useMutation({
      mutationFn: (change: { userId: string; roleId: string }) => changeUserRole(orgId, change.userId, change.roleId),
      onSuccess: reload,
    }),
    remove: useMutation({ mutationFn: (userId: string) => removeUser(orgId, userId), onSuccess: reload }),
    resendInvitation: useMutation({ mutationFn: (userId: string) => resendInvitation(orgId, userId) }),
  };
}
