import type { Logger } from 'pino';
import { createAddressGuard } from '../../gateway';
import type { AuthDependencies } from '../auth/auth-dependencies';
import { createSecretBox } from '../auth/secret-box';
import type { Config } from '../config/config';
import type { Database } from '../db/database';
import { createDomainProof } from './domain-proof';
import { createIdentityProviders } from './identity-providers';
import { isOnAllowedNetwork } from './issuer-address-rule';
import type { SingleSignOnDependencies } from './single-sign-on-dependencies';

/** Builds single sign-on from the operator's settings: every request to a provider guarded and with a deadline. */
export function createSingleSignOnDependencies(options: {
  db: Database;
  auth: AuthDependencies;
  secretKey: string;
  settings: Config['singleSignOn'];
  publicUrl: () => string;
  logger: Logger;
}): SingleSignOnDependencies {
  const issuerGuard = createAddressGuard({ allowedNetworks: options.settings.issuerAllowedNetworks });
  const publicGuard = createAddressGuard();
  const guards = { issuerGuard, publicGuard };
  return {
    db: options.db,
    auth: options.auth,
    secrets: createSecretBox(options.secretKey, 'single-sign-on'),
    ...guards,
    identityProviders: createIdentityProviders({
      fetch: issuerGuard.fetch,
      mayUseHttp: (issuer) => isOnAllowedNetwork(guards, issuer),
    }),
    domainProof: createDomainProof({
      mode: options.settings.domainVerification,
      trustedDomains: options.settings.trustedDomains,
      dnsServers: options.settings.dnsServers,
    }),
    publicUrl: options.publicUrl,
    logger: options.logger,
  };
}
