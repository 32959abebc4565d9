import { singleSignOnMessages } from '../../contracts';
import { validationFailed } from '../http/app-error';
import type { SingleSignOnDependencies } from './single-sign-on-dependencies';

type Guards = Pick<SingleSignOnDependencies, 'issuerGuard' | 'publicGuard'>;

/**
 * An issuer URL is an outbound URL of the organisation's choosing (docs/decisions/014): it must lead
 * to public addresses, or to a network the operator allows (SSO_ISSUER_ALLOWED_NETWORKS), and use
 * https, except on such an allowed network (an internal Keycloak, a test provider on loopback).
 */
export async function refuseUnusableIssuer(guards: Guards, issuer: string): Promise<void> {
  const refusal = await guards.issuerGuard.checkUrl(issuer);
  if (refusal) {
    const message =
      refusal.reason === 'unresolvable'
        ? singleSignOnMessages.issuerUnresolvable
        : singleSignOnMessages.issuerNotPublic(refusal.address);
    throw validationFailed(message, { issuer: message });
  }
  if (new URL(issuer).protocol === 'http:' && !(await isOnAllowedNetwork(guards, issuer)))
    throw validationFailed(singleSignOnMessages.issuerNotHttps, { issuer: singleSignOnMessages.issuerNotHttps });
}

/** The issuer's host leads to non-public addresses that the operator allowed (the issuer guard let it through). */
export async function isOnAllowedNetwork(guards: Guards, issuer: string): Promise<boolean> {
  const publicRefusal = await guards.publicGuard.checkUrl(issuer);
  return publicRefusal?.reason === 'refused_address' && (await guards.issuerGuard.checkUrl(issuer)) === undefined;
}
