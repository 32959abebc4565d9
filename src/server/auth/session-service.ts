import type { AuthResponse, RefreshResponse } from '../../contracts';
import { messages, organisationRuleMessages } from '../../contracts';
import type { Executor } from '../db/database';
import { AppError, forbidden, unauthorized } from '../http/app-error';
import type { Caller } from '../http/context';
import { presentUser, type UserRecord } from '../users/user-repository';
import type { AuthDependencies, ClientInfo } from './auth-dependencies';
import { createOpaqueToken } from './opaque-tokens';
import {
  createAuthSession,
  findCaller,
  insertRefreshToken,
  idleRevocationReason,
  recordSignInActivity,
  revokeAuthSession,
} from './session-repository';
import { CallerChanged, sameCaller } from './recent-callers';
import { judgeSignIn } from '../organisations/sign-in-rules';

/** Starts a sign-in: a session (token family), its first refresh token and an access token. */
export async function issueSignIn(
  dependencies: AuthDependencies,
  executor: Executor,
  user: UserRecord,
  client: ClientInfo,
  /** The organisation requires two-factor authentication and this person has not set it up. */
  twoFactorSetupRequired = false,
): Promise<AuthResponse> {
  const sessionId = await createAuthSession(executor, {
    orgId: user.orgId,
    userId: user.id,
    userAgent: client.userAgent?.slice(0, 300),
    clientAddress: client.address,
  });
  const tokens = await issueTokenPair(dependencies, executor, { userId: user.id, orgId: user.orgId, sessionId });
  return { ...tokens, user: presentUser(user, twoFactorSetupRequired) };
}

/** A new access token and refresh token for the sign-in, the refresh token stored by its hash. */
async function issueTokenPair(
  dependencies: AuthDependencies,
  executor: Executor,
  claims: { userId: string; orgId: string; sessionId: string },
): Promise<RefreshResponse> {
  const pair = await createTokenPair(dependencies, claims);
  await insertRefreshToken(executor, pair.refreshTokenRow);
  return pair.answer;
}

/** A new pair for the sign-in, not stored yet: the answer, and the refresh token's row (its hash, never the token). */
export async function createTokenPair(
  dependencies: AuthDependencies,
  claims: { userId: string; orgId: string; sessionId: string },
): Promise<{ answer: RefreshResponse; refreshTokenRow: { sessionId: string; tokenHash: string; expiresAt: Date } }> {
  const refresh = createOpaqueToken();
  const expiresAt = new Date(Date.now() + dependencies.refreshTokenTtlDays * 86_400_000);
  const access = await dependencies.accessTokens.sign(claims);
  return {
    answer: { token: access.token, refresh_token: refresh.token, expires_at: access.expiresAt.toISOString() },
    refreshTokenRow: { sessionId: claims.sessionId, tokenHash: refresh.tokenHash, expiresAt },
  };
}

export async function logout(dependencies: AuthDependencies, caller: Caller): Promise<void> {
  await revokeAuthSession(dependencies.db, caller.orgId, caller.sessionId, 'logout');
  dependencies.recentCallers.forget(caller.sessionId);
}

/** The request a bearer token comes with, as far as the organisation's sign-in rules care. */
export interface SignInRequest {
  /** The client address as the server sees it (TRUST_PROXY governs X-Forwarded-For). */
  clientAddress: string;
  /** One of the calls open while two-factor authentication must still be set up (its setup, the profile, logout). */
  openDuringTwoFactorSetup?: boolean;
}

/**
 * Resolves a bearer token to its caller, or undefined when it is not (or no longer) valid: also
 * when the sign-in was idle past the organisation's timeout (it ends). Throws 403 for a client
 * outside the organisation's allowed networks, and for a person who must set up two-factor
 * authentication first, unless the request is one of the calls for that.
 */
export async function authenticate(
  dependencies: AuthDependencies,
  token: string,
  request: SignInRequest,
): Promise<(Caller & { expiresAt: Date }) | undefined> {
  const claims = await dependencies.accessTokens.verify(token);
  if (!claims) return undefined;
  const caller = await lookUpCaller(dependencies, dependencies.db, claims, request);
  return caller ? { ...caller, expiresAt: claims.expiresAt } : undefined;
}

