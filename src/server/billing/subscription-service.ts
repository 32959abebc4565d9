import { randomUUID } from 'node:crypto';
import {
  messages,
  subscriptionMessages,
  type CurrentPlan,
  type PurchaseSubscriptionRequest,
  type SubscriptionChange,
  type UpdateSubscriptionRequest,
} from '../../contracts';
import { makeAdministrativeChange, type AdministrativeChange } from '../audit/administrative-change';
import type { Executor } from '../db/database';
import { AppError, forbidden, validationFailed } from '../http/app-error';
import type { Caller } from '../http/context';
import type { BillingDependencies } from './billing-dependencies';
import { centsOf, proratedCents } from './billing-money';
import { daysBetween, isoDay, lastDayOf, periodFrom } from './billing-periods';
import { onceForKey } from './idempotent-request';
import { closeDuePeriods, closePeriod, settleBilling, type SettledBilling } from './period-closing';
import { presentCharge } from './plan-charges';
import { findPlan, findPublicPlan, type PlanRow } from './plan-repository';
import { presentCurrentPlan } from './present-subscription';
import { insertSubscription, lockOrganisation, setSubscriptionTier, updateSubscription, type SubscriptionRow } from './subscription-repository';

// Purchases, plan changes and cancellations (docs/decisions/023). Each runs in one transaction
// holding the organisation's lock, after closing any period that ended, with its audit entry.

interface ChangeContext {
  transaction: Executor;
  change: AdministrativeChange;
  settled: SettledBilling;
  today: string;
}

function changeSubscription<Answer>(dependencies: BillingDependencies, caller: Caller, now: Date, work: (context: ChangeContext) => Promise<Answer>): Promise<Answer> {
  return makeAdministrativeChange(dependencies.db, caller, async (change) => {
    const { transaction } = change;
    const organisation = (await lockOrganisation(transaction, caller.orgId))!;
    const settled = await closeDuePeriods(transaction, dependencies, caller.orgId, organisation.createdAt, now);
    return work({ transaction, change, settled, today: isoDay(now) });
  });
}

async function planToBuy(transaction: Executor, planId: string): Promise<PlanRow> {
  const plan = await findPublicPlan(transaction, planId);
  if (!plan) throw validationFailed(subscriptionMessages.planNotFound(planId), { plan_id: subscriptionMessages.planNotFound(planId) });
  return plan;
}

const auditValues = (subscription: SubscriptionRow | undefined, planId: string) => ({
  plan_id: subscription?.planId ?? planId,
  pending_plan_id: subscription?.pendingPlanId ?? null,
  cancel_at_period_end: subscription?.cancelAtPeriodEnd ?? false,
  current_period_end: subscription ? lastDayOf({ start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd }) : null,
});

/** The current plan with its subscription, once what ended by `now` is closed. */
export function currentPlan(dependencies: BillingDependencies, orgId: string, now = new Date()): Promise<CurrentPlan> {
  return settleBilling(dependencies, orgId, now, async (_transaction, settled) => presentCurrentPlan(settled.plan, settled.subscription));
}

/**
 * POST /subscription/purchase: the Free Trial's open period closes today (its invoice issued), a
 * period of the plan starts today and its price is charged now.
 */
