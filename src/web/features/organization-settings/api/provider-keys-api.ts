import {
  providerKeyListSchema,
  providerKeyViewSchema,
  successResponseSchema,
  type KeyedProvider,
  type ProviderKeyView,
  type SetProviderKeyRequest,
} from '@contracts';
import { apiRequest } from '../../../lib/api-client';

const keysPath = (orgId: string) => `/org/${encodeURIComponent(orgId)}/provider-keys`;

/** GET /org/{orgId}/provider-keys: the organisation's own keys, as hints only. */
export async function listProviderKeys(orgId: string): Promise<ProviderKeyView[]> {
  return (await apiRequest(keysPath(orgId), { schema: providerKeyListSchema })).keys;
}

export function saveProviderKey(orgId: string, provider: KeyedProvider, key: SetProviderKeyRequest) {
  return apiRequest(`${keysPath(orgId)}/${provider}`, { method: 'PUT', body: key, schema: providerKeyViewSchema });
}

export function removeProviderKey(orgId: string, provider: KeyedProvider) {
  return apiRequest(`${keysPath(orgId)}/${provider}`, { method: 'DELETE', schema: successResponseSchema });
}

export const providerKeysKey = (orgId: string) => ['admin', orgId, 'provider-keys'] as const;
