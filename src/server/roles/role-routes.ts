import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context';
import { notFound } from '../http/app-error';
import type { Database } from '../db/database';
import { isUuid } from '../shared/ids';
import { findRoleWithPermissions } from './role-repository';

/** Mounted at /roles. GET /roles/:roleId — a role of the caller's own organisation, never another's. */
export function createRoleRoutes(db: Database, signedIn: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>().use(signedIn).get('/:roleId', async (context) => {
    const caller = context.get('caller');
    const roleId = context.req.param('roleId');
    const role = isUuid(roleId) ? await findRoleWithPermissions(db, caller.orgId, roleId) : undefined;
    if (!role) throw notFound('Role not found');
    return context.json(role);
  });
}
