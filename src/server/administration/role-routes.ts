import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  createRoleRequestSchema,
  deleteRoleResponseSchema,
  messages,
  organisationPathSchema,
  roleGrantsScope,
  roleListResponseSchema,
  rolePathSchema,
  roleSchema,
  updateRoleRequestSchema,
} from '../../contracts';
import { addRoute, answers, createApiRouter, jsonBody, signedInSecurity, type ApiRouter } from '../http/api-router';
import { forbidden, notFound } from '../http/app-error';
import { type AppEnv, callerAccess } from '../http/context';
import { addRoleUserRoutes } from './role-user-routes';
import {
  createRole,
  deleteRole,
  findRoleWithPermissions,
  listRolesWithPermissions,
  updateRole,
  type RoleDependencies,
} from './role-service';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';

const tags = ['Roles'];

/** Mounted at /roles. Only roles of the caller's own organisation are ever read or changed. */
export function createRoleRoutes(dependencies: RoleDependencies, signedIn: MiddlewareHandler<AppEnv>) {
  const router = createApiRouter();
  router.use(signedIn);
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/organization/{orgId}',
      tags,
      summary:
        "The organisation's roles with their model permissions and holders (scope user-management: the user screens pick roles from it)",
      security: signedInSecurity,
      middleware: [requireOwnOrganisation(), requireScope('user-management')],
      request: { params: organisationPathSchema },
      responses: answers('The roles', roleListResponseSchema),
    }),
    async (context) =>
      context.json({ roles: await listRolesWithPermissions(dependencies, context.get('caller').orgId) }),
  );
  // Before '/{roleId}': its own paths first.
  addRoleUserRoutes(router, dependencies.db);
  addRoleChangeRoutes(router, dependencies);
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/{roleId}',
      tags,
      summary:
        "One role of the organisation: the caller's own (the web app's scope check reads it), or any with scope user-management",
      security: signedInSecurity,
      request: { params: rolePathSchema },
      responses: answers('The role', roleSchema),
    }),
    async (context) => {
      const caller = context.get('caller');
      const { roleId } = context.req.valid('param');
      if (roleId !== caller.roleId && !roleGrantsScope(callerAccess(caller), 'user-management')) throw forbidden();
      const role = await findRoleWithPermissions(dependencies, caller.orgId, roleId);
      if (!role) throw notFound(messages.roleNotFound);
      return context.json(role);
    },
  );
  return router;
}

/** Creating, changing and deleting roles: role management is scope admin (spec section 2, /admin/roles). */
function addRoleChangeRoutes(router: ApiRouter, dependencies: RoleDependencies) {
  const admin = [requireScope('admin')];
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Create a role (scope admin); without permissions it enables every model with the new-role limits',
      security: signedInSecurity,
      middleware: admin,
      request: { body: jsonBody(createRoleRequestSchema) },
      responses: answers('The new role', roleSchema, 201),
    }),
    async (context) =>
      context.json(await createRole(dependencies, context.get('caller'), context.req.valid('json')), 201),
  );
  addRoute(
    router,
    createRoute({
      method: 'put',
      path: '/{roleId}',
      tags,
      summary: "Change a role's name, description or permissions (scope admin); applies to its holders' next request",
      security: signedInSecurity,
      middleware: admin,
      request: { params: rolePathSchema, body: jsonBody(updateRoleRequestSchema) },
      responses: answers('The role', roleSchema),
    }),
    async (context) =>
      context.json(
        await updateRole(
          dependencies,
          context.get('caller'),
          context.req.valid('param').roleId,
          context.req.valid('json'),
        ),
      ),
  );
  addRoute(
    router,
    createRoute({
      method: 'delete',
      path: '/{roleId}',
      tags,
      summary: 'Delete a role nobody holds (scope admin); the seeded Admin role stays',
      security: signedInSecurity,
      middleware: admin,
      request: { params: rolePathSchema },
      responses: answers('Deleted', deleteRoleResponseSchema),
    }),
    async (context) =>
      context.json(await deleteRole(dependencies, context.get('caller'), context.req.valid('param').roleId)),
  );
}
