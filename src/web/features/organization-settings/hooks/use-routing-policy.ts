import type { UpdateRoutingPolicyRequest } from '@contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useScopeAccess } from '../../access/hooks/use-scope-access';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import {
  getRoutingPolicy,
  resetRoutingCalibration,
  updateRoutingPolicy,
  type RoutingPolicyView,
} from '../api/routing-policy-api';
import { organizationKeys } from './use-organization-data';

export interface RoutingPolicyAccess {
  /** GET and PUT /org/{orgId}/routing-policy: administrators and model managers. */
  mayManage: boolean;
  /** DELETE .../calibration: administrators only. */
  mayReset: boolean;
}

/** The server's scopes for the routing policy, so the screen offers nothing it would refuse. */
export function useRoutingPolicyAccess(): RoutingPolicyAccess {
  const manage = useScopeAccess('model-management');
  const admin = useScopeAccess('admin');
  return { mayManage: manage === 'granted', mayReset: admin === 'granted' };
}

export function useRoutingPolicy(enabled: boolean) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: organizationKeys.routingPolicy(orgId),
    queryFn: () => getRoutingPolicy(orgId),
    enabled: enabled && orgId !== '',
  });
}

/** Both answer the whole policy as it now is, so the card shows it without another read. */
function useRoutingPolicyMutation<Input>(call: (orgId: string, input: Input) => Promise<RoutingPolicyView>) {
  const orgId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(orgId, input),
    onSuccess: (answer) => queryClient.setQueryData(organizationKeys.routingPolicy(orgId), answer),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.audit(orgId) }),
        // The quality figures carry the policy's monthly sampling budget.
        queryClient.invalidateQueries({ queryKey: organizationKeys.routingQuality(orgId) }),
      ]),
  });
}

export const useSaveRoutingPolicy = () =>
  useRoutingPolicyMutation((orgId, changes: UpdateRoutingPolicyRequest) => updateRoutingPolicy(orgId, changes));
export const useResetCalibration = () =>
  // biome-ignore lint/suspicious/noConfusingVoidType: a void input lets callers write mutate() with no argument; undefined would require mutate(undefined)
  useRoutingPolicyMutation((orgId, _none: void) => resetRoutingCalibration(orgId));
