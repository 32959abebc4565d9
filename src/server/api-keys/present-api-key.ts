import type { ApiKeyStatus, ApiKeyView } from '../../contracts';
import { usdNumber } from '../../money';
import { displayPrefix } from './api-key-secrets';
import type { ApiKeyRecord } from './api-key-repository';

function apiKeyStatusOf(key: Pick<ApiKeyRecord, 'revokedAt' | 'expiresAt'>, now: Date): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** Microdollars (whole cents, as budgets are entered) as a JSON number of dollars. */
function budgetDollars(microdollars: bigint | null): number | null {
  return microdollars === null ? null : Number(microdollars / 10_000n) / 100;
}

export function presentApiKey(key: ApiKeyRecord, spentThisMonthPicodollars: bigint, now: Date): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    prefix: displayPrefix(key.prefix),
    kind: key.kind,
    owner: key.kind === 'personal' ? { user_id: key.userId, username: key.username } : null,
    role: { id: key.roleId, name: key.roleName },
    created_at: key.createdAt.toISOString(),
    created_by: key.createdByUsername,
    expires_at: key.expiresAt?.toISOString() ?? null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    last_used_address: key.lastUsedAddress,
    revoked_at: key.revokedAt?.toISOString() ?? null,
    status: apiKeyStatusOf(key, now),
    monthly_budget_usd: budgetDollars(key.monthlyBudgetMicrodollars),
    usage_this_month_usd: usdNumber(spentThisMonthPicodollars),
    cache_enabled: key.cacheEnabled,
  };
}

/** The values an audit entry keeps of a key: never its secret or hash. */
export function auditedApiKey(key: ApiKeyRecord) {
  return {
    name: key.name,
    prefix: displayPrefix(key.prefix),
    kind: key.kind,
    owner: key.kind === 'personal' ? key.username : null,
    role_name: key.roleName,
    expires_at: key.expiresAt?.toISOString() ?? null,
    monthly_budget_usd: budgetDollars(key.monthlyBudgetMicrodollars),
    cache_enabled: key.cacheEnabled,
    ...(key.revokedAt ? { revoked_at: key.revokedAt.toISOString() } : {}),
  };
}
