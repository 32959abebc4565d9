import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { defaultOrganisationSettings } from '../../contracts';
import type { Database, Executor } from '../db/database';
import { authSessions, organisationSettings, refreshTokens, roles, users } from '../db/schema';
import type { Caller } from '../http/context';
import type { SignInRuleSettings } from '../organisations/sign-in-rules';

/** The organisation's sign-in rules, read in the same statement as the sign-in (no settings row: section 9's defaults). */
const signInRuleColumns = {
  requireTwoFactor: sql<boolean>`coalesce(${organisationSettings.require2fa}, ${defaultOrganisationSettings.security.require_2fa})`,
  sessionTimeoutMinutes: sql<number>`coalesce(${organisationSettings.sessionTimeoutMinutes}, ${defaultOrganisationSettings.security.session_timeout_minutes})`,
  ipRestrictions: organisationSettings.ipRestrictions,
};

function signInRulesOf(row: {
  requireTwoFactor: boolean;
  sessionTimeoutMinutes: number;
  ipRestrictions: string[] | null;
}): SignInRuleSettings {
  return {
    requireTwoFactor: row.requireTwoFactor,
    sessionTimeoutMinutes: Number(row.sessionTimeoutMinutes),
    ipRestrictions: row.ipRestrictions ?? defaultOrganisationSettings.security.ip_restrictions,
  };
}

/** Two-factor authentication is satisfied by the person's own, or is the identity provider's business for a single sign-on sign-in. */
const twoFactorSatisfied = sql<boolean>`(${users.totpEnabled} or ${authSessions.signInMethod} = 'single_sign_on')`;

export async function createAuthSession(
  db: Executor,
  values: { orgId: string; userId: string; userAgent?: string; clientAddress?: string },
): Promise<string> {
  const [session] = await db.insert(authSessions).values(values).returning({ id: authSessions.id });
  if (!session) throw new Error('Creating an auth session returned no row');
  return session.id;
}

export async function insertRefreshToken(
  db: Executor,
  values: { sessionId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/** The refresh token, its sign-in and whether either is spent, with the sign-in rules. Looked up by hash: the token is the credential. */
export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      successorSealed: refreshTokens.successorSealed,
      orgId: authSessions.orgId,
      userId: authSessions.userId,
      sessionRevokedAt: authSessions.revokedAt,
      sessionRevokedReason: authSessions.revokedReason,
      sessionLastActiveAt: authSessions.lastUsedAt,
      userStatus: users.status,
      twoFactorEnabled: twoFactorSatisfied,
      ...signInRuleColumns,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(organisationSettings, eq(organisationSettings.orgId, authSessions.orgId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row ? { ...row, rules: signInRulesOf(row) } : undefined;
}

/**
 * Whether this person signed in from this client address since `since`: the login throttle keeps
 * checking passwords from such an address while the username is under attack (docs/decisions/035).
 * Looked up by username like the login itself; an unknown username has no such address.
 */
export async function hasSignedInFrom(db: Executor, username: string, clientAddress: string, since: Date) {
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        eq(authSessions.clientAddress, clientAddress),
        gt(authSessions.createdAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Exchanges a refresh token for its successor in one transaction: marks it used with the successor
 * pair sealed beside it, and stores the successor's row. False when another request used it first
 * (on PostgreSQL this waits for that request's transaction, so its sealed pair can be read next).
 * Sealed pairs of the sign-in's older tokens, past the grace, are cleared on the way.
 */
export async function rotateRefreshToken(
  db: Database,
  rotation: {
    tokenId: string;
    usedAt: Date;
    successorSealed: string;
    successor: { sessionId: string; tokenHash: string; expiresAt: Date };
    graceEndedBefore: Date;
  },
): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const updated = await transaction
      .update(refreshTokens)
      .set({ usedAt: rotation.usedAt, successorSealed: rotation.successorSealed })
      .where(and(eq(refreshTokens.id, rotation.tokenId), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (updated.length !== 1) return false;
    await transaction.insert(refreshTokens).values(rotation.successor);
    await transaction
      .update(refreshTokens)
      .set({ successorSealed: null })
      .where(
        and(
          eq(refreshTokens.sessionId, rotation.successor.sessionId),
          isNotNull(refreshTokens.successorSealed),
          lt(refreshTokens.usedAt, rotation.graceEndedBefore),
        ),
      );
    return true;
  });
}

/** Records activity on a sign-in unless a request wrote a time at least as recent (concurrent requests write once). */
export async function recordSignInActivity(db: Executor, sessionId: string, at: Date): Promise<void> {
  await db
    .update(authSessions)
    .set({ lastUsedAt: at })
    .where(and(eq(authSessions.id, sessionId), lt(authSessions.lastUsedAt, at)));
}

/** Whether the sign-in was made through the organisation's identity provider (then two-factor is its business). */
export async function isSingleSignOnSession(db: Executor, orgId: string, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ method: authSessions.signInMethod })
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.orgId, orgId)));
  return row?.method === 'single_sign_on';
}

/** Why a sign-in ended when it was idle past its organisation's timeout; its refresh says so. */
export const idleRevocationReason = 'idle timeout';

export async function revokeAuthSession(db: Executor, orgId: string, sessionId: string, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.orgId, orgId), isNull(authSessions.revokedAt)));
}

/** Ends every sign-in of a user, optionally keeping the one making the request. */
export async function revokeUserSessions(
  db: Executor,
  orgId: string,
  userId: string,
  reason: string,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(authSessions.orgId, orgId),
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        exceptSessionId ? sql`${authSessions.id} <> ${exceptSessionId}` : undefined,
      ),
    );
}

/** A live sign-in with what the organisation's sign-in rules are judged on. */
export interface SignedInCaller {
  caller: Caller;
  lastActiveAt: Date;
  twoFactorEnabled: boolean;
  rules: SignInRuleSettings;
}

/**
 * The caller behind a verified access token, only while its sign-in is live and the user active,
 * with the organisation's sign-in rules: still one statement per request.
 */
export async function findCaller(
  db: Executor,
  claims: { userId: string; orgId: string; sessionId: string },
): Promise<SignedInCaller | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      orgId: users.orgId,
      sessionId: authSessions.id,
      username: users.username,
      email: users.email,
      roleId: users.roleId,
      roleName: roles.name,
      roleScopes: roles.scopes,
      roleUnlimited: roles.unlimited,
      lastActiveAt: authSessions.lastUsedAt,
      twoFactorEnabled: twoFactorSatisfied,
      ...signInRuleColumns,
    })
    .from(authSessions)
    .innerJoin(users, and(eq(users.id, authSessions.userId), eq(users.orgId, authSessions.orgId)))
    .innerJoin(roles, and(eq(roles.id, users.roleId), eq(roles.orgId, users.orgId)))
    .leftJoin(organisationSettings, eq(organisationSettings.orgId, authSessions.orgId))
    .where(
      and(
        eq(authSessions.id, claims.sessionId),
        eq(authSessions.userId, claims.userId),
        eq(authSessions.orgId, claims.orgId),
        isNull(authSessions.revokedAt),
        eq(users.status, 'active'),
      ),
    );
  if (!row) return undefined;
  const { lastActiveAt, twoFactorEnabled, requireTwoFactor, sessionTimeoutMinutes, ipRestrictions, ...caller } = row;
  return {
    caller,
    lastActiveAt,
    twoFactorEnabled,
    rules: signInRulesOf({ requireTwoFactor, sessionTimeoutMinutes, ipRestrictions }),
  };
}
