import * as openid from 'openid-client';
import { emailDomainOf, messages, singleSignOnFailures, singleSignOnMessages } from '../../contracts';
import type { ClientInfo } from '../auth/auth-dependencies';
import type { LoginOutcome } from '../auth/login-throttle';
import { createOpaqueToken, hashOpaqueToken } from '../auth/opaque-tokens';
import { AppError, forbidden, notFound } from '../http/app-error';
import { deleteStaleAttempts, insertAttempt } from './attempt-repository';
import { findConnectionBySlug, findConnectionByVerifiedDomain } from './connection-repository';
import { providerSettingsOf } from './provider-settings';
import { redirectUriOf, type SingleSignOnDependencies } from './single-sign-on-dependencies';

/** How long a person has at the identity provider before the attempt expires. */
export const attemptLifetimeMs = 10 * 60_000;

export interface StartedSignIn {
  authorizationUrl: string;
  /** The random value the starting browser keeps in a cookie; the callback and the exchange must come with it. */
  browserBinding: string;
}

/**
 * Finds the organisation's identity provider from an e-mail address (its domain, proven by that
 * organisation) or the organisation's single sign-on name, and prepares the authorization request:
 * code flow with PKCE (S256), a state and a nonce, all kept (hashed or sealed) for the callback.
 */
export async function startSingleSignOn(
  dependencies: SingleSignOnDependencies,
  identifier: string,
  client: ClientInfo,
): Promise<StartedSignIn> {
  const { auth } = dependencies;
  const attempt = await auth.loginThrottle.admit(identifier, client.address);
  if ('retryAfterSeconds' in attempt)
    throw new AppError('too_many_requests', messages.tooManyLoginAttempts, {
      retryAfterSeconds: attempt.retryAfterSeconds,
    });
  // Only an identifier no organisation signs in with counts as a failure; starting is not signing in.
  let outcome: LoginOutcome = 'withdrawn';
  try {
    return await prepareAuthorization(dependencies, identifier, () => {
      outcome = 'failed';
    });
  } finally {
    await auth.loginThrottle.settle(attempt, outcome);
  }
}

async function prepareAuthorization(
  dependencies: SingleSignOnDependencies,
  identifier: string,
  countAsFailure: () => void,
): Promise<StartedSignIn> {
  const { db } = dependencies;
  const isEmail = identifier.includes('@');
  const connection = isEmail
    ? await findConnectionByVerifiedDomain(db, emailDomainOf(identifier))
    : await findConnectionBySlug(db, identifier);
  if (!connection) {
    // Counted like a failed login, so the call cannot be used to map which domains use single sign-on at speed.
    countAsFailure();
    throw notFound(singleSignOnMessages.noConnection);
  }
  if (!connection.enabled) throw forbidden(singleSignOnFailures.connection_off);
  const configuration = await dependencies.identityProviders
    .configuration(providerSettingsOf(dependencies, connection))
    .catch((error: unknown) => {
      throw new AppError('upstream_failed', singleSignOnFailures.provider_unreachable, { cause: error });
    });
  const state = openid.randomState();
  const nonce = openid.randomNonce();
  const codeVerifier = openid.randomPKCECodeVerifier();
  const binding = createOpaqueToken();
  const now = Date.now();
  await insertAttempt(db, {
    orgId: connection.orgId,
    stateHash: hashOpaqueToken(state),
    browserBindingHash: binding.tokenHash,
    codeVerifierEncrypted: dependencies.secrets.seal(codeVerifier),
    nonce,
    identifier: identifier.toLowerCase(),
    expiresAt: new Date(now + attemptLifetimeMs),
  });
  await deleteStaleAttempts(db, new Date(now - 86_400_000));
  const parameters: Record<string, string> = {
    redirect_uri: redirectUriOf(dependencies),
    scope: scopesFor(configuration, connection.groupsClaim),
    state,
    nonce,
    code_challenge: await openid.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  };
  if (isEmail) parameters.login_hint = identifier;
  return {
    authorizationUrl: openid.buildAuthorizationUrl(configuration, parameters).href,
    browserBinding: binding.token,
  };
}

/** openid, email and profile; plus the group claim's own scope where the provider offers one (Okta's 'groups'). */
function scopesFor(configuration: openid.Configuration, groupsClaim: string | null): string {
  const scopes = ['openid', 'email', 'profile'];
  const offered = configuration.serverMetadata().scopes_supported ?? [];
  const claimScope = groupsClaim?.split('.')[0];
  if (claimScope && offered.includes(claimScope) && !scopes.includes(claimScope)) scopes.push(claimScope);
  return scopes.join(' ');
}
