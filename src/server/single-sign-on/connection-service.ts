import { singleSignOnMessages, type SaveSingleSignOnRequest, type SingleSignOnSettings } from '../../contracts';
import { makeAdministrativeChange } from '../audit/administrative-change';
import type { Executor } from '../db/database';
import { AppError, notFound, validationFailed } from '../http/app-error';
import type { Caller } from '../http/context';
import { findRole } from '../roles/role-repository';
import { uniqueViolationIndex } from '../shared/unique-violation';
import {
  deleteConnection,
  findConnection,
  listGroupMappings,
  replaceGroupMappings,
  saveConnection,
} from './connection-repository';
import { listDomains, listVerifiedDomains } from './domain-repository';
import { describeProviderError } from './provider-errors';
import { presentConnection, presentDomain } from './present-settings';
import { refuseUnusableIssuer } from './issuer-address-rule';
import { redirectUriOf, type SingleSignOnDependencies } from './single-sign-on-dependencies';

/** The organisation's single sign-on as its administrators see it, with what to give the identity provider and the directory. */
export async function getSingleSignOnSettings(
  dependencies: SingleSignOnDependencies,
  orgId: string,
  executor: Executor = dependencies.db,
): Promise<SingleSignOnSettings> {
  const connection = await findConnection(executor, orgId);
  return {
    connection: connection ? presentConnection(connection, await listGroupMappings(executor, orgId)) : null,
    domains: (await listDomains(executor, orgId)).map(presentDomain),
    redirect_uri: redirectUriOf(dependencies),
    scim_base_url: `${dependencies.publicUrl()}/scim/v2`,
    domain_verification: dependencies.domainProof.mode,
  };
}

/**
 * Saves the organisation's identity provider once its discovery document can be read (so a typo
 * is caught now, not at the first sign-in), its roles exist, and enforcing has a proven domain to
 * enforce on. The secret is sealed; left out, the stored one stays.
 */
export async function saveSingleSignOn(
  dependencies: SingleSignOnDependencies,
  caller: Caller,
  input: SaveSingleSignOnRequest,
): Promise<SingleSignOnSettings> {
  const { db } = dependencies;
  const existing = await findConnection(db, caller.orgId);
  const clientSecret = input.client_secret ?? (existing && dependencies.secrets.open(existing.clientSecretEncrypted));
  if (!clientSecret)
    throw validationFailed(singleSignOnMessages.clientSecretRequired, {
      client_secret: singleSignOnMessages.clientSecretRequired,
    });
  await refuseUnusableIssuer(dependencies, input.issuer);
  await dependencies.identityProviders
    .configuration({ issuer: input.issuer, clientId: input.client_id, clientSecret })
    .catch((error: unknown) => {
      const message = singleSignOnMessages.discoveryFailed(describeProviderError(error));
      throw validationFailed(message, { issuer: message });
    });
  const groupNames = input.group_mappings.map((mapping) => mapping.group.toLowerCase());
  if (new Set(groupNames).size !== groupNames.length)
    throw validationFailed('Each group can be mapped once', { group_mappings: 'Each group can be mapped once' });
  try {
    return await makeAdministrativeChange(db, caller, async ({ transaction, record }) => {
      for (const roleId of [input.default_role_id, ...input.group_mappings.map((mapping) => mapping.role_id)]) {
        if (!(await findRole(transaction, caller.orgId, roleId))) throw notFound(singleSignOnMessages.roleNotFound);
      }
      if (input.enforced && (!input.enabled || (await listVerifiedDomains(transaction, caller.orgId)).length === 0))
        throw validationFailed(singleSignOnMessages.enforceNeedsDomain, {
          enforced: singleSignOnMessages.enforceNeedsDomain,
        });
      const before = existing ? presentConnection(existing, await listGroupMappings(transaction, caller.orgId)) : null;
      const saved = await saveConnection(transaction, {
        orgId: caller.orgId,
        slug: input.slug,
        issuer: input.issuer,
        clientId: input.client_id,
        clientSecretEncrypted: dependencies.secrets.seal(clientSecret),
        clientSecretHint: `…${clientSecret.slice(-4)}`,
        defaultRoleId: input.default_role_id,
        groupsClaim: input.groups_claim || null,
        enabled: input.enabled,
        enforced: input.enforced,
      });
      const mappings = input.group_mappings.map((mapping) => ({ groupName: mapping.group, roleId: mapping.role_id }));
      await replaceGroupMappings(transaction, caller.orgId, mappings);
      await record({
        action: 'sso.update',
        targetType: 'single_sign_on',
        targetId: caller.orgId,
        before,
        after: presentConnection(saved, mappings),
      });
      return getSingleSignOnSettings(dependencies, caller.orgId, transaction);
    });
  } catch (error) {
    if (uniqueViolationIndex(error) === 'sso_connections_slug_unique')
      throw new AppError('conflict', singleSignOnMessages.slugTaken, {
        fields: { slug: singleSignOnMessages.slugTaken },
      });
    throw error;
  }
}

/** Removes the identity provider (its group mappings with it); domains and people's linked identities stay. */
export async function removeSingleSignOn(dependencies: SingleSignOnDependencies, caller: Caller): Promise<void> {
  await makeAdministrativeChange(dependencies.db, caller, async ({ transaction, record }) => {
    const existing = await findConnection(transaction, caller.orgId);
    if (!existing) throw notFound(singleSignOnMessages.connectionMissing);
    const before = presentConnection(existing, await listGroupMappings(transaction, caller.orgId));
    await replaceGroupMappings(transaction, caller.orgId, []);
    await deleteConnection(transaction, caller.orgId);
    await record({ action: 'sso.delete', targetType: 'single_sign_on', targetId: caller.orgId, before, after: null });
  });
}
