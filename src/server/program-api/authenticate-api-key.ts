import { apiKeyMessages } from '../../contracts';
import type { ApiKeyLastUse } from '../api-keys/api-key-last-use';
import { judgeApiKeyUse } from '../api-keys/api-key-rules';
import { displayPrefix, parseApiKey, type ApiKeyHasher } from '../api-keys/api-key-secrets';
import { microdollarsToPicodollars } from '../api-keys/api-key-spend';
import { findKeyForAuthentication } from '../api-keys/key-authentication-repository';
import type { Database } from '../db/database';
import type { ApiKeyCaller } from './program-api-context';
import { invalidApiKey, keyRefused } from './program-api-error';

export interface ApiKeyAuthenticationDependencies {
  db: Database;
  hasher: ApiKeyHasher;
  lastUse: ApiKeyLastUse;
}

/**
 * The caller behind a presented key, judged on this request: 401 `invalid_api_key` for no key, an
 * unknown one, a wrong secret, a revoked or expired key or one whose person was removed; 403 when
 * the organisation has API access off or refuses the client's address. The secret is compared in
 * constant time, also when no key has the prefix.
 */
export async function authenticateApiKey(
  dependencies: ApiKeyAuthenticationDependencies,
  presented: string | undefined,
  clientAddress: string,
  now = new Date(),
): Promise<ApiKeyCaller> {
  if (!presented) throw invalidApiKey(apiKeyMessages.missingKey);
  const parsed = parseApiKey(presented);
  if (!parsed) throw invalidApiKey(apiKeyMessages.invalidKey);
  const key = await findKeyForAuthentication(dependencies.db, parsed.prefix);
  if (!key) {
    dependencies.hasher.compareWithNothing(parsed.secret);
    throw invalidApiKey(apiKeyMessages.invalidKey);
  }
  if (!dependencies.hasher.matches(parsed.secret, key.secretHash)) throw invalidApiKey(apiKeyMessages.invalidKey);
  const verdict = judgeApiKeyUse({ ...key, clientAddress, now: now.getTime() });
  switch (verdict.outcome) {
    case 'revoked':
      throw invalidApiKey(apiKeyMessages.revokedKey);
    case 'expired':
      throw invalidApiKey(apiKeyMessages.expiredKey(key.expiresAt!.toISOString()));
    case 'owner_removed':
      throw invalidApiKey(apiKeyMessages.ownerRemoved);
    case 'api_access_disabled':
      throw keyRefused(apiKeyMessages.apiAccessDisabled, 'api_access_disabled');
    case 'address_refused':
      throw keyRefused(apiKeyMessages.addressNotAllowed(clientAddress), 'ip_not_allowed');
    case 'allowed':
      break;
  }
  dependencies.lastUse.note(key, clientAddress, now);
  return {
    userId: key.userId,
    orgId: key.orgId,
    sessionId: key.id,
    username: key.username,
    email: key.email,
    roleId: key.roleId,
    roleName: key.roleName,
    roleScopes: key.roleScopes,
    roleUnlimited: key.roleUnlimited,
    apiKey: {
      id: key.id,
      name: key.name,
      prefix: displayPrefix(key.prefix),
      kind: key.kind,
      cacheEnabled: key.cacheEnabled,
      monthlyBudgetPicodollars:
        key.monthlyBudgetMicrodollars === null ? null : microdollarsToPicodollars(key.monthlyBudgetMicrodollars),
    },
  };
}
