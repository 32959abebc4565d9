import type { CurrentPlan, PlanAllowance, SubscriptionState } from '../../contracts';
import { lastDayOf } from './billing-periods';
import { renewalRetryDays } from './renewal-dunning';
import { presentPlan, type PlanRow } from './plan-repository';
import type { SubscriptionRow } from './subscription-repository';

function presentSubscription(subscription: SubscriptionRow): SubscriptionState {
  const period = { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd };
  return {
    id: subscription.id,
    plan_id: subscription.planId,
    status: subscription.status,
    current_period_start: period.start,
    current_period_end: lastDayOf(period),
    next_billing_date: period.end,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    pending_plan_id: subscription.pendingPlanId,
    payment_method: subscription.paymentMethod === 'wallet' ? 'wallet' : 'card',
    past_due:
      subscription.status === 'past_due' && subscription.pastDueSince
        ? {
            since: subscription.pastDueSince.toISOString(),
            reason: subscription.pastDueReason,
            retries_made: subscription.renewalRetries,
            retries_left: Math.max(renewalRetryDays.length - subscription.renewalRetries, 0),
            next_retry_at: subscription.nextRetryAt?.toISOString() ?? null,
          }
        : null,
    created_at: subscription.createdAt.toISOString(),
    updated_at: subscription.updatedAt.toISOString(),
  };
}

/**
 * GET /subscription/plan/{orgId}: the plan with the subscription (null on the Free Trial) and the
 * cycle's allowance as it stands (null where it was not read: the answers to changes, read again after).
 */
export function presentCurrentPlan(
  plan: PlanRow,
  subscription: SubscriptionRow | undefined,
  allowance: PlanAllowance | null = null,
): CurrentPlan {
  return {
    ...presentPlan(plan),
    tokens_per_cycle: plan.tokensPerCycle,
    subscription: subscription ? presentSubscription(subscription) : null,
    allowance,
  };
}
