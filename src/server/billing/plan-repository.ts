import { and, asc, eq } from 'drizzle-orm';
import { fallbackPlan, type Plan } from '../../contracts';
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

/** Spec section 3's Plan. */
export function presentPlan(plan: PlanRow): Plan {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: Number(plan.price),
    currency: plan.currency,
    billing_cycle: plan.billingCycle,
    features: plan.features,
  };
}
