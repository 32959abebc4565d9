import type { CurrentPlan } from '../../contracts';
import type { BillingDependencies } from './billing-dependencies';
import { settleBilling } from './period-closing';
import { planAllowance } from './plan-allowance';
import { presentCurrentPlan } from './present-subscription';

/** The current plan with its subscription, once what ended by `now` is closed. */
export function currentPlan(dependencies: BillingDependencies, orgId: string, now = new Date()): Promise<CurrentPlan> {
  return settleBilling(dependencies, orgId, now, async (transaction, settled) =>
    presentCurrentPlan(settled.plan, settled.subscription, await planAllowance(transaction, orgId, now)),
  );
}
