import type { KeyedProvider, SetProviderKeyRequest } from '@contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import { chatModelsQueryKey } from '../../chat/hooks/use-chat-models';
import { organisationModelsKey } from '../../role-management/api/organisation-models-api';
import { listProviderKeys, providerKeysKey, removeProviderKey, saveProviderKey } from '../api/provider-keys-api';

/** The organisation's own provider keys, and saving or removing one: what every model picker then offers changes. */
export function useProviderKeys() {
  const orgId = useOrganisationId();
  const queryClient = useQueryClient();
  const keys = useQuery({
    queryKey: providerKeysKey(orgId),
    queryFn: () => listProviderKeys(orgId),
    enabled: orgId !== '',
  });
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: providerKeysKey(orgId) }),
      queryClient.invalidateQueries({ queryKey: organisationModelsKey(orgId) }),
      queryClient.invalidateQueries({ queryKey: chatModelsQueryKey }),
    ]);
  };
  const save = useMutation({
    mutationFn: ({ provider, key }: { provider: KeyedProvider; key: SetProviderKeyRequest }) =>
      saveProviderKey(orgId, provider, key),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (provider: KeyedProvider) => removeProviderKey(orgId, provider),
    onSuccess: refresh,
  });
  return { keys, save, remove };
}
