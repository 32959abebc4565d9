import { and, asc, eq } from 'drizzle-orm';
import { fallbackPlan, planFeatureKeys, planFeatureLabels, planFeatureMessages, type Plan } from '../../contracts';
import type { Executor } from '../db/database';
import { plans } from '../db/schema';

export type PlanRow = typeof plans.$inferSelect;

export const freePlanId = 'free';

/** The Free Trial as a row, for when the table has none (spec section 3's fallback plan). */
const fallbackFreePlan: PlanRow = {
  id: fallbackPlan.id,
  name: fallbackPlan.name,
  description: fallbackPlan.description,
  price: '0',
  currency: fallbackPlan.currency,
  billingCycle: fallbackPlan.billing_cycle,
  features: fallbackPlan.features,
  entitlements: [],
  contactSales: false,
  tokensPerCycle: null,
  sortOrder: 0,
  isPublic: true,
  stripePriceId: null,
};

export async function listPublicPlans(db: Executor): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.isPublic, true)).orderBy(asc(plans.sortOrder));
}

/** A plan that can be bought or changed to: public ones only. */
export async function findPublicPlan(db: Executor, planId: string): Promise<PlanRow | undefined> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.isPublic, true)));
  return plan;
}

/** Any plan, hidden ones included (a subscriber keeps a plan taken off sale). */
export async function findPlan(db: Executor, planId: string): Promise<PlanRow | undefined> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  return plan;
}

export async function findFreePlan(db: Executor): Promise<PlanRow> {
  return (await findPlan(db, freePlanId)) ?? fallbackFreePlan;
}

/** The features a plan includes, in the catalog's order (unknown keys in the data are ignored). */
export const entitlementsOf = (plan: Pick<PlanRow, 'entitlements'>) =>
  planFeatureKeys.filter((key) => plan.entitlements.includes(key));

/**
 * Spec section 3's Plan, with what it includes (docs/decisions/041): its `features` lines are drawn
 * from the same data the server enforces: the allowance, the features it includes, then its other lines.
 */
export function presentPlan(plan: PlanRow): Plan {
  const entitlements = entitlementsOf(plan);
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: Number(plan.price),
    currency: plan.currency,
    billing_cycle: plan.billingCycle,
    features: [
      ...(plan.tokensPerCycle !== null ? [planFeatureMessages.tokensPerCycle(plan.tokensPerCycle)] : []),
      ...entitlements.map((key) => planFeatureLabels[key]),
      ...plan.features,
    ],
    entitlements,
    tokens_per_cycle: plan.tokensPerCycle,
    contact_sales: plan.contactSales,
  };
}
