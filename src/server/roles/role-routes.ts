import { Hono, type MiddlewareHandler } from 'hono';
import type { Database } from '../db/database';
import { notFound } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { isUuid } from '../shared/ids';
import { listRolesWithPermissions, findRoleWithPermissions } from './role-repository';
import { requireOwnOrganisation, requireScope } from './require-scope';

/** Mounted at /roles. Only roles of the caller's own organisation are ever read. */
export function createRoleRoutes(db: Database, signedIn: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .use(signedIn)
    .get('/organization/:orgId', requireOwnOrganisation(), requireScope('user-management'), async (context) => {
      return context.json({ roles: await listRolesWithPermissions(db, context.get('caller').orgId) });
    })
    .get('/:roleId', async (context) => {
      const roleId = context.req.param('roleId');
      const role = isUuid(roleId) ? await findRoleWithPermissions(db, context.get('caller').orgId, roleId) : undefined;
      if (!role) throw notFound('Role not found');
      return context.json(role);
    });
}
