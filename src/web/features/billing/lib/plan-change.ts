import type { CurrentPlan, Plan, SubscriptionChange } from '@contracts';
import { formatDate, formatDay } from '../../admin/lib/format';
import { formatMoney } from '../../../lib/format-money';

export const freePlanId = 'free';

/** What choosing `plan` does, in a line (decision 023: upgrades now and prorated, downgrades at the period's end). */
export function planChangeNote(current: CurrentPlan, plan: Plan): string {
  const subscription = current.subscription;
  if (!subscription) return `Starts today; ${formatMoney(plan.price, plan.currency)} is charged now.`;
  if (plan.price > current.price)
    return 'An upgrade: takes effect now, and the difference for the days left in this period is charged now.';
  return `A downgrade: takes effect on ${formatDay(subscription.next_billing_date)}; nothing is charged or refunded now.`;
}

/**
 * Plans one may move to: the paid ones other than the current (the Free Trial is reached by
 * cancelling), and not those arranged with sales (Enterprise).
 */
export function plansToChooseFrom(plans: readonly Plan[], current: CurrentPlan): Plan[] {
  return plans.filter(
    (plan) => plan.id !== freePlanId && plan.price > 0 && plan.id !== current.id && !plan.contact_sales,
  );
}

/** The toast after a purchase or change: what was charged, and that test mode moves no money. */
export function planChangedText(change: SubscriptionChange): string {
  const charge = change.charge;
  if (!charge && change.payment_id)
    return 'The payment is being confirmed with Stripe: the plan changes as soon as it succeeds.';
  if (!charge) return `Your plan is now ${change.name}.`;
  const amount = formatMoney(charge.amount, charge.currency);
  if (charge.status === 'paid' && charge.paid_with)
    return `Your plan is now ${change.name}: ${amount} paid with ${charge.paid_with.replace(/^Prepaid wallet$/, 'the prepaid wallet')}.`;
  const how =
    charge.status === 'pending'
      ? `${amount} is being charged`
      : charge.status === 'failed'
        ? `the charge of ${amount} failed`
        : `${amount} charged`;
  return `Your plan is now ${change.name}: ${how}${charge.test_mode ? ' (test mode: no real money moved)' : ''}.`;
}

/** The line under the current plan: the period, and what happens at its end. */
export function subscriptionStatusLines(current: CurrentPlan, plans: readonly Plan[]): string[] {
  const subscription = current.subscription;
  if (!subscription) return ['No subscription: the organization is on the Free Trial.'];
  const lines = [
    `Current period: ${formatDay(subscription.current_period_start)} to ${formatDay(subscription.current_period_end)}`,
  ];
  if (subscription.cancel_at_period_end) {
    lines.push(
      `Cancelled: ${current.name} stays until the end of the period (${formatDay(subscription.current_period_end)}), then the Free Trial.`,
    );
  } else if (subscription.pending_plan_id) {
    const pending =
      plans.find((plan) => plan.id === subscription.pending_plan_id)?.name ?? subscription.pending_plan_id;
    lines.push(`Changes to ${pending} on ${formatDay(subscription.next_billing_date)}.`);
  } else {
    lines.push(
      `Renews on ${formatDay(subscription.next_billing_date)}, ${subscription.payment_method === 'wallet' ? 'paid from the prepaid wallet (or the saved card when it cannot pay)' : 'charged to the saved card'}.`,
    );
  }
  return lines;
}

/**
 * Past due (decision 024): the renewal failed and is being retried while the plan holds. Said
 * plainly, with the next retry and how to fix it: a top-up by card saves that card for the retry.
 * Empty when the subscription is not past due.
 */
export function pastDueLines(current: CurrentPlan): string[] {
  const pastDue = current.subscription?.past_due;
  if (!pastDue) return [];
  const lines = [
    `Payment past due: the renewal of ${current.name} could not be charged${pastDue.reason ? ` (${pastDue.reason.replace(/\.$/, '')})` : ''}. The plan stays on while it is retried.`,
  ];
  if (pastDue.next_retry_at) {
    lines.push(
      `Next retry on ${formatDate(pastDue.next_retry_at)} (${pastDue.retries_left} ${pastDue.retries_left === 1 ? 'try' : 'tries'} left); if none succeeds, the organization returns to the Free Trial.`,
    );
  } else {
    lines.push('A retry is being charged now.');
  }
  lines.push('To update the card, top up the wallet with the new card: it is saved and the next retry charges it.');
  return lines;
}
