import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { inviteUserRequestSchema, inviteUserResponseSchema, organisationPathSchema } from '../../contracts';
import type { AuthDependencies } from '../auth/auth-dependencies';
import { addRoute, answers, createApiRouter, jsonBody, signedInSecurity } from '../http/api-router';
import type { AppEnv } from '../http/context';
import { requireOwnOrganisation, requireScope } from '../roles/require-scope';
import { inviteUser } from './invitation-service';

/** Mounted at /org. */
export function createOrganisationRoutes(dependencies: AuthDependencies, signedIn: MiddlewareHandler<AppEnv>) {
  const router = createApiRouter();
  router.use(signedIn);
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/{orgId}/users/invite',
      tags: ['Organisation'],
      summary: 'Invite someone into the organisation with a role',
      security: signedInSecurity,
      middleware: [requireOwnOrganisation(), requireScope('user-management')],
      request: { params: organisationPathSchema, body: jsonBody(inviteUserRequestSchema) },
      responses: answers('The invited user', inviteUserResponseSchema, 201),
    }),
    async (context) => context.json(await inviteUser(dependencies, context.get('caller'), context.req.valid('json')), 201),
  );
  return router;
}
