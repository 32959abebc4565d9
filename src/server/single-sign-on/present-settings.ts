import type { SingleSignOnConnection, SingleSignOnDomain } from '../../contracts';
import type { ConnectionRecord, GroupMapping } from './connection-repository';
import type { DomainRecord } from './domain-repository';
import { challengeRecordName, challengeRecordValue } from './domain-proof';

/** Never the client secret: its last four characters. */
export function presentConnection(connection: ConnectionRecord, mappings: GroupMapping[]): SingleSignOnConnection {
  return {
    issuer: connection.issuer,
    client_id: connection.clientId,
    client_secret_hint: connection.clientSecretHint,
    slug: connection.slug,
    default_role_id: connection.defaultRoleId,
    groups_claim: connection.groupsClaim,
    group_mappings: mappings.map((mapping) => ({ group: mapping.groupName, role_id: mapping.roleId })),
    enabled: connection.enabled,
    enforced: connection.enforced,
    updated_at: connection.updatedAt.toISOString(),
  };
}

export function presentDomain(domain: DomainRecord): SingleSignOnDomain {
  return {
    domain: domain.domain,
    verified: domain.verifiedAt !== null,
    verified_at: domain.verifiedAt?.toISOString() ?? null,
    verified_by: domain.verifiedBy,
    record_name: challengeRecordName(domain.domain),
    record_value: challengeRecordValue(domain.verificationToken),
  };
}