/**
 * The sign-in check a provisional caller still owes: it asks the database, once, when first called
 * (inside the transaction that saves the request's rows), throws 401 once the sign-in has ended,
 * and returns the caller as it is now.
 */
export interface PendingSignInCheck {
  confirm(executor?: Executor): Promise<Caller>;
}

/**
 * A caller to start work with at once. With a caller looked up recently on this instance, that
 * caller comes with the check still `pending`; otherwise the caller is looked up now and nothing
 * is pending.
 */
export async function authenticateProvisionally(
  dependencies: AuthDependencies,
  token: string,
  request: SignInRequest,
): Promise<{ caller: Caller; pending?: PendingSignInCheck } | undefined> {
  const claims = await dependencies.accessTokens.verify(token);
  if (!claims) return undefined;
  // Remembered only from the same client address, so a token used from elsewhere is checked first.
  const recent = dependencies.recentCallers.get(claims, request.clientAddress);
  if (!recent) {
    const caller = await lookUpCaller(dependencies, dependencies.db, claims, request);
    return caller ? { caller } : undefined;
  }
  let confirmation: Promise<Caller> | undefined;
  const confirm = (executor: Executor = dependencies.db) =>
    (confirmation ??= lookUpCaller(dependencies, executor, claims, request).then((current) => {
      if (!current) throw unauthorized(messages.sessionExpired);
      return current;
    }));
  return { caller: recent, pending: { confirm } };
}

/**
 * Confirms a provisional sign-in for work done as `caller`: throws 401 when the sign-in ended, and
 * CallerChanged when it is live but the caller differs (e.g. a new role), so the work can be redone.
 */
export async function confirmSameCaller(
  signIn: PendingSignInCheck,
  caller: Caller,
  executor?: Executor,
): Promise<void> {
  const current = await signIn.confirm(executor);
  if (!sameCaller(current, caller)) throw new CallerChanged(current);
}

/**
 * The caller as the database says now, held to the organisation's sign-in rules (docs/decisions/021):
 * idle past the timeout ends the sign-in (401 saying so), an address outside the allowed networks
 * or two-factor authentication still to set up is a 403. Only callers with nothing held against
 * them are remembered, for this client address.
 */
async function lookUpCaller(
  dependencies: AuthDependencies,
  executor: Executor,
  claims: { userId: string; orgId: string; sessionId: string },
  request: SignInRequest,
): Promise<Caller | undefined> {
  const found = await findCaller(executor, claims);
  const now = Date.now();
  const verdict = found
    ? judgeSignIn({
        rules: found.rules,
        lastActiveAt: found.lastActiveAt,
        twoFactorEnabled: found.twoFactorEnabled,
        clientAddress: request.clientAddress,
        now,
      })
    : undefined;
  if (!found || verdict?.outcome !== 'allowed' || verdict.twoFactorSetupRequired)
    dependencies.recentCallers.forget(claims.sessionId);
  if (!found || !verdict) return undefined;
  if (verdict.outcome === 'idle') {
    await revokeAuthSession(executor, claims.orgId, claims.sessionId, idleRevocationReason);
    throw unauthorized(organisationRuleMessages.signedOutWhenIdle(found.rules.sessionTimeoutMinutes));
  }
  if (verdict.outcome === 'address_refused')
    throw forbidden(organisationRuleMessages.addressNotAllowed(request.clientAddress));
  if (verdict.recordActivity) await recordSignInActivity(executor, claims.sessionId, new Date(now));
  if (verdict.twoFactorSetupRequired) {
    if (request.openDuringTwoFactorSetup) return found.caller;
    throw new AppError('two_factor_setup_required', organisationRuleMessages.twoFactorSetupRequired);
  }
  dependencies.recentCallers.remember(found.caller, request.clientAddress);
  return found.caller;
}
