import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '../db/database';
import { plans } from '../db/schema';
import type { AppEnv } from '../http/context';

/** Mounted at /subscription. GET /subscription/plans is public, for the pricing page. */
export function createPlanRoutes(db: Database) {
  return new Hono<AppEnv>().get('/plans', async (context) => {
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
}
