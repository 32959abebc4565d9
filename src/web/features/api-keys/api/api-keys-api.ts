import { apiKeyListSchema, apiKeyResponseSchema, createdApiKeySchema, type CreateApiKeyRequest } from '@contracts';
import { apiRequest } from '../../../lib/api-client';

/** Whose keys a screen shows: the signed-in person's own, or every key of their organisation (admins). */
export type ApiKeyScope = { kind: 'own' } | { kind: 'organisation'; orgId: string };

function basePath(scope: ApiKeyScope): string {
  return scope.kind === 'own' ? '/api-keys' : `/org/${encodeURIComponent(scope.orgId)}/api-keys`;
}

export async function listApiKeys(scope: ApiKeyScope, includeRevoked: boolean) {
  const answer = await apiRequest(`${basePath(scope)}${includeRevoked ? '?include_revoked=true' : ''}`, {
    schema: apiKeyListSchema,
  });
  return answer.keys;
}

/** A key of one's own, or (organisation scope) a service key bound to a role; the secret is in this answer only. */
export function createApiKey(scope: ApiKeyScope, request: CreateApiKeyRequest & { role_id?: string }) {
  return apiRequest(basePath(scope), { method: 'POST', body: request, schema: createdApiKeySchema });
}

export async function changeApiKeyBudget(scope: ApiKeyScope, keyId: string, monthlyBudgetUsd: number | null) {
  const answer = await apiRequest(`${basePath(scope)}/${encodeURIComponent(keyId)}`, {
    method: 'PUT',
    body: { monthly_budget_usd: monthlyBudgetUsd },
    schema: apiKeyResponseSchema,
  });
  return answer.key;
}

export async function revokeApiKey(scope: ApiKeyScope, keyId: string) {
  const answer = await apiRequest(`${basePath(scope)}/${encodeURIComponent(keyId)}`, {
    method: 'DELETE',
    schema: apiKeyResponseSchema,
  });
  return answer.key;
}
