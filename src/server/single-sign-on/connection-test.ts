import * as openid from 'openid-client';
import { singleSignOnMessages, type TestSingleSignOnResponse } from '../../contracts';
import { AppError, validationFailed } from '../http/app-error';
import { findConnection } from './connection-repository';
import { refuseUnusableIssuer } from './issuer-address-rule';
import { describeProviderError } from './provider-errors';
import { redirectUriOf, type SingleSignOnDependencies } from './single-sign-on-dependencies';

type Check = TestSingleSignOnResponse['checks'][number];

/**
 * Tries settings before they are saved, step by step, and says which step failed: the issuer URL
 * (address rules), its discovery document, its signing keys, and the client id and secret (the
 * token endpoint is sent a made-up code: 'invalid_grant' means it accepted the client, 'invalid_client'
 * that it did not). Nobody is signed in and nothing is stored.
 */
export async function testSingleSignOn(
  dependencies: SingleSignOnDependencies,
  orgId: string,
  input: { issuer: string; client_id: string; client_secret?: string },
): Promise<TestSingleSignOnResponse> {
  const stored = input.client_secret ? undefined : await findConnection(dependencies.db, orgId);
  const clientSecret = input.client_secret ?? (stored && dependencies.secrets.open(stored.clientSecretEncrypted));
  if (!clientSecret)
    throw validationFailed(singleSignOnMessages.clientSecretRequired, {
      client_secret: singleSignOnMessages.clientSecretRequired,
    });
  const checks: Check[] = [];
  const answer = () => ({ ok: checks.every((check) => check.ok), checks });
  try {
    await refuseUnusableIssuer(dependencies, input.issuer);
    checks.push({ name: 'issuer', ok: true, detail: 'The issuer URL is allowed' });
  } catch (error) {
    checks.push({ name: 'issuer', ok: false, detail: error instanceof AppError ? error.message : String(error) });
    return answer();
  }
  let configuration: openid.Configuration;
  try {
    configuration = await dependencies.identityProviders.configuration({
      issuer: input.issuer,
      clientId: input.client_id,
      clientSecret,
    });
    checks.push({ name: 'discovery', ok: true, detail: 'The discovery document was read and names this issuer' });
  } catch (error) {
    checks.push({ name: 'discovery', ok: false, detail: describeProviderError(error) });
    return answer();
  }
  checks.push(await checkKeys(dependencies, configuration));
  checks.push(await checkClient(dependencies, configuration));
  return answer();
}

async function checkKeys(dependencies: SingleSignOnDependencies, configuration: openid.Configuration): Promise<Check> {
  const keysUrl = configuration.serverMetadata().jwks_uri;
  if (!keysUrl) return { name: 'keys', ok: false, detail: 'The discovery document names no jwks_uri' };
  try {
    const response = await dependencies.issuerGuard.fetch(keysUrl, { signal: AbortSignal.timeout(10_000) });
    const body = (await response.json()) as { keys?: unknown[] };
    const count = Array.isArray(body.keys) ? body.keys.length : 0;
    return count > 0
      ? { name: 'keys', ok: true, detail: `${count} signing key${count === 1 ? '' : 's'} published` }
      : { name: 'keys', ok: false, detail: `No keys at ${keysUrl} (HTTP ${response.status})` };
  } catch (error) {
    return { name: 'keys', ok: false, detail: describeProviderError(error) };
  }
}

async function checkClient(
  dependencies: SingleSignOnDependencies,
  configuration: openid.Configuration,
): Promise<Check> {
  try {
    await openid.genericGrantRequest(configuration, 'authorization_code', {
      code: 'tokenwise-connection-test',
      redirect_uri: redirectUriOf(dependencies),
    });
    return { name: 'client', ok: false, detail: 'The token endpoint accepted a made-up code' };
  } catch (error) {
    if (error instanceof openid.ResponseBodyError && error.error === 'invalid_grant')
      return { name: 'client', ok: true, detail: 'The identity provider accepted the client ID and secret' };
    return { name: 'client', ok: false, detail: describeProviderError(error) };
  }
}
