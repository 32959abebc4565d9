import type { Logger } from 'pino';
import type { AddressGuard } from '../../gateway';
import type { AuthDependencies } from '../auth/auth-dependencies';
import type { SecretBox } from '../auth/secret-box';
import type { Database } from '../db/database';
import type { DomainProof } from './domain-proof';
import type { IdentityProviders } from './identity-providers';

/** Everything single sign-on needs, handed in as plain objects (docs/decisions/045). */
export interface SingleSignOnDependencies {
  db: Database;
  /** The session service's needs: sign-ins end as password ones do, with the same tokens and throttles. */
  auth: AuthDependencies;
  /** Seals client secrets and PKCE verifiers at rest. */
  secrets: SecretBox;
  /** Keeps issuer URLs (and every discovery, key and token request) off private addresses unless the operator allows them. */
  issuerGuard: AddressGuard;
  /** The same guard with no network allowed: tells a public address from one the operator allowed (http only for those). */
  publicGuard: Pick<AddressGuard, 'checkUrl'>;
  identityProviders: IdentityProviders;
  domainProof: DomainProof;
  /** The product's public address, e.g. https://chat.example.com: the redirect URI and SCIM base are under it. */
  publicUrl(): string;
  logger: Logger;
}

/** The redirect URI an organisation registers at its identity provider. */
export function redirectUriOf(dependencies: Pick<SingleSignOnDependencies, 'publicUrl'>): string {
  return `${dependencies.publicUrl()}/api/auth/sso/callback`;
}
