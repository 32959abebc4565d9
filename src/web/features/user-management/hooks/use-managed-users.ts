import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import { listOrganisationUsers, listUserModelUsage } from '../api/users-api';
import { buildManagedUsers } from '../lib/managed-users';

export const userListKeys = {
  all: (orgId: string) => ['admin', orgId, 'users'] as const,
  people: (orgId: string) => ['admin', orgId, 'users', 'people'] as const,
  usage: (orgId: string) => ['admin', orgId, 'users', 'usage'] as const,
};

/**
 * The people of the organisation with this month's usage. Spec section 8: a failed user list
 * gives no users (and a red banner); failed usage leaves everyone at zero.
 */
export function useManagedUsers() {
  const orgId = useOrganisationId();
  const people = useQuery({
    queryKey: userListKeys.people(orgId),
    queryFn: () => listOrganisationUsers(orgId),
    enabled: orgId !== '',
  });
  // Usage grows with every reply anyone sends: read again each time the screen opens, not kept 30 s.
  const usage = useQuery({
    queryKey: userListKeys.usage(orgId),
    queryFn: () => listUserModelUsage(orgId),
    enabled: orgId !== '',
    staleTime: 0,
  });
  const users = useMemo(
    () => buildManagedUsers(people.data?.users ?? [], usage.data?.users ?? []),
    [people.data, usage.data],
  );
  return {
    users,
    /** Everyone in the organisation, of whom the first page is listed. */
    total: people.data?.total ?? 0,
    month: usage.data?.month,
    isPending: people.isPending,
    error: people.error ?? usage.error,
  };
}
