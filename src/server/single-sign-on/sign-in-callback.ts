import * as openid from 'openid-client';
import { z } from 'zod';
import { emailDomainOf } from '../../contracts';
import type { ClientInfo } from '../auth/auth-dependencies';
import type { LoginOutcome } from '../auth/login-throttle';
import { createOpaqueToken, hashOpaqueToken } from '../auth/opaque-tokens';
import { isAddressAllowed } from '../organisations/sign-in-rules';
import { getOrganisationSettings } from '../organisations/organisation-settings-service';
import { attachHandoff, takeAttemptByState, type AttemptRecord } from './attempt-repository';
import { findConnection } from './connection-repository';
import { listVerifiedDomains } from './domain-repository';
import { readGroupsClaim } from './group-roles';
import { provisionPerson } from './person-provisioning';
import { classifyProviderError, describeProviderError } from './provider-errors';
import { providerSettingsOf } from './provider-settings';
import { SingleSignOnFailure } from './sign-in-failure';
import { redirectUriOf, type SingleSignOnDependencies } from './single-sign-on-dependencies';

/** How long the browser has to trade the handoff code for its tokens. */
const handoffLifetimeMs = 2 * 60_000;

export interface CallbackParameters {
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
  error_description?: string;
}

const verifiedEmail = z.union([z.literal(true), z.literal('true')]);

/**
 * The identity provider's answer: the state must be one this server issued, unused and unexpired,
 * to the browser that comes with it; the code is exchanged (PKCE) and the ID token checked against
 * the provider's keys (issuer, audience, expiry, nonce) by openid-client; the e-mail must be
 * verified by the provider and at a domain this organisation proved. Then the person is found by
 * the provider's subject (or linked, or created) and a one-time handoff code is answered, which
 * the same browser trades for its tokens. Every refusal is a SingleSignOnFailure; the login
 * throttle admits the callback first (docs/decisions/035), and refusals that could be guesses count.
 */
export async function completeSingleSignOn(
  dependencies: SingleSignOnDependencies,
  parameters: CallbackParameters,
  browserBinding: string | undefined,
  client: ClientInfo,
): Promise<{ handoff: string }> {
  const { db, auth } = dependencies;
  const attempt = parameters.state
    ? await takeAttemptByState(db, hashOpaqueToken(parameters.state), new Date())
    : undefined;
  // An unknown state names nobody: its failures count against the address alone, never against a name every
  // such callback would share (a stranger's forged callbacks must not throttle anyone else's).
  const admitted = await auth.loginThrottle.admit(
    attempt?.identifier ?? `single sign-on from ${client.address}`,
    client.address,
  );
  if ('retryAfterSeconds' in admitted) throw new SingleSignOnFailure('too_many_attempts');
  // Refusals counted as failures stay counted; a completed sign-in forgives the identifier's failures from this address.
  let outcome: LoginOutcome = 'withdrawn';
  const fail = (failure: SingleSignOnFailure): never => {
    outcome = 'failed';
    throw failure;
  };
  try {
    const handoff = await answerCallback(dependencies, parameters, attempt, browserBinding, client, fail);
    outcome = 'succeeded';
    return { handoff };
  } finally {
    await auth.loginThrottle.settle(admitted, outcome);
  }
}

async function answerCallback(
  dependencies: SingleSignOnDependencies,
  parameters: CallbackParameters,
  attempt: AttemptRecord | undefined,
  browserBinding: string | undefined,
  client: ClientInfo,
  fail: (failure: SingleSignOnFailure) => never,
): Promise<string> {
  const { db } = dependencies;
  if (!attempt) return fail(new SingleSignOnFailure('attempt_expired', 'unknown, used or expired state'));
  if (!browserBinding || hashOpaqueToken(browserBinding) !== attempt.browserBindingHash)
    return fail(new SingleSignOnFailure('state_mismatch', 'the browser binding cookie does not match the state'));
  // The person cancelled or the provider refused: not a guess at anything, so not counted.
  if (parameters.error)
    throw new SingleSignOnFailure('provider_refused', `${parameters.error}: ${parameters.error_description ?? ''}`);
  const connection = await findConnection(db, attempt.orgId);
  if (!connection?.enabled) throw new SingleSignOnFailure('connection_off');

  const claims = await verifiedClaims(dependencies, connection, attempt, parameters).catch((error: unknown) =>
    fail(
      error instanceof SingleSignOnFailure
        ? error
        : new SingleSignOnFailure(classifyProviderError(error), describeProviderError(error), { cause: error }),
    ),
  );
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email.includes('@')) return fail(new SingleSignOnFailure('email_missing'));
  if (!verifiedEmail.safeParse(claims.email_verified).success)
    return fail(new SingleSignOnFailure('email_not_verified'));
  const domain = emailDomainOf(email);
  if (!(await listVerifiedDomains(db, attempt.orgId)).includes(domain))
    return fail(
      new SingleSignOnFailure('domain_not_covered', `${domain} is not a verified domain of the organisation`),
    );
  const { security } = await getOrganisationSettings(db, attempt.orgId);
  if (!isAddressAllowed(client.address, security.ip_restrictions)) throw new SingleSignOnFailure('address_not_allowed');

  const userId = await provisionPerson(dependencies, connection, {
    issuer: String(claims.iss),
    subject: String(claims.sub),
    email,
    givenName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
    familyName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
    groups: connection.groupsClaim ? readGroupsClaim(claims, connection.groupsClaim) : undefined,
  });
  const handoff = createOpaqueToken();
  await attachHandoff(db, attempt.orgId, attempt.id, {
    userId,
    handoffHash: handoff.tokenHash,
    handoffExpiresAt: new Date(Date.now() + handoffLifetimeMs),
  });
  return handoff.token;
}

/**
 * The code exchanged and the ID token validated; the userinfo endpoint fills in what the ID token
 * leaves out (providers put e-mail and groups in either), checked to be about the same subject.
 */
async function verifiedClaims(
  dependencies: SingleSignOnDependencies,
  connection: NonNullable<Awaited<ReturnType<typeof findConnection>>>,
  attempt: AttemptRecord,
  parameters: CallbackParameters,
): Promise<Record<string, unknown>> {
  const configuration = await dependencies.identityProviders.configuration(
    providerSettingsOf(dependencies, connection),
  );
  const callbackUrl = new URL(redirectUriOf(dependencies));
  for (const [name, value] of Object.entries(parameters))
    if (value !== undefined) callbackUrl.searchParams.set(name, value);
  const tokens = await openid.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: dependencies.secrets.open(attempt.codeVerifierEncrypted),
    expectedState: parameters.state,
    expectedNonce: attempt.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new SingleSignOnFailure('token_rejected', 'no ID token');
  const wanted = [
    'email',
    'email_verified',
    ...(connection.groupsClaim ? [connection.groupsClaim.split('.')[0]!] : []),
  ];
  const missing = wanted.some((claim) => idToken[claim] === undefined);
  const userInfo =
    missing && configuration.serverMetadata().userinfo_endpoint
      ? await openid.fetchUserInfo(configuration, tokens.access_token, idToken.sub)
      : {};
  return { ...userInfo, ...idToken };
}
