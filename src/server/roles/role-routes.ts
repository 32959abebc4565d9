import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { organisationPathSchema, rolePathSchema, roleSchema, rolesResponseSchema } from '../../contracts';
import type { Database } from '../db/database';
import { addRoute, answers, createApiRouter, signedInSecurity } from '../http/api-router';
import { notFound } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { listRolesWithPermissions, findRoleWithPermissions } from './role-repository';
import { requireOwnOrganisation, requireScope } from './require-scope';

const tags = ['Roles'];

/** Mounted at /roles. Only roles of the caller's own organisation are ever read. */
export function createRoleRoutes(db: Database, signedIn: MiddlewareHandler<AppEnv>) {
  const router = createApiRouter();
  router.use(signedIn);
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/organization/{orgId}',
      tags,
      summary: "The organisation's roles with their model permissions",
      security: signedInSecurity,
      middleware: [requireOwnOrganisation(), requireScope('user-management')],
      request: { params: organisationPathSchema },
      responses: answers('The roles', rolesResponseSchema),
    }),
    async (context) => context.json({ roles: await listRolesWithPermissions(db, context.get('caller').orgId) }),
  );
  addRoute(
    router,
    createRoute({ method: 'get', path: '/{roleId}', tags, summary: 'One role of the organisation', security: signedInSecurity, request: { params: rolePathSchema }, responses: answers('The role', roleSchema) }),
    async (context) => {
      const role = await findRoleWithPermissions(db, context.get('caller').orgId, context.req.valid('param').roleId);
      if (!role) throw notFound('Role not found');
      return context.json(role);
    },
  );
  return router;
}
