import { createMiddleware } from 'hono/factory';
import { hashOpaqueToken } from '../auth/opaque-tokens';
import { readBearerToken } from '../auth/require-auth';
import type { Database } from '../db/database';
import type { ScimClient } from './scim-dependencies';
import { ScimError } from './scim-errors';
import { findLiveScimToken, recordScimTokenUse } from './scim-token-repository';

export interface ScimEnv {
  Variables: { scimClient: ScimClient };
}

/** The bearer token names the organisation; a revoked or unknown one is a 401 on this very request. */
export function requireScimToken(dependencies: { db: Database }) {
  return createMiddleware<ScimEnv>(async (context, next) => {
    const token = readBearerToken(context.req.header('authorization'));
    const found = token ? await findLiveScimToken(dependencies.db, hashOpaqueToken(token)) : undefined;
    if (!found) throw new ScimError(401, 'A valid SCIM bearer token is required');
    await recordScimTokenUse(dependencies.db, found.id, new Date());
    context.set('scimClient', { orgId: found.orgId, actor: { userId: null, username: `SCIM: ${found.name}` } });
    await next();
  });
}
