import { useQuery } from '@tanstack/react-query';
import { listApiKeys, type ApiKeyScope } from '../../api-keys/api/api-keys-api';
import { useScopeAccess } from '../../access/hooks/use-scope-access';
import { useOrganisationId } from './use-organisation-id';

/**
 * The keys an analytics screen can filter by: every key of the organisation for an administrator,
 * else the person's own. Revoked keys too: their usage stays in the figures.
 */
export function useFilterKeys() {
  const orgId = useOrganisationId();
  const access = useScopeAccess('admin');
  const scope: ApiKeyScope = access === 'granted' ? { kind: 'organisation', orgId } : { kind: 'own' };
  return useQuery({
    queryKey: ['api-keys', ...(scope.kind === 'own' ? ['own'] : ['organisation', orgId]), { includeRevoked: true }],
    queryFn: () => listApiKeys(scope, true),
    enabled: access !== 'loading' && orgId !== '',
  });
}
