import { createRoute } from '@hono/zod-openapi';
import {
  assignRoleRequestSchema,
  messages,
  organisationPathSchema,
  userModelUsageQuerySchema,
  userModelUsageResponseSchema,
  userRoleSchema,
  userRolesResponseSchema,
} from '../../contracts';
import type { Database } from '../db/database';
import { addRoute, answers, jsonBody, signedInSecurity, type ApiRouter } from '../http/api-router';
import { forbidden } from '../http/app-error';
import { listAllOrganisationUsers } from '../users/organisation-user-repository';
import { changeUserRole } from './user-administration-service';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import { listUserModelUsage } from '../roles/user-model-usage';

const tags = ['Roles'];

/** Who holds which role, assignments and per-person model usage: scope user-management (spec section 2, /admin/users). */
export function addRoleUserRoutes(router: ApiRouter, db: Database) {
  const ownOrganisation = [requireOwnOrganisation(), requireScope('user-management')];
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/users/{orgId}',
      tags,
      summary: "Each person's role in the organisation (scope user-management)",
      security: signedInSecurity,
      middleware: ownOrganisation,
      request: { params: organisationPathSchema },
      responses: answers('The user-role list', userRolesResponseSchema),
    }),
    async (context) => {
      const orgId = context.get('caller').orgId;
      const users = await listAllOrganisationUsers(db, orgId);
      return context.json({
        user_roles: users.map((user) => ({
          user_id: user.id,
          role_id: user.roleId,
          org_id: orgId,
          role_name: user.roleName,
          username: user.username,
        })),
      });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/usage/{orgId}',
      tags,
      summary:
        "Each person's tokens, cost and requests per model this calendar month, with totals (scope user-management)",
      security: signedInSecurity,
      middleware: ownOrganisation,
      request: { params: organisationPathSchema, query: userModelUsageQuerySchema },
      responses: answers('Usage per person and model', userModelUsageResponseSchema),
    }),
    async (context) =>
      context.json(
        await listUserModelUsage(db, context.get('caller').orgId, { userId: context.req.valid('query').user_id }),
      ),
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/assign',
      tags,
      summary:
        'Give someone a role (scope user-management; roles granting administration or unlimited use only by an admin); applies to their next request',
      security: signedInSecurity,
      middleware: [requireScope('user-management')],
      request: { body: jsonBody(assignRoleRequestSchema) },
      responses: answers('The new user-role link', userRoleSchema),
    }),
    async (context) => {
      const caller = context.get('caller');
      const input = context.req.valid('json');
      if (input.org_id !== caller.orgId) throw forbidden(messages.organizationMismatch);
      const user = await changeUserRole(db, caller, {
        userId: input.user_id,
        roleId: input.role_id,
        action: 'role.assign',
      });
      return context.json({
        user_id: user.id,
        role_id: user.role_id,
        org_id: caller.orgId,
        role_name: user.role_name,
        username: user.name,
      });
    },
  );
}
