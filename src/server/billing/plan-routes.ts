import { createRoute } from '@hono/zod-openapi';
import { asc, eq } from 'drizzle-orm';
import { plansResponseSchema } from '../../contracts';
import type { Database } from '../db/database';
import { plans } from '../db/schema';
import { addRoute, answers, createApiRouter } from '../http/api-router';

/** Mounted at /subscription. GET /subscription/plans is public, for the pricing page. */
export function createPlanRoutes(db: Database) {
  const router = createApiRouter();
  addRoute(router, createRoute({ method: 'get', path: '/plans', tags: ['Subscription'], summary: 'The public plans', responses: answers('The plans', plansResponseSchema) }), async (context) => {
    const rows = await db.select().from(plans).where(eq(plans.isPublic, true)).orderBy(asc(plans.sortOrder));
    return context.json({
      plans: rows.map((plan) => ({
        id: plan.id,
        name: plan.name,
        description: plan.description,
        price: plan.price,
        currency: plan.currency,
        billing_cycle: plan.billingCycle,
        features: plan.features,
      })),
    });
  });
  return router;
}
