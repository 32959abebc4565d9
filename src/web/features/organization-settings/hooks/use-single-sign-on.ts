import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import {
  addSingleSignOnDomain,
  createScimToken,
  getSingleSignOn,
  listScimTokens,
  removeSingleSignOn,
  removeSingleSignOnDomain,
  revokeScimToken,
  saveSingleSignOn,
  verifySingleSignOnDomain,
} from '../api/single-sign-on-api';
import { organizationKeys } from './use-organization-data';

const singleSignOnKeys = {
  settings: (orgId: string) => ['admin', orgId, 'organization', 'single-sign-on'] as const,
  scimTokens: (orgId: string) => ['admin', orgId, 'organization', 'scim-tokens'] as const,
};

export function useSingleSignOn() {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: singleSignOnKeys.settings(orgId),
    queryFn: () => getSingleSignOn(orgId),
    enabled: orgId !== '',
  });
}

export function useScimTokens() {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: singleSignOnKeys.scimTokens(orgId),
    queryFn: () => listScimTokens(orgId),
    enabled: orgId !== '',
  });
}

/** Every change reloads the card's data and the audit log, where each is recorded. */
function useSingleSignOnMutation<Input, Result>(call: (orgId: string, input: Input) => Promise<Result>) {
  const orgId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(orgId, input),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: singleSignOnKeys.settings(orgId) }),
        queryClient.invalidateQueries({ queryKey: singleSignOnKeys.scimTokens(orgId) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.audit(orgId) }),
      ]);
    },
  });
}

export const useSaveSingleSignOn = () => useSingleSignOnMutation(saveSingleSignOn);
// biome-ignore lint/suspicious/noConfusingVoidType: a mutation without variables is called as mutate(), which TanStack Query types with void
export const useRemoveSingleSignOn = () => useSingleSignOnMutation((orgId, _none: void) => removeSingleSignOn(orgId));
export const useAddDomain = () => useSingleSignOnMutation(addSingleSignOnDomain);
export const useVerifyDomain = () => useSingleSignOnMutation(verifySingleSignOnDomain);
export const useRemoveDomain = () => useSingleSignOnMutation(removeSingleSignOnDomain);
export const useCreateScimToken = () => useSingleSignOnMutation(createScimToken);
export const useRevokeScimToken = () => useSingleSignOnMutation(revokeScimToken);
