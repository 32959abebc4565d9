import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  routingOrganisationPathSchema,
  routingSavingsQuerySchema,
  routingSavingsResponseSchema,
} from '../../contracts';
import type { CatalogModel } from '../../gateway';
import type { Executor } from '../db/database';
import { addRoute, answers, createApiRouter, signedInSecurity } from '../http/api-router';
import type { AppEnv } from '../http/context';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import { routingSavings } from '../analytics/savings-service';

/** Mounted at /org/:orgId/routing-savings: the organisation's admins. */
export function createRoutingSavingsRoutes(
  dependencies: { db: Executor; catalog: readonly CatalogModel[] },
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
      summary: 'Actual cost against the reference model, by day, model and user',
      security: signedInSecurity,
      request: { params: routingOrganisationPathSchema, query: routingSavingsQuerySchema },
      responses: answers('The savings', routingSavingsResponseSchema),
    }),
    async (context) =>
      context.json(
        await routingSavings(
          dependencies.db,
          dependencies.catalog,
          context.get('caller').orgId,
          context.req.valid('query'),
        ),
      ),
  );
  return router;
}
