import { createRoute } from '@hono/zod-openapi';
import { plansResponseSchema } from '../../contracts';
import type { Database } from '../db/database';
import { addRoute, answers, createApiRouter } from '../http/api-router';
import { listPublicPlans, presentPlan } from './plan-repository';

/** Mounted at /subscription. GET /subscription/plans is public, for the pricing page. */
export function createPlanRoutes(db: Database) {
  const router = createApiRouter();
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/plans',
      tags: ['Subscription'],
      summary: 'The public plans',
      responses: answers('The plans', plansResponseSchema),
    }),
    async (context) => context.json({ plans: (await listPublicPlans(db)).map(presentPlan) }),
  );
  return router;
}
