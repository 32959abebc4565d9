import type { RefreshResponse } from '../../contracts';
import { messages, organisationRuleMessages } from '../../contracts';
import { forbidden, unauthorized } from '../http/app-error';
import type { AuthDependencies, ClientInfo } from './auth-dependencies';
import { hashOpaqueToken } from './opaque-tokens';
import { findRefreshToken, idleRevocationReason, revokeAuthSession, rotateRefreshToken } from './session-repository';
import { createTokenPair } from './session-service';
import { judgeSignIn } from '../organisations/sign-in-rules';

type StoredRefreshToken = NonNullable<Awaited<ReturnType<typeof findRefreshToken>>>;

/** What is sealed beside a used refresh token: the pair it was exchanged for, and who asked. */
interface SealedSuccessor {
  pair: RefreshResponse;
  clientAddress: string;
}

/**
 * Rotates a refresh token. A token already used means it leaked or was replayed, and the whole
 * sign-in it belongs to is revoked, so the thief's copy dies with the owner's: unless it comes back
 * within the grace (REFRESH_REUSE_GRACE_SECONDS) from the address that used it, as when two tabs
 * refresh at once; then the pair it was exchanged for is answered again (docs/decisions/036).
 * The organisation's sign-in rules hold here too: an idle sign-in has ended (401), and a client
 * outside the allowed networks is refused (403). A refresh is not activity: only requests are.
 */
export async function refresh(
  dependencies: AuthDependencies,
  refreshToken: string,
  client: ClientInfo,
): Promise<RefreshResponse> {
  const { db } = dependencies;
  const tokenHash = hashOpaqueToken(refreshToken);
  const stored = await findLiveRefreshToken(dependencies, tokenHash);
  if (stored.usedAt) return answerReuse(dependencies, stored, client);
  if (stored.expiresAt.getTime() <= Date.now()) throw unauthorized(messages.sessionExpired);
  const verdict = judgeSignIn({
    rules: stored.rules,
    lastActiveAt: stored.sessionLastActiveAt,
    twoFactorEnabled: stored.twoFactorEnabled,
    clientAddress: client.address,
    now: Date.now(),
  });
  if (verdict.outcome === 'idle') {
    await revokeAuthSession(db, stored.orgId, stored.sessionId, idleRevocationReason);
    throw unauthorized(organisationRuleMessages.signedOutWhenIdle(stored.rules.sessionTimeoutMinutes));
  }
  if (verdict.outcome === 'address_refused')
    throw forbidden(organisationRuleMessages.addressNotAllowed(client.address));

  const successor = await createTokenPair(dependencies, {
    userId: stored.userId,
    orgId: stored.orgId,
    sessionId: stored.sessionId,
  });
  const now = new Date();
  const sealed: SealedSuccessor = { pair: successor.answer, clientAddress: client.address };
  const rotated = await rotateRefreshToken(db, {
    tokenId: stored.id,
    usedAt: now,
    successorSealed: dependencies.refreshSuccessors.seal(JSON.stringify(sealed)),
    successor: successor.refreshTokenRow,
    graceEndedBefore: new Date(now.getTime() - dependencies.refreshReuseGraceSeconds * 1000),
  });
  if (rotated) return successor.answer;
  // Another request used it a moment ago (a second tab): read what it was exchanged for.
  return answerReuse(dependencies, await findLiveRefreshToken(dependencies, tokenHash), client);
}

/** The token with its sign-in, or the 401 for a token unknown, on a sign-in that ended, or of someone no longer active. */
async function findLiveRefreshToken(dependencies: AuthDependencies, tokenHash: string): Promise<StoredRefreshToken> {
  const stored = await findRefreshToken(dependencies.db, tokenHash);
  if (!stored) throw unauthorized(messages.sessionExpired);
  // The web app shows this answer at sign-in: an idle sign-in says why it ended, however often it is tried.
  if (stored.sessionRevokedAt && stored.sessionRevokedReason === idleRevocationReason)
    throw unauthorized(organisationRuleMessages.signedOutWhenIdle(stored.rules.sessionTimeoutMinutes));
  if (stored.sessionRevokedAt || stored.userStatus !== 'active') throw unauthorized(messages.sessionExpired);
  return stored;
}

/** A used token: its pair again within the grace from the address that used it, otherwise the sign-in ends. */
async function answerReuse(
  dependencies: AuthDependencies,
  stored: StoredRefreshToken,
  client: ClientInfo,
): Promise<RefreshResponse> {
  const successor = openSuccessor(dependencies, stored);
  if (successor && successor.clientAddress === client.address) {
    dependencies.logger.debug({ sessionId: stored.sessionId }, 'refresh token reused within the grace; same pair');
    return successor.pair;
  }
  await revokeAuthSession(dependencies.db, stored.orgId, stored.sessionId, 'refresh token reuse');
  dependencies.logger.warn(
    { sessionId: stored.sessionId, userId: stored.userId },
    'refresh token reused; sign-in revoked',
  );
  throw unauthorized(messages.sessionExpired);
}

function openSuccessor(dependencies: AuthDependencies, stored: StoredRefreshToken): SealedSuccessor | undefined {
  const graceMs = dependencies.refreshReuseGraceSeconds * 1000;
  if (!stored.usedAt || !stored.successorSealed || Date.now() - stored.usedAt.getTime() > graceMs) return undefined;
  try {
    return JSON.parse(dependencies.refreshSuccessors.open(stored.successorSealed)) as SealedSuccessor;
  } catch (error) {
    // Sealed under another SECRET_KEY (changed since) or damaged: treated as any reuse.
    dependencies.logger.warn({ err: error, sessionId: stored.sessionId }, 'unreadable sealed refresh successor');
    return undefined;
  }
}
