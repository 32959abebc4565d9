import * as openid from 'openid-client';
import type { SingleSignOnFailureCode } from '../../contracts';

const unreachableCodes = new Set([
  'OAUTH_TIMEOUT',
  'OAUTH_ABORT',
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
]);

/**
 * What went wrong talking to an identity provider: it could not be reached (network, deadline, an
 * answer that is no OAuth answer), it said no (an OAuth error such as invalid_grant for a code used
 * twice), or what it sent failed our checks (signature, issuer, audience, expiry, nonce, state).
 */
export function classifyProviderError(error: unknown): SingleSignOnFailureCode {
  if (error instanceof TypeError) return 'provider_unreachable';
  if (
    error instanceof openid.ResponseBodyError ||
    error instanceof openid.AuthorizationResponseError ||
    error instanceof openid.WWWAuthenticateChallengeError
  )
    return 'provider_refused';
  if (error instanceof openid.ClientError && error.code && unreachableCodes.has(error.code))
    return 'provider_unreachable';
  return 'token_rejected';
}

/** A short description for the administrator's connection test and the log; never a secret. */
export function describeProviderError(error: unknown): string {
  if (error instanceof openid.ResponseBodyError)
    return `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  if (error instanceof openid.WWWAuthenticateChallengeError) {
    // A client the provider does not accept is answered 401 with the error in WWW-Authenticate.
    const parameters = error.cause[0]?.parameters;
    if (parameters?.error)
      return `${parameters.error}${parameters.error_description ? `: ${parameters.error_description}` : ''}`;
  }
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