export function purchaseSubscription(
  dependencies: BillingDependencies,
  caller: Caller,
  input: PurchaseSubscriptionRequest,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<SubscriptionChange> {
  if (input.org_id !== caller.orgId) throw forbidden(messages.organizationMismatch);
  const fingerprint = JSON.stringify(['purchase', input.plan_id, input.payment_method]);
  return changeSubscription(dependencies, caller, now, ({ transaction, change, settled, today }) =>
    onceForKey(transaction, caller.orgId, { key: idempotencyKey, fingerprint }, async () => {
      const plan = await planToBuy(transaction, input.plan_id);
      if (centsOf(plan.price) === 0n) throw validationFailed(subscriptionMessages.freePlanNotPurchasable, { plan_id: subscriptionMessages.freePlanNotPurchasable });
      if (settled.subscription) throw new AppError('conflict', subscriptionMessages.alreadySubscribed);
      if (settled.openPeriod.start < today) await closePeriod(transaction, dependencies, caller.orgId, { start: settled.openPeriod.start, end: today }, settled.plan.currency, now);
      const period = periodFrom(today, plan.billingCycle);
      const subscription = await insertSubscription(transaction, {
        orgId: caller.orgId,
        planId: plan.id,
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        paymentMethod: input.payment_method,
      });
      const charge = await dependencies.charges.charge(transaction, {
        orgId: caller.orgId,
        subscriptionId: subscription.id,
        kind: 'plan',
        amountCents: centsOf(plan.price),
        currency: plan.currency,
        description: `${plan.name} plan, ${period.start} to ${lastDayOf(period)}`,
        idempotencyKey: `purchase:${subscription.id}`,
        billedOn: today,
        paymentMethod: input.payment_method,
      });
      await setSubscriptionTier(transaction, caller.orgId, plan.id);
      await change.record({ action: 'subscription.purchase', targetType: 'subscription', targetId: subscription.id, before: auditValues(undefined, settled.plan.id), after: auditValues(subscription, plan.id) });
      return { ...presentCurrentPlan(plan, subscription), charge: presentCharge(charge) };
    }),
  );
}

/**
 * POST /subscription/update/{orgId}: an upgrade takes effect now and charges the prorated difference
 * for the days left; a downgrade takes effect at the period's end (nothing is refunded, nothing
 * charged now); the Free Trial means cancelling at the period's end; the current plan undoes a
 * pending downgrade or cancellation.
 */
export function updateSubscriptionPlan(
  dependencies: BillingDependencies,
  caller: Caller,
  input: UpdateSubscriptionRequest,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<SubscriptionChange> {
  if (input.org_id !== undefined && input.org_id !== caller.orgId) throw forbidden(messages.organizationMismatch);
  const fingerprint = JSON.stringify(['update', input.plan_id]);
  return changeSubscription(dependencies, caller, now, ({ transaction, change, settled, today }) =>
    onceForKey(transaction, caller.orgId, { key: idempotencyKey, fingerprint }, async () => {
      const subscription = settled.subscription;
      if (!subscription) throw new AppError('conflict', subscriptionMessages.notSubscribed);
      const current = settled.plan;
      const target = input.plan_id === current.id ? current : await planToBuy(transaction, input.plan_id);
      const difference = centsOf(target.price) - centsOf(current.price);
      let charge: SubscriptionChange['charge'] = null;
      let updated: SubscriptionRow;
      if (target.id === current.id) {
        if (!subscription.cancelAtPeriodEnd && subscription.pendingPlanId === null) throw new AppError('conflict', subscriptionMessages.samePlan);
        updated = await updateSubscription(transaction, caller.orgId, subscription.id, { cancelAtPeriodEnd: false, pendingPlanId: null });
      } else if (centsOf(target.price) === 0n) {
        updated = await updateSubscription(transaction, caller.orgId, subscription.id, { cancelAtPeriodEnd: true, pendingPlanId: null });
      } else if (difference < 0n) {
        updated = await updateSubscription(transaction, caller.orgId, subscription.id, { pendingPlanId: target.id, cancelAtPeriodEnd: false });
      } else {
        const remainingDays = daysBetween(today, subscription.currentPeriodEnd);
        const periodDays = daysBetween(subscription.currentPeriodStart, subscription.currentPeriodEnd);
        const amountCents = proratedCents(difference, remainingDays, periodDays);
        if (amountCents > 0n) {
          const charged = await dependencies.charges.charge(transaction, {
            orgId: caller.orgId,
            subscriptionId: subscription.id,
            kind: 'proration',
            amountCents,
            currency: target.currency,
            description: `Upgrade from ${current.name} to ${target.name}: ${remainingDays} of ${periodDays} days`,
            idempotencyKey: `upgrade:${subscription.id}:${idempotencyKey ?? randomUUID()}`,
            billedOn: today,
            paymentMethod: subscription.paymentMethod,
          });
          charge = presentCharge(charged);
        }
        updated = await updateSubscription(transaction, caller.orgId, subscription.id, { planId: target.id, pendingPlanId: null, cancelAtPeriodEnd: false });
        await setSubscriptionTier(transaction, caller.orgId, target.id);
      }
      await change.record({ action: 'subscription.update', targetType: 'subscription', targetId: subscription.id, before: auditValues(subscription, current.id), after: auditValues(updated, updated.planId) });
      const plan = updated.planId === target.id ? target : current;
      return { ...presentCurrentPlan(plan, updated), charge };
    }),
  );
}

/** POST /subscription/cancel/{orgId}: the plan holds to the period's end, then the Free Trial. Cancelling again changes nothing. */
export function cancelSubscription(dependencies: BillingDependencies, caller: Caller, now = new Date()): Promise<SubscriptionChange> {
  return changeSubscription(dependencies, caller, now, async ({ transaction, change, settled }) => {
    const subscription = settled.subscription;
    if (!subscription) throw new AppError('conflict', subscriptionMessages.notSubscribed);
    if (subscription.cancelAtPeriodEnd && subscription.pendingPlanId === null) return { ...presentCurrentPlan(settled.plan, subscription), charge: null };
    const updated = await updateSubscription(transaction, caller.orgId, subscription.id, { cancelAtPeriodEnd: true, pendingPlanId: null });
    await change.record({ action: 'subscription.cancel', targetType: 'subscription', targetId: subscription.id, before: auditValues(subscription, settled.plan.id), after: auditValues(updated, settled.plan.id) });
    return { ...presentCurrentPlan((await findPlan(transaction, updated.planId))!, updated), charge: null };
  });
}
