import { createRoute } from '@hono/zod-openapi';
import {
  changeUserRoleRequestSchema,
  createdUserResponseSchema,
  organisationPathSchema,
  organisationUserPathSchema,
  organisationUsersResponseSchema,
  pageQuerySchema,
  removedUserResponseSchema,
  resentInvitationResponseSchema,
} from '../../contracts';
import { addRoute, answers, jsonBody, signedInSecurity, type ApiRouter } from '../http/api-router';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import {
  changeUserRole,
  listUsersPage,
  removeUser,
  resendUserInvitation,
  type UserAdministrationDependencies,
} from './user-administration-service';

const tags = ['Organisation'];

/** The organisation's people under /org/{orgId}/users: scope user-management (spec section 2, /admin/users). */
export function addOrganisationUserRoutes(router: ApiRouter, dependencies: UserAdministrationDependencies) {
  const userManagement = [requireOwnOrganisation(), requireScope('user-management')];
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/{orgId}/users',
      tags,
      summary:
        "A page of the organisation's people, removed ones left out (scope user-management; page 1 and limit 20 by default, at most 100)",
      security: signedInSecurity,
      middleware: userManagement,
      request: { params: organisationPathSchema, query: pageQuerySchema },
      responses: answers('The people', organisationUsersResponseSchema),
    }),
    async (context) => {
      const { page, limit } = context.req.valid('query');
      return context.json(await listUsersPage(dependencies.db, context.get('caller').orgId, page, limit));
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'put',
      path: '/{orgId}/users/{userId}/role',
      tags,
      summary:
        "Change someone's role (scope user-management; administration or unlimited roles only by an admin; never the last admin's)",
      security: signedInSecurity,
      middleware: userManagement,
      request: { params: organisationUserPathSchema, body: jsonBody(changeUserRoleRequestSchema) },
      responses: answers('The person with their new role', createdUserResponseSchema),
    }),
    async (context) => {
      const change = {
        userId: context.req.valid('param').userId,
        roleId: context.req.valid('json').role_id,
        action: 'user.role_change' as const,
      };
      return context.json({ user: await changeUserRole(dependencies.db, context.get('caller'), change) });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'delete',
      path: '/{orgId}/users/{userId}',
      tags,
      summary:
        'Remove someone (scope user-management): their sign-ins end at once, their usage stays in the history; never oneself or the last admin',
      security: signedInSecurity,
      middleware: userManagement,
      request: { params: organisationUserPathSchema },
      responses: answers('Removed', removedUserResponseSchema),
    }),
    async (context) =>
      context.json(await removeUser(dependencies, context.get('caller'), context.req.valid('param').userId)),
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/{orgId}/users/{userId}/invitation',
      tags,
      summary:
        'Send someone who has not joined yet a new invitation; the earlier link stops working (scope user-management)',
      security: signedInSecurity,
      middleware: userManagement,
      request: { params: organisationUserPathSchema },
      responses: answers('Sent', resentInvitationResponseSchema),
    }),
    async (context) =>
      context.json(await resendUserInvitation(dependencies, context.get('caller'), context.req.valid('param').userId)),
  );
}
