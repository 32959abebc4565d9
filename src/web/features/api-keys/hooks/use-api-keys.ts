import type { CreateApiKeyRequest } from '@contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changeApiKeyBudget, createApiKey, listApiKeys, revokeApiKey, type ApiKeyScope } from '../api/api-keys-api';

const scopeKey = (scope: ApiKeyScope) => (scope.kind === 'own' ? ['own'] : ['organisation', scope.orgId]);
const apiKeyListKeys = {
  all: (scope: ApiKeyScope) => ['api-keys', ...scopeKey(scope)] as const,
  list: (scope: ApiKeyScope, includeRevoked: boolean) => ['api-keys', ...scopeKey(scope), { includeRevoked }] as const,
};

/** The keys of a scope, and creating and revoking them; each change reloads every list of keys. */
export function useApiKeys(scope: ApiKeyScope, includeRevoked: boolean) {
  const queryClient = useQueryClient();
  const keys = useQuery({
    queryKey: apiKeyListKeys.list(scope, includeRevoked),
    queryFn: () => listApiKeys(scope, includeRevoked),
    enabled: scope.kind === 'own' || scope.orgId !== '',
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['api-keys'] });
  return {
    keys,
    create: useMutation({
      mutationFn: (request: CreateApiKeyRequest & { role_id?: string }) => createApiKey(scope, request),
      onSuccess: reload,
    }),
    changeBudget: useMutation({
      mutationFn: (change: { keyId: string; monthlyBudgetUsd: number | null }) =>
        changeApiKeyBudget(scope, change.keyId, change.monthlyBudgetUsd),
      onSuccess: reload,
    }),
    revoke: useMutation({ mutationFn: (keyId: string) => revokeApiKey(scope, keyId), onSuccess: reload }),
  };
}
