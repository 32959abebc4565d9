import { apiKeyMessages, type ApiKeyView, type UpdateApiKeyRequest } from '../../contracts';
import { makeAdministrativeChange } from '../audit/administrative-change';
import type { Executor } from '../db/database';
import { notFound } from '../http/app-error';
import type { Caller } from '../http/context';
import type { ApiKeyDependencies } from './api-key-dependencies';
import {
  findApiKey,
  listApiKeys,
  revokeApiKeyRecord,
  updateApiKeyRecord,
  type ApiKeyRecord,
} from './api-key-repository';
import { monthOf, recordedSpendByKey } from './api-key-spend';
import { microdollarsOf } from './create-api-key';
import { auditedApiKey, presentApiKey } from './present-api-key';
import { disableServicePrincipal } from './service-principal';

/**
 * Whose keys a call may touch: `own` only the caller's personal keys (anyone signed in), `organisation`
 * every key of the caller's organisation (administrators). A key outside them is 'API key not found'.
 */
export type KeyScope = 'own' | 'organisation';

/** Keys with what each cost this month. */
async function present(db: Executor, orgId: string, keys: ApiKeyRecord[], now: Date): Promise<ApiKeyView[]> {
  const spend = await recordedSpendByKey(
    db,
    orgId,
    keys.map((key) => key.id),
    monthOf(now),
  );
  return keys.map((key) => presentApiKey(key, spend.get(key.id) ?? 0n, now));
}

export async function listKeys(
  dependencies: ApiKeyDependencies,
  caller: Caller,
  scope: KeyScope,
  includeRevoked: boolean,
  now = new Date(),
): Promise<ApiKeyView[]> {
  const keys = await listApiKeys(dependencies.db, caller.orgId, {
    includeRevoked,
    ...(scope === 'own' ? { userId: caller.userId, kind: 'personal' as const } : {}),
  });
  return present(dependencies.db, caller.orgId, keys, now);
}

async function findKeyInScope(db: Executor, caller: Caller, scope: KeyScope, keyId: string): Promise<ApiKeyRecord> {
  const key = await findApiKey(db, caller.orgId, keyId);
  const visible = key && (scope === 'organisation' || (key.kind === 'personal' && key.userId === caller.userId));
  if (!visible) throw notFound(apiKeyMessages.keyNotFound);
  return key;
}

/** Changes a key's name, monthly budget or cache setting; audited when anything changed. */
export async function updateKey(
  dependencies: ApiKeyDependencies,
  caller: Caller,
  scope: KeyScope,
  keyId: string,
  input: UpdateApiKeyRequest,
  now = new Date(),
): Promise<ApiKeyView> {
  const key = await makeAdministrativeChange(dependencies.db, caller, async ({ transaction, record }) => {
    const before = await findKeyInScope(transaction, caller, scope, keyId);
    await updateApiKeyRecord(transaction, caller.orgId, keyId, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.monthly_budget_usd !== undefined
        ? { monthlyBudgetMicrodollars: microdollarsOf(input.monthly_budget_usd) }
        : {}),
      ...(input.cache_enabled !== undefined ? { cacheEnabled: input.cache_enabled } : {}),
    });
    const after = (await findApiKey(transaction, caller.orgId, keyId))!;
    const [auditedBefore, auditedAfter] = [auditedApiKey(before), auditedApiKey(after)];
    if (JSON.stringify(auditedBefore) !== JSON.stringify(auditedAfter))
      await record({
        action: 'api_key.update',
        targetType: 'api_key',
        targetId: keyId,
        before: auditedBefore,
        after: auditedAfter,
      });
    return after;
  });
  return (await present(dependencies.db, caller.orgId, [key], now))[0]!;
}

/**
 * Revokes a key: refused from the next request on, on every instance (each request reads the key;
 * docs/decisions/049). A service key's principal is disabled with it. Revoking a revoked key changes
 * nothing and records nothing.
 */
export async function revokeKey(
  dependencies: ApiKeyDependencies,
  caller: Caller,
  scope: KeyScope,
  keyId: string,
  now = new Date(),
): Promise<ApiKeyView> {
  const key = await makeAdministrativeChange(dependencies.db, caller, async ({ transaction, record }) => {
    const before = await findKeyInScope(transaction, caller, scope, keyId);
    if (!(await revokeApiKeyRecord(transaction, caller.orgId, keyId, { at: now, byUsername: caller.username })))
      return before;
    if (before.kind === 'service') await disableServicePrincipal(transaction, caller.orgId, before.userId);
    const after = (await findApiKey(transaction, caller.orgId, keyId))!;
    await record({
      action: 'api_key.revoke',
      targetType: 'api_key',
      targetId: keyId,
      before: auditedApiKey(before),
      after: { ...auditedApiKey(after), revoked_by: caller.username },
    });
    return after;
  });
  return (await present(dependencies.db, caller.orgId, [key], now))[0]!;
}
