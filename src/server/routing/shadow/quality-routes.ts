import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { routingOrganisationPathSchema, routingQualityResponseSchema } from '../../../contracts';
import type { Executor } from '../../db/database';
import { addRoute, answers, createApiRouter, signedInSecurity } from '../../http/api-router';
import type { AppEnv } from '../../http/context';
import { requireOwnOrganisation, requireScope } from '../../roles/require-scope';
import type { RoutingPolicies } from '../routing-policies';
import { routingQuality } from './quality-service';

/** Mounted at /org/:orgId/routing-quality: the organisation's administrators. */
export function createRoutingQualityRoutes(
  dependencies: { db: Executor; policies: Pick<RoutingPolicies, 'load'> },
  signedIn: MiddlewareHandler<AppEnv>,
) {
  const router = createApiRouter();
  router.use(signedIn, requireOwnOrganisation(), requireScope('admin'));
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Routing'],
      summary: "Shadow evaluation's measured quality of cheaper replies, by kind of prompt and tier",
      security: signedInSecurity,
      request: { params: routingOrganisationPathSchema },
      responses: answers('The measured quality', routingQualityResponseSchema),
    }),
    async (context) => context.json(await routingQuality(dependencies, context.get('caller').orgId)),
  );
  return router;
}
