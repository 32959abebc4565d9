import { planFeatureMessages, planIncluding, type PlanFeature } from '../../contracts';
import type { Executor } from '../db/database';
import { organisations } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { forbidden } from '../http/app-error';
import { entitlementsOf, findFreePlan, findPlan, listPublicPlans, type PlanRow } from './plan-repository';

/** The organisation's current plan: the one its subscription is on (organisations.subscription_tier), else the Free Trial. */
export async function planOfOrganisation(db: Executor, orgId: string): Promise<PlanRow> {
  const [row] = await db
    .select({ tier: organisations.subscriptionTier })
    .from(organisations)
    .where(inOrganisation(organisations.id, orgId));
  const plan = row?.tier ? await findPlan(db, row.tier) : undefined;
  return plan ?? (await findFreePlan(db));
}

/**
 * Refuses (403) what the organisation's plan does not include (docs/decisions/041), naming the
 * cheapest plan on sale that includes it.
 */
export async function requirePlanFeature(db: Executor, orgId: string, feature: PlanFeature): Promise<void> {
  const plan = await planOfOrganisation(db, orgId);
  if (entitlementsOf(plan).includes(feature)) return;
  const offered = (await listPublicPlans(db)).map((row) => ({ name: row.name, entitlements: entitlementsOf(row) }));
  throw forbidden(planFeatureMessages.notInPlan(feature, plan.name, planIncluding(offered, feature)?.name));
}
