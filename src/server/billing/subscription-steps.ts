import type { Executor } from '../db/database';
import type { BillingDependencies } from './billing-dependencies';
import { lastDayOf, periodFrom } from './billing-periods';
import { closePeriod, type SettledBilling } from './period-closing';
import type { ChargeRow } from './plan-charges';
import type { PlanRow } from './plan-repository';
import {
  insertSubscription,
  setSubscriptionTier,
  updateSubscription,
  type SubscriptionRow,
} from './subscription-repository';

// The steps of a purchase and an upgrade, shared by test mode (charged in the same transaction)
// and Stripe (applied once the payment succeeded, plan-orders.ts). Run under the organisation's lock.

/** The audit entry's view of a subscription. */
export const auditValues = (subscription: SubscriptionRow | undefined, planId: string) => ({
  plan_id: subscription?.planId ?? planId,
  pending_plan_id: subscription?.pendingPlanId ?? null,
  cancel_at_period_end: subscription?.cancelAtPeriodEnd ?? false,
  current_period_end: subscription
    ? lastDayOf({ start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd })
    : null,
});

/**
 * A purchase: the Free Trial's open period closes the day before (its invoice issued), a period of
 * the plan starts today, its price is charged (`charge`, given the new subscription) and the plan
 * becomes the organisation's.
 */
export async function startSubscription(
  transaction: Executor,
  dependencies: BillingDependencies,
  orgId: string,
  step: {
    settled: SettledBilling;
    plan: PlanRow;
    today: string;
    now: Date;
    paymentMethod: string;
    subscriptionId?: string;
  },
  charge: (subscription: SubscriptionRow, period: { start: string; end: string }) => Promise<ChargeRow>,
): Promise<{ subscription: SubscriptionRow; charge: ChargeRow }> {
  const { settled, plan, today, now } = step;
  if (settled.openPeriod.start < today)
    await closePeriod(
      transaction,
      dependencies,
      orgId,
      { start: settled.openPeriod.start, end: today },
      settled.plan.currency,
      now,
    );
  const period = periodFrom(today, plan.billingCycle);
  const subscription = await insertSubscription(transaction, {
    ...(step.subscriptionId ? { id: step.subscriptionId } : {}),
    orgId,
    planId: plan.id,
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
    paymentMethod: step.paymentMethod,
  });
  const charged = await charge(subscription, period);
  await setSubscriptionTier(transaction, orgId, plan.id);
  return { subscription, charge: charged };
}

/** An upgrade takes effect now: the plan changes, a pending downgrade or cancellation is undone. */
export async function moveToPlan(
  transaction: Executor,
  orgId: string,
  subscription: SubscriptionRow,
  target: PlanRow,
): Promise<SubscriptionRow> {
  const updated = await updateSubscription(transaction, orgId, subscription.id, {
    planId: target.id,
    pendingPlanId: null,
    cancelAtPeriodEnd: false,
  });
  await setSubscriptionTier(transaction, orgId, target.id);
  return updated;
}

/** What a purchase charges: the plan's price for its first period. */
export const purchaseDescription = (plan: PlanRow, period: { start: string; end: string }) =>
  `${plan.name} plan, ${period.start} to ${lastDayOf(period)}`;
