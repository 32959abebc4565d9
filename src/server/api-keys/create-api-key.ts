import {
  apiKeyLimits,
  apiKeyMessages,
  messages,
  type CreateApiKeyRequest,
  type CreateServiceApiKeyRequest,
  type CreatedApiKey,
} from '../../contracts';
import { makeAdministrativeChange, type AdministrativeChange } from '../audit/administrative-change';
import { AppError, forbidden, notFound, validationFailed } from '../http/app-error';
import type { Caller } from '../http/context';
import { getOrganisationSettings } from '../organisations/organisation-settings-service';
import { findRole } from '../roles/role-repository';
import { scaledDecimal } from '../../money';
import type { ApiKeyDependencies } from './api-key-dependencies';
import { countLiveKeys, findApiKey, insertApiKey, prefixTaken, type NewApiKey } from './api-key-repository';
import { auditedApiKey, presentApiKey } from './present-api-key';
import { insertServicePrincipal } from './service-principal';

const dayMs = 86_400_000;

/** A key of the caller's own, acting as them with their role; its secret is in the answer only. */
export function createPersonalApiKey(
  dependencies: ApiKeyDependencies,
  caller: Caller,
  input: CreateApiKeyRequest,
  now = new Date(),
): Promise<CreatedApiKey> {
  return createApiKey(dependencies, caller, input, now, async (change) => {
    if (
      (await countLiveKeys(change.transaction, caller.orgId, { userId: caller.userId }, now)) >=
      apiKeyLimits.activePersonalKeysPerUser
    )
      throw new AppError('conflict', apiKeyMessages.tooManyPersonalKeys);
    return { kind: 'personal', userId: caller.userId };
  });
}

/** A service key bound to a role, acting as its own principal (administrators; docs/decisions/049). */
export function createServiceApiKey(
  dependencies: ApiKeyDependencies,
  caller: Caller,
  input: CreateServiceApiKeyRequest,
  now = new Date(),
): Promise<CreatedApiKey> {
  return createApiKey(dependencies, caller, input, now, async (change, prefix) => {
    const role = await findRole(change.transaction, caller.orgId, input.role_id);
    if (!role) throw notFound(messages.roleNotFound);
    if (
      (await countLiveKeys(change.transaction, caller.orgId, { kind: 'service' }, now)) >=
      apiKeyLimits.activeServiceKeysPerOrganisation
    )
      throw new AppError('conflict', apiKeyMessages.tooManyServiceKeys);
    const userId = await insertServicePrincipal(change.transaction, {
      orgId: caller.orgId,
      roleId: role.id,
      prefix,
      keyName: input.name,
    });
    return { kind: 'service', userId };
  });
}

/**
 * Creates a key in one administrative change (the organisation's lock, the audit entry in the same
 * transaction): `actor` decides who it acts as, after the checks every key has.
 */
async function createApiKey(
  dependencies: ApiKeyDependencies,
  caller: Caller,
  input: CreateApiKeyRequest,
  now: Date,
  actor: (change: AdministrativeChange, prefix: string) => Promise<Pick<NewApiKey, 'kind' | 'userId'>>,
): Promise<CreatedApiKey> {
  const expiresAt = expiryOf(input.expires_at, now);
  const settings = await getOrganisationSettings(dependencies.db, caller.orgId);
  if (!settings.api_access.enabled) throw forbidden(apiKeyMessages.apiAccessOffForCreation);
  return makeAdministrativeChange(dependencies.db, caller, async (change) => {
    let created = dependencies.hasher.create();
    // 36^8 prefixes: a repeat is rare, and drawing again settles it.
    while (await prefixTaken(change.transaction, created.prefix)) created = dependencies.hasher.create();
    const keyId = await insertApiKey(change.transaction, {
      orgId: caller.orgId,
      ...(await actor(change, created.prefix)),
      name: input.name,
      prefix: created.prefix,
      secretHash: created.secretHash,
      createdByUserId: caller.userId,
      createdByUsername: caller.username,
      expiresAt,
      monthlyBudgetMicrodollars: microdollarsOf(input.monthly_budget_usd),
      cacheEnabled: input.cache_enabled ?? true,
    });
    const key = (await findApiKey(change.transaction, caller.orgId, keyId))!;
    await change.record({
      action: 'api_key.create',
      targetType: 'api_key',
      targetId: keyId,
      before: null,
      after: auditedApiKey(key),
    });
    return { key: presentApiKey(key, 0n, now), secret: created.key };
  });
}

/** The expiry asked for: in the future and within the longest allowed; null or absent never expires. */
function expiryOf(expiresAt: string | null | undefined, now: Date): Date | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime())
    throw validationFailed(apiKeyMessages.expiryInPast, { expires_at: apiKeyMessages.expiryInPast });
  if (at.getTime() > now.getTime() + apiKeyLimits.longestExpiryDays * dayMs)
    throw validationFailed(apiKeyMessages.expiryTooFar, { expires_at: apiKeyMessages.expiryTooFar });
  return at;
}

/** Dollars with whole cents (validated) as integer microdollars; null or absent is no budget. */
export function microdollarsOf(dollars: number | null | undefined): bigint | null {
  return dollars === undefined || dollars === null ? null : scaledDecimal(dollars.toFixed(2), 6);
}
