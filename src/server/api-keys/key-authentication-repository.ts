import { and, eq, sql } from 'drizzle-orm';
import type { ApiKeyKind, Scope } from '../../contracts';
import type { Executor } from '../db/database';
import { apiKeys, organisationSettings, roles, users } from '../db/schema';

/** A presented key's row with everything its use is judged on: one statement per request. */
export interface KeyForAuthentication {
  id: string;
  orgId: string;
  userId: string;
  kind: ApiKeyKind;
  name: string;
  prefix: string;
  secretHash: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  monthlyBudgetMicrodollars: bigint | null;
  cacheEnabled: boolean;
  lastUsedAt: Date | null;
  username: string;
  email: string;
  userStatus: string;
  roleId: string;
  roleName: string;
  roleScopes: Scope[];
  roleUnlimited: boolean;
  apiAccessEnabled: boolean;
  apiIpRestrictions: string[];
  signInIpRestrictions: string[];
}

/**
 * The key with this prefix, its user and role as they are now, and its organisation's API access
 * and address rules (no settings row: on, no restrictions). Looked up by prefix alone, as a refresh
 * token by its hash: the key is the credential and names its organisation. Nothing is cached, so a
 * revocation or a change of role or settings holds from the next request on every instance
 * (docs/decisions/018, 049).
 */
export async function findKeyForAuthentication(
  db: Executor,
  prefix: string,
): Promise<KeyForAuthentication | undefined> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      orgId: apiKeys.orgId,
      userId: apiKeys.userId,
      kind: apiKeys.kind,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      secretHash: apiKeys.secretHash,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      monthlyBudgetMicrodollars: apiKeys.monthlyBudgetMicrodollars,
      cacheEnabled: apiKeys.cacheEnabled,
      lastUsedAt: apiKeys.lastUsedAt,
      username: users.username,
      email: users.email,
      userStatus: users.status,
      roleId: users.roleId,
      roleName: roles.name,
      roleScopes: roles.scopes,
      roleUnlimited: roles.unlimited,
      apiAccessEnabled: sql<boolean>`coalesce(${organisationSettings.apiAccessEnabled}, true)`,
      apiIpRestrictions: organisationSettings.apiIpRestrictions,
      signInIpRestrictions: organisationSettings.ipRestrictions,
    })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.userId), eq(users.orgId, apiKeys.orgId)))
    .innerJoin(roles, and(eq(roles.id, users.roleId), eq(roles.orgId, users.orgId)))
    .leftJoin(organisationSettings, eq(organisationSettings.orgId, apiKeys.orgId))
    .where(eq(apiKeys.prefix, prefix));
  if (!row) return undefined;
  return {
    ...row,
    apiIpRestrictions: row.apiIpRestrictions ?? [],
    signInIpRestrictions: row.signInIpRestrictions ?? [],
  };
}

/**
 * Writes the last use of several keys in one statement, never moving a time back (another instance
 * may have written a later one).
 */
export async function recordKeysLastUse(
  db: Executor,
  uses: readonly { keyId: string; at: Date; address: string }[],
): Promise<void> {
  if (uses.length === 0) return;
  const values = sql.join(
    uses.map((use) => sql`(${use.keyId}::uuid, ${use.at.toISOString()}::timestamptz, ${use.address}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${apiKeys} set last_used_at = used.at, last_used_address = used.address
    from (values ${values}) as used (id, at, address)
    where ${apiKeys.id} = used.id and (${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < used.at)`);
}
