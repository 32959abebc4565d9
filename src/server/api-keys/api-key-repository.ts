import { and, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ApiKeyKind } from '../../contracts';
import type { Executor } from '../db/database';
import { apiKeys, roles, users } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

/** A key as administration and its owner see it: never the secret's hash. */
export interface ApiKeyRecord {
  id: string;
  orgId: string;
  /** Who the key acts as: its owner, or a service key's principal. */
  userId: string;
  kind: ApiKeyKind;
  name: string;
  prefix: string;
  createdAt: Date;
  createdByUsername: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  revokedByUsername: string | null;
  monthlyBudgetMicrodollars: bigint | null;
  cacheEnabled: boolean;
  lastUsedAt: Date | null;
  lastUsedAddress: string | null;
  username: string;
  userStatus: string;
  roleId: string;
  roleName: string;
}

const recordColumns = {
  id: apiKeys.id,
  orgId: apiKeys.orgId,
  userId: apiKeys.userId,
  kind: apiKeys.kind,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  createdByUsername: apiKeys.createdByUsername,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
  revokedByUsername: apiKeys.revokedByUsername,
  monthlyBudgetMicrodollars: apiKeys.monthlyBudgetMicrodollars,
  cacheEnabled: apiKeys.cacheEnabled,
  lastUsedAt: apiKeys.lastUsedAt,
  lastUsedAddress: apiKeys.lastUsedAddress,
  username: users.username,
  userStatus: users.status,
  roleId: users.roleId,
  roleName: roles.name,
};

function selectKeys(db: Executor) {
  return db
    .select(recordColumns)
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.userId), eq(users.orgId, apiKeys.orgId)))
    .innerJoin(roles, and(eq(roles.id, users.roleId), eq(roles.orgId, users.orgId)));
}

export interface NewApiKey {
  orgId: string;
  userId: string;
  kind: ApiKeyKind;
  name: string;
  prefix: string;
  secretHash: string;
  createdByUserId: string;
  createdByUsername: string;
  expiresAt: Date | null;
  monthlyBudgetMicrodollars: bigint | null;
  cacheEnabled: boolean;
}

export async function insertApiKey(db: Executor, values: NewApiKey): Promise<string> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  if (!row) throw new Error('Creating an API key returned no row');
  return row.id;
}

export async function findApiKey(db: Executor, orgId: string, keyId: string): Promise<ApiKeyRecord | undefined> {
  const [key] = await selectKeys(db).where(inOrganisation(apiKeys.orgId, orgId, eq(apiKeys.id, keyId)));
  return key;
}

/** Neither revoked nor past its expiry at `now`. */
function live(now: Date): SQL {
  return and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))) as SQL;
}

/** The organisation's keys (or one person's), newest first; revoked ones only when asked for. */
export function listApiKeys(
  db: Executor,
  orgId: string,
  options: { userId?: string; kind?: ApiKeyKind; includeRevoked: boolean },
): Promise<ApiKeyRecord[]> {
  return selectKeys(db)
    .where(
      inOrganisation(
        apiKeys.orgId,
        orgId,
        options.userId ? eq(apiKeys.userId, options.userId) : undefined,
        options.kind ? eq(apiKeys.kind, options.kind) : undefined,
        options.includeRevoked ? undefined : isNull(apiKeys.revokedAt),
      ),
    )
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Live keys of one person (their own), or the organisation's live service keys. */
export async function countLiveKeys(
  db: Executor,
  orgId: string,
  owner: { userId: string } | { kind: 'service' },
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(apiKeys)
    .where(
      inOrganisation(
        apiKeys.orgId,
        orgId,
        'userId' in owner
          ? and(eq(apiKeys.userId, owner.userId), eq(apiKeys.kind, 'personal'))
          : eq(apiKeys.kind, 'service'),
        live(now),
      ),
    );
  return Number(row?.count ?? 0);
}

/** Live service keys whose principal holds the role: the role cannot go while they work. */
export async function countLiveServiceKeysOfRole(db: Executor, orgId: string, roleId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.userId), eq(users.orgId, apiKeys.orgId)))
    .where(
      inOrganisation(apiKeys.orgId, orgId, eq(apiKeys.kind, 'service'), eq(users.roleId, roleId), live(new Date())),
    );
  return Number(row?.count ?? 0);
}

/** Revokes the key unless it already is; answers whether this call did. */
export async function revokeApiKeyRecord(
  db: Executor,
  orgId: string,
  keyId: string,
  revoked: { at: Date; byUsername: string },
): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: revoked.at, revokedByUsername: revoked.byUsername })
    .where(inOrganisation(apiKeys.orgId, orgId, eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length === 1;
}

/** Revokes every key a person owns (they are removed from the organisation); answers how many. */
export async function revokeKeysOfUser(
  db: Executor,
  orgId: string,
  userId: string,
  revoked: { at: Date; byUsername: string },
): Promise<number> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: revoked.at, revokedByUsername: revoked.byUsername })
    .where(inOrganisation(apiKeys.orgId, orgId, eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length;
}

export async function updateApiKeyRecord(
  db: Executor,
  orgId: string,
  keyId: string,
  changes: { name?: string; monthlyBudgetMicrodollars?: bigint | null; cacheEnabled?: boolean },
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(apiKeys)
    .set(changes)
    .where(inOrganisation(apiKeys.orgId, orgId, eq(apiKeys.id, keyId)));
}

/** Whether any key of the instance has this prefix (prefixes are unique: a new key draws again). */
export async function prefixTaken(db: Executor, prefix: string): Promise<boolean> {
  const rows = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.prefix, prefix)).limit(1);
  return rows.length > 0;
}
