import { useQuery } from '@tanstack/react-query';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import { getRoutingQuality } from '../api/routing-quality-api';
import { organizationKeys } from './use-organization-data';

/** Shadow evaluation's figures; only for administrators, whom the server alone answers. */
export function useRoutingQuality(enabled: boolean) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: organizationKeys.routingQuality(orgId),
    queryFn: () => getRoutingQuality(orgId),
    enabled: enabled && orgId !== '',
  });
}
