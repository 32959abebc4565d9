import type { Executor } from '../db/database';
import { notFound } from '../http/app-error';
import type { BillingDependencies } from './billing-dependencies';
import { centsOf } from './billing-money';
import { isoDay, lastDayOf, periodFrom, type BillingPeriod } from './billing-periods';
import { buildInvoice } from './invoice-builder';
import { issueInvoice } from './invoice-repository';
import { findFreePlan, findPlan, freePlanId, type PlanRow } from './plan-repository';
import { endForNonPayment, noSavedCardReason, renewalChargeKey, renewalFailed } from './renewal-dunning';
import {
  findActiveSubscription,
  findInvoicedUntil,
  lockOrganisation,
  setSubscriptionTier,
  updateSubscription,
  type SubscriptionRow,
} from './subscription-repository';

/** The organisation's billing state once every period ended by `now` is closed. */
export interface SettledBilling {
  createdAt: Date;
  subscription: SubscriptionRow | undefined;
  plan: PlanRow;
  /** The open period: the subscription's, else the Free Trial's 30 days after the last invoice (or from the organisation's creation). */
  openPeriod: BillingPeriod;
}

/** Issues the period's invoice as it stands now; it never changes after. */
export async function closePeriod(
  transaction: Executor,
  dependencies: BillingDependencies,
  orgId: string,
  period: BillingPeriod,
  currency: string,
  now: Date,
): Promise<void> {
  const built = await buildInvoice(transaction, dependencies.sources, orgId, period, now);
  await issueInvoice(transaction, orgId, period, currency, built, now);
}

async function endSubscription(transaction: Executor, subscription: SubscriptionRow, now: Date): Promise<void> {
  await updateSubscription(transaction, subscription.orgId, subscription.id, { status: 'cancelled', endedAt: now });
  await setSubscriptionTier(transaction, subscription.orgId, freePlanId);
}

/**
 * At a period's end: a cancelled subscription ends (the Free Trial follows), as does one still past
 * due (its retries never paid for the period); otherwise the next period is charged, on the pending
 * downgrade's plan if any. A charge failed at once (no saved card, or a declined test card) makes
 * the subscription past due.
 */
async function renewOrEnd(
  transaction: Executor,
  dependencies: BillingDependencies,
  subscription: SubscriptionRow,
  now: Date,
): Promise<void> {
  if (subscription.status === 'past_due') {
    await endForNonPayment(transaction, subscription, now, { givesUpPeriod: false });
    return;
  }
  const plan = subscription.cancelAtPeriodEnd
    ? undefined
    : await findPlan(transaction, subscription.pendingPlanId ?? subscription.planId);
  if (!plan || centsOf(plan.price) === 0n) return endSubscription(transaction, subscription, now);
  const next = periodFrom(subscription.currentPeriodEnd, plan.billingCycle);
  const idempotencyKey = renewalChargeKey(subscription.id, next.start);
  const { charge, failureReason } = await dependencies.charges.charge(transaction, {
    orgId: subscription.orgId,
    subscriptionId: subscription.id,
    kind: 'plan',
    amountCents: centsOf(plan.price),
    currency: plan.currency,
    description: `${plan.name} plan, ${next.start} to ${lastDayOf(next)}`,
    idempotencyKey,
    billedOn: next.start,
    paymentMethod: subscription.paymentMethod,
  });
  const renewed = await updateSubscription(transaction, subscription.orgId, subscription.id, {
    planId: plan.id,
    pendingPlanId: null,
    currentPeriodStart: next.start,
    currentPeriodEnd: next.end,
  });
  await setSubscriptionTier(transaction, subscription.orgId, plan.id);
  if (charge.status === 'failed')
    await renewalFailed(
      transaction,
      renewed,
      { chargeKey: idempotencyKey, attempt: 0, reason: failureReason ?? noSavedCardReason },
      now,
    );
}

/**
 * Closes every period of the organisation that ended by `now`, oldest first: issues its invoice,
 * then renews or ends the subscription, or starts the next Free Trial period. Runs in the caller's
 * transaction, which must hold the organisation's lock; running it again changes nothing.
 */
export async function closeDuePeriods(
  transaction: Executor,
  dependencies: BillingDependencies,
  orgId: string,
  createdAt: Date,
  now: Date,
): Promise<SettledBilling> {
  const today = isoDay(now);
  const freePlan = await findFreePlan(transaction);
  for (;;) {
    const subscription = await findActiveSubscription(transaction, orgId);
    if (subscription) {
      const plan = (await findPlan(transaction, subscription.planId))!;
      const period = { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd };
      if (period.end > today) return { createdAt, subscription, plan, openPeriod: period };
      await closePeriod(transaction, dependencies, orgId, period, plan.currency, now);
      await renewOrEnd(transaction, dependencies, subscription, now);
      continue;
    }
    const period = periodFrom(
      (await findInvoicedUntil(transaction, orgId)) ?? isoDay(createdAt),
      freePlan.billingCycle,
    );
    if (period.end > today) return { createdAt, subscription: undefined, plan: freePlan, openPeriod: period };
    await closePeriod(transaction, dependencies, orgId, period, freePlan.currency, now);
  }
}

/** Locks the organisation and closes what is due: what reads of plans and invoices, and the job, start with. */
export async function settleBilling<Result>(
  dependencies: BillingDependencies,
  orgId: string,
  now: Date,
  work: (transaction: Executor, settled: SettledBilling) => Promise<Result>,
): Promise<Result> {
  return dependencies.db.transaction(async (transaction) => {
    const organisation = await lockOrganisation(transaction, orgId);
    if (!organisation) throw notFound();
    return work(transaction, await closeDuePeriods(transaction, dependencies, orgId, organisation.createdAt, now));
  });
}
