import type { AuthResponse, LoginRequest, RefreshResponse } from '../../contracts';
import { messages, organisationRuleMessages } from '../../contracts';
import type { Executor } from '../db/database';
import { AppError, forbidden, unauthorized } from '../http/app-error';
import type { Caller } from '../http/context';
import { getOrganisationSettings } from '../organisations/organisation-settings-service';
import { findUserForLogin, presentUser, updateUser, type UserRecord } from '../users/user-repository';
import type { AuthDependencies, ClientInfo } from './auth-dependencies';
import { createOpaqueToken, hashOpaqueToken } from './opaque-tokens';
import {
  createAuthSession,
  findCaller,
  findRefreshToken,
  insertRefreshToken,
  markRefreshTokenUsed,
  idleRevocationReason,
  recordSignInActivity,
  revokeAuthSession,
} from './session-repository';
import { CallerChanged, sameCaller } from './recent-callers';
import { isAddressAllowed, judgeSignIn } from './sign-in-rules';
import { verifyTotpCode } from './two-factor';

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

async function issueTokenPair(
  dependencies: AuthDependencies,
  executor: Executor,
  claims: { userId: string; orgId: string; sessionId: string },
): Promise<RefreshResponse> {
  const refresh = createOpaqueToken();
  const refreshExpiresAt = new Date(Date.now() + dependencies.refreshTokenTtlDays * 86_400_000);
  await insertRefreshToken(executor, {
    sessionId: claims.sessionId,
    tokenHash: refresh.tokenHash,
    expiresAt: refreshExpiresAt,
  });
  const access = await dependencies.accessTokens.sign(claims);
  return { token: access.token, refresh_token: refresh.token, expires_at: access.expiresAt.toISOString() };
}

export async function login(
  dependencies: AuthDependencies,
  input: LoginRequest,
  client: ClientInfo,
): Promise<AuthResponse> {
  const { loginThrottle, passwords, db } = dependencies;
  const retryAfter = loginThrottle.retryAfterSeconds(input.username, client.address);
  if (retryAfter > 0) {
    throw new AppError('too_many_requests', messages.tooManyLoginAttempts, { retryAfterSeconds: retryAfter });
  }
  const user = await findUserForLogin(db, input.username);
  const passwordMatches = await passwords.verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordMatches || user.status !== 'active') {
    loginThrottle.record(input.username, client.address);
    throw unauthorized(messages.invalidCredentials);
  }
  // Only once the password matched: a stranger learns nothing about the organisation's networks.
  const { security } = await getOrganisationSettings(db, user.orgId);
  if (!isAddressAllowed(client.address, security.ip_restrictions))
    throw forbidden(organisationRuleMessages.addressNotAllowed(client.address));
  const afterPasswordSignIn = await dependencies.passwordSignInPolicy?.judgePasswordSignIn(user, client);
  let acceptedStep: number | undefined;
  if (user.totpEnabled && user.totpSecretEncrypted) {
    if (!input.totp_code) throw new AppError('two_factor_required', messages.twoFactorRequired);
    const secret = dependencies.totpSecrets.open(user.totpSecretEncrypted);
    acceptedStep = await verifyTotpCode(secret, input.totp_code, user.totpLastStep);
    if (acceptedStep === undefined) {
      loginThrottle.record(input.username, client.address);
      throw unauthorized(messages.invalidTwoFactorCode);
    }
  }
  loginThrottle.forgiveSubject(input.username);
  return db.transaction(async (transaction) => {
    await updateUser(transaction, user.orgId, user.id, {
      lastLoginAt: new Date(),
      ...(acceptedStep !== undefined ? { totpLastStep: acceptedStep } : {}),
    });
    await afterPasswordSignIn?.(transaction);
    return issueSignIn(dependencies, transaction, user, client, security.require_2fa && !user.totpEnabled);
  });
}

/**
 * Rotates a refresh token. A token that was already used means it leaked or was replayed:
 * the whole sign-in it belongs to is revoked, so the thief's copy dies with the owner's.
 * The organisation's sign-in rules hold here too: an idle sign-in has ended (401), and a client
 * outside the allowed networks is refused (403). A refresh is not activity: only requests are.
 */
export async function refresh(
  dependencies: AuthDependencies,
  refreshToken: string,
  client: ClientInfo,
): Promise<RefreshResponse> {
  const { db, logger } = dependencies;
  const stored = await findRefreshToken(db, hashOpaqueToken(refreshToken));
  const invalid = () => unauthorized(messages.sessionExpired);
  if (!stored) throw invalid();
  // The web app shows this answer at sign-in: an idle sign-in says why it ended, however often it is tried.
  const endedWhenIdle = () =>
    unauthorized(organisationRuleMessages.signedOutWhenIdle(stored.rules.sessionTimeoutMinutes));
  if (stored.sessionRevokedAt && stored.sessionRevokedReason === idleRevocationReason) throw endedWhenIdle();
  if (stored.sessionRevokedAt || stored.userStatus !== 'active') throw invalid();
  if (stored.usedAt) {
    await revokeAuthSession(db, stored.orgId, stored.sessionId, 'refresh token reuse');
    logger.warn({ sessionId: stored.sessionId, userId: stored.userId }, 'refresh token reused; sign-in revoked');
    throw invalid();
  }
  if (stored.expiresAt.getTime() <= Date.now()) throw invalid();
  const verdict = judgeSignIn({
    rules: stored.rules,
    lastActiveAt: stored.sessionLastActiveAt,
    twoFactorEnabled: stored.twoFactorEnabled,
    clientAddress: client.address,
    now: Date.now(),
  });
  if (verdict.outcome === 'idle') {
    await revokeAuthSession(db, stored.orgId, stored.sessionId, idleRevocationReason);
    throw endedWhenIdle();
  }
  if (verdict.outcome === 'address_refused')
    throw forbidden(organisationRuleMessages.addressNotAllowed(client.address));
  const now = new Date();
  const rotated = await db.transaction(async (transaction) => {
    if (!(await markRefreshTokenUsed(transaction, stored.id, now))) return undefined;
    return issueTokenPair(dependencies, transaction, {
      userId: stored.userId,
      orgId: stored.orgId,
      sessionId: stored.sessionId,
    });
  });
  if (!rotated) {
    await revokeAuthSession(db, stored.orgId, stored.sessionId, 'refresh token reuse');
    throw invalid();
  }
  return rotated;
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
