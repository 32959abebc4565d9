import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { authSessions, refreshTokens, roles, users } from '../db/schema';
import type { Caller } from '../http/context';

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

/** The refresh token, its sign-in and whether either is spent. Looked up by hash: the token is the credential. */
export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      orgId: authSessions.orgId,
      userId: authSessions.userId,
      sessionRevokedAt: authSessions.revokedAt,
      userStatus: users.status,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a refresh token used; false when another request already did (a concurrent replay). */
export async function markRefreshTokenUsed(db: Executor, tokenId: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return updated.length === 1;
}

export async function touchAuthSession(db: Executor, sessionId: string, at: Date): Promise<void> {
  await db.update(authSessions).set({ lastUsedAt: at }).where(eq(authSessions.id, sessionId));
}

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

/** The caller behind a verified access token, only while its sign-in is live and the user active. */
export async function findCaller(
  db: Executor,
  claims: { userId: string; orgId: string; sessionId: string },
): Promise<Caller | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      orgId: users.orgId,
      sessionId: authSessions.id,
      username: users.username,
      email: users.email,
      roleId: users.roleId,
      roleName: roles.name,
    })
    .from(authSessions)
    .innerJoin(users, and(eq(users.id, authSessions.userId), eq(users.orgId, authSessions.orgId)))
    .innerJoin(roles, and(eq(roles.id, users.roleId), eq(roles.orgId, users.orgId)))
    .where(
      and(
        eq(authSessions.id, claims.sessionId),
        eq(authSessions.userId, claims.userId),
        eq(authSessions.orgId, claims.orgId),
        isNull(authSessions.revokedAt),
        eq(users.status, 'active'),
      ),
    );
  return row;
}
