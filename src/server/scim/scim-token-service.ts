import { randomBytes } from 'node:crypto';
import { singleSignOnMessages, type ScimTokenView } from '../../contracts';
import { makeAdministrativeChange } from '../audit/administrative-change';
import { hashOpaqueToken } from '../auth/opaque-tokens';
import type { Database } from '../db/database';
import { notFound } from '../http/app-error';
import type { Caller } from '../http/context';
import { insertScimToken, listScimTokens, revokeScimToken, type ScimTokenRecord } from './scim-token-repository';

function presentScimToken(row: ScimTokenRecord): ScimTokenView {
  return {
    id: row.id,
    name: row.name,
    token_hint: row.tokenHint,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByUsername,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listOrganisationScimTokens(db: Database, orgId: string): Promise<ScimTokenView[]> {
  return (await listScimTokens(db, orgId)).map(presentScimToken);
}

/** A new bearer token for the organisation's directory: answered this once, stored as a hash. */
export async function createScimToken(
  db: Database,
  caller: Caller,
  name: string,
): Promise<ScimTokenView & { token: string }> {
  const token = `scim_${randomBytes(32).toString('base64url')}`;
  return makeAdministrativeChange(db, caller, async ({ transaction, record }) => {
    const row = await insertScimToken(transaction, {
      orgId: caller.orgId,
      name,
      tokenHash: hashOpaqueToken(token),
      tokenHint: `…${token.slice(-4)}`,
      createdByUserId: caller.userId,
      createdByUsername: caller.username,
    });
    const view = presentScimToken(row);
    await record({
      action: 'scim.token_create',
      targetType: 'scim_token',
      targetId: row.id,
      before: null,
      after: view,
    });
    return { ...view, token };
  });
}

/** Revoked tokens fail the directory's very next request. */
export async function revokeOrganisationScimToken(db: Database, caller: Caller, tokenId: string): Promise<void> {
  await makeAdministrativeChange(db, caller, async ({ transaction, record }) => {
    const row = await revokeScimToken(transaction, caller.orgId, tokenId);
    if (!row) throw notFound(singleSignOnMessages.scimTokenNotFound);
    await record({
      action: 'scim.token_revoke',
      targetType: 'scim_token',
      targetId: row.id,
      before: presentScimToken(row),
      after: null,
    });
  });
}
