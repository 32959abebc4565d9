import { randomUUID } from 'node:crypto';
import {
  messages,
  subscriptionMessages,
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
import { daysBetween, isoDay } from './billing-periods';
import { onceForKey } from './idempotent-request';
import { followPlanPayment, orderPlanPayment, type PlanChangeResult } from './live-plan-changes';
import { closeDuePeriods, type SettledBilling } from './period-closing';
import { presentCharge } from './plan-charges';
import { findPlan, findPublicPlan, type PlanRow } from './plan-repository';
import { presentCurrentPlan } from './present-subscription';
import { lockOrganisation, updateSubscription, type SubscriptionRow } from './subscription-repository';
import { auditValues, moveToPlan, purchaseDescription, startSubscription } from './subscription-steps';

// Purchases, plan changes and cancellations (docs/decisions/023). Each runs in one transaction
// holding the organisation's lock, after closing any period that ended, with its audit entry.

interface ChangeContext {
  transaction: Executor;
  change: AdministrativeChange;
  settled: SettledBilling;
  today: string;
}

function changeSubscription<Answer>(
  dependencies: BillingDependencies,
  caller: Caller,
  now: Date,
  work: (context: ChangeContext) => Promise<Answer>,
): Promise<Answer> {
  return makeAdministrativeChange(dependencies.db, caller, async (change) => {
    const { transaction } = change;
    const organisation = (await lockOrganisation(transaction, caller.orgId))!;
    const settled = await closeDuePeriods(transaction, dependencies, caller.orgId, organisation.createdAt, now);
    return work({ transaction, change, settled, today: isoDay(now) });
  });
}

async function planToBuy(transaction: Executor, planId: string): Promise<PlanRow> {
  const plan = await findPublicPlan(transaction, planId);
  if (!plan)
    throw validationFailed(subscriptionMessages.planNotFound(planId), {
      plan_id: subscriptionMessages.planNotFound(planId),
    });
  return plan;
}

/** Nothing charged now: the answer of changes that move no money. */
const noPayment = { charge: null, payment_id: null, checkout_url: null };

export { currentPlan } from './current-plan';

/**
 * POST /subscription/purchase: the Free Trial's open period closes today (its invoice issued), a
 * period of the plan starts today and its price is charged now. With Stripe the purchase is an order
 * applied once its payment succeeds (live-plan-changes.ts): until then the answer awaits payment.
 */
export async function purchaseSubscription(
  dependencies: BillingDependencies,
  caller: Caller,
  input: PurchaseSubscriptionRequest,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<PlanChangeResult> {
  if (input.org_id !== caller.orgId) throw forbidden(messages.organizationMismatch);
  const fingerprint = JSON.stringify(['purchase', input.plan_id, input.payment_method]);
  let ordered: { paymentId: string } | undefined;
  const change = await changeSubscription(dependencies, caller, now, ({ transaction, change, settled, today }) =>
    onceForKey(
      transaction,
      caller.orgId,
      { key: idempotencyKey, fingerprint },
      async (): Promise<SubscriptionChange> => {
        const plan = await planToBuy(transaction, input.plan_id);
        if (centsOf(plan.price) === 0n)
          throw validationFailed(subscriptionMessages.freePlanNotPurchasable, {
            plan_id: subscriptionMessages.freePlanNotPurchasable,
          });
        if (settled.subscription) throw new AppError('conflict', subscriptionMessages.alreadySubscribed);
        if (dependencies.cardPayments) {
          const payment = await orderPlanPayment(transaction, caller, {
            order: {
              kind: 'purchase',
              planId: plan.id,
              subscriptionId: randomUUID(),
              paymentMethod: input.payment_method,
              label: `${plan.name} plan`,
            },
            amountCents: centsOf(plan.price),
            currency: plan.currency,
            key: `plan-purchase:${idempotencyKey ?? randomUUID()}`,
          });
          ordered = { paymentId: payment.id };
          return { ...presentCurrentPlan(settled.plan, undefined), ...noPayment, payment_id: payment.id };
        }
        const { subscription, charge } = await startSubscription(
          transaction,
          dependencies,
          caller.orgId,
          { settled, plan, today, now, paymentMethod: input.payment_method },
          (started, period) =>
            dependencies.charges.charge(transaction, {
              orgId: caller.orgId,
              subscriptionId: started.id,
              kind: 'plan',
              amountCents: centsOf(plan.price),
              currency: plan.currency,
              description: purchaseDescription(plan, period),
              idempotencyKey: `purchase:${started.id}`,
              billedOn: today,
              paymentMethod: input.payment_method,
            }),
        );
        await change.record({
          action: 'subscription.purchase',
          targetType: 'subscription',
          targetId: subscription.id,
          before: auditValues(undefined, settled.plan.id),
          after: auditValues(subscription, plan.id),
        });
        return { ...presentCurrentPlan(plan, subscription), ...noPayment, charge: presentCharge(charge) };
      },
    ),
  );
  return followPlanPayment(dependencies, caller.orgId, change, { chargeNow: ordered !== undefined, now });
}

/**
 * POST /subscription/update/{orgId}: an upgrade takes effect now and charges the prorated difference
 * for the days left; a downgrade takes effect at the period's end (nothing is refunded, nothing
 * charged now); the Free Trial means cancelling at the period's end; the current plan undoes a
 * pending downgrade or cancellation.
 */
export async function updateSubscriptionPlan(
  dependencies: BillingDependencies,
  caller: Caller,
  input: UpdateSubscriptionRequest,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<PlanChangeResult> {
  if (input.org_id !== undefined && input.org_id !== caller.orgId) throw forbidden(messages.organizationMismatch);
  const fingerprint = JSON.stringify(['update', input.plan_id]);
  let ordered: { paymentId: string } | undefined;
  const answer = await changeSubscription(dependencies, caller, now, ({ transaction, change, settled, today }) =>
    onceForKey(
      transaction,
      caller.orgId,
      { key: idempotencyKey, fingerprint },
      async (): Promise<SubscriptionChange> => {
        const subscription = settled.subscription;
        if (!subscription) throw new AppError('conflict', subscriptionMessages.notSubscribed);
        const current = settled.plan;
        const target = input.plan_id === current.id ? current : await planToBuy(transaction, input.plan_id);
        const difference = centsOf(target.price) - centsOf(current.price);
        let charge: SubscriptionChange['charge'] = null;
        let updated: SubscriptionRow;
        if (target.id === current.id) {
          if (!subscription.cancelAtPeriodEnd && subscription.pendingPlanId === null)
            throw new AppError('conflict', subscriptionMessages.samePlan);
          updated = await updateSubscription(transaction, caller.orgId, subscription.id, {
            cancelAtPeriodEnd: false,
            pendingPlanId: null,
          });
        } else if (centsOf(target.price) === 0n) {
          updated = await updateSubscription(transaction, caller.orgId, subscription.id, {
            cancelAtPeriodEnd: true,
            pendingPlanId: null,
          });
        } else if (difference < 0n) {
          updated = await updateSubscription(transaction, caller.orgId, subscription.id, {
            pendingPlanId: target.id,
            cancelAtPeriodEnd: false,
          });
        } else {
          const remainingDays = daysBetween(today, subscription.currentPeriodEnd);
          const periodDays = daysBetween(subscription.currentPeriodStart, subscription.currentPeriodEnd);
          const amountCents = proratedCents(difference, remainingDays, periodDays);
          const description = `Upgrade from ${current.name} to ${target.name}: ${remainingDays} of ${periodDays} days`;
          const chargeKey = `upgrade:${subscription.id}:${idempotencyKey ?? randomUUID()}`;
          if (amountCents > 0n && dependencies.cardPayments) {
            const payment = await orderPlanPayment(transaction, caller, {
              order: {
                kind: 'upgrade',
                subscriptionId: subscription.id,
                fromPlanId: current.id,
                toPlanId: target.id,
                periodStart: subscription.currentPeriodStart,
                chargeKey,
                description,
              },
              amountCents,
              currency: target.currency,
              key: `plan-${chargeKey}`,
            });
            ordered = { paymentId: payment.id };
            return { ...presentCurrentPlan(current, subscription), ...noPayment, payment_id: payment.id };
          }
          if (amountCents > 0n) {
            const charged = await dependencies.charges.charge(transaction, {
              orgId: caller.orgId,
              subscriptionId: subscription.id,
              kind: 'proration',
              amountCents,
              currency: target.currency,
              description,
              idempotencyKey: chargeKey,
              billedOn: today,
              paymentMethod: subscription.paymentMethod,
            });
            charge = presentCharge(charged);
          }
          updated = await moveToPlan(transaction, caller.orgId, subscription, target);
        }
        await change.record({
          action: 'subscription.update',
          targetType: 'subscription',
          targetId: subscription.id,
          before: auditValues(subscription, current.id),
          after: auditValues(updated, updated.planId),
        });
        const plan = updated.planId === target.id ? target : current;
        return { ...presentCurrentPlan(plan, updated), ...noPayment, charge };
      },
    ),
  );
  return followPlanPayment(dependencies, caller.orgId, answer, { chargeNow: ordered !== undefined, now });
}

/** POST /subscription/cancel/{orgId}: the plan holds to the period's end, then the Free Trial. Cancelling again changes nothing. */
export function cancelSubscription(
  dependencies: BillingDependencies,
  caller: Caller,
  now = new Date(),
): Promise<SubscriptionChange> {
  return changeSubscription(dependencies, caller, now, async ({ transaction, change, settled }) => {
    const subscription = settled.subscription;
    if (!subscription) throw new AppError('conflict', subscriptionMessages.notSubscribed);
    if (subscription.cancelAtPeriodEnd && subscription.pendingPlanId === null)
      return { ...presentCurrentPlan(settled.plan, subscription), ...noPayment };
    const updated = await updateSubscription(transaction, caller.orgId, subscription.id, {
      cancelAtPeriodEnd: true,
      pendingPlanId: null,
    });
    await change.record({
      action: 'subscription.cancel',
      targetType: 'subscription',
      targetId: subscription.id,
      before: auditValues(subscription, settled.plan.id),
      after: auditValues(updated, settled.plan.id),
    });
    return { ...presentCurrentPlan((await findPlan(transaction, updated.planId))!, updated), ...noPayment };
  });
}
