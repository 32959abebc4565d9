import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { routingOrganisationPathSchema, routingQualityResponseSchema } from '../../../contracts';
import type { Database } from '../../db/database';
import { addRoute, answers, createApiRouter, signedInSecurity } from '../../http/api-router';
import type { AppEnv } from '../../http/context';
import { requireOwnOrganisation, requireScope } from '../../http/access/require-scope';
import { resetOrganisationRouter } from '../organisation-router/router-status-service';
import { resetCacheLearning } from '../cache-learning/cache-quality-service';
import { routingQuality, type RoutingQualityDependencies } from './quality-service';

/** Mounted at /org/:orgId/routing-quality: the organisation's administrators (its figures; its own router's and learned cache's resets). */
export function createRoutingQualityRoutes(
  dependencies: RoutingQualityDependencies & { db: Database },
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
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/router/reset',
      tags: ['Routing'],
      summary: "Empties the organisation's own router: the global router decides until it has learned enough again",
      security: signedInSecurity,
      request: { params: routingOrganisationPathSchema },
      responses: answers('The measured quality, with the router reset', routingQualityResponseSchema),
    }),
    async (context) => {
      const caller = context.get('caller');
      await resetOrganisationRouter(dependencies, caller);
      return context.json(await routingQuality(dependencies, caller.orgId));
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/cache/reset',
      tags: ['Routing'],
      summary:
        "Empties the organisation's learned cache threshold: the static rules decide until it has learned enough again",
      security: signedInSecurity,
      request: { params: routingOrganisationPathSchema },
      responses: answers('The measured quality, with the learned cache reset', routingQualityResponseSchema),
    }),
    async (context) => {
      const caller = context.get('caller');
      await resetCacheLearning(dependencies, caller);
      return context.json(await routingQuality(dependencies, caller.orgId));
    },
  );
  return router;
}
