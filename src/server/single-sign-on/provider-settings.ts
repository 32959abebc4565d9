import type { ConnectionRecord } from './connection-repository';
import type { IdentityProviderSettings } from './identity-providers';
import type { SingleSignOnDependencies } from './single-sign-on-dependencies';

/** The stored connection as the relying party uses it: the client secret opened. */
export function providerSettingsOf(
  dependencies: Pick<SingleSignOnDependencies, 'secrets'>,
  connection: ConnectionRecord,
): IdentityProviderSettings {
  return {
    issuer: connection.issuer,
    clientId: connection.clientId,
    clientSecret: dependencies.secrets.open(connection.clientSecretEncrypted),
  };
}
