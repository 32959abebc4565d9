import { randomUUID } from 'node:crypto';
import {
  messages,
  planFeatureMessages,
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
import { periodFrom } from './billing-periods';
import { followPlanPayment, type PlanChangeResult } from './live-plan-changes';
import { cardPaymentsOf, payForOrder } from './pay-for-order';
import { closeDuePeriods, type SettledBilling } from './period-closing';
import { resolvePlanPaymentMethod } from './plan-payment-method';
import { refuseWhilePlanPaymentCharging } from './plan-payment-guard';
import { findPlan, findPublicPlan, type PlanRow } from './plan-repository';
import { presentCurrentPlan } from './present-subscription';
import { lockOrganisation, updateSubscription, type SubscriptionRow } from './subscription-repository';
import { auditValues, moveToPlan, purchaseDescription } from './subscription-steps';

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
  // Arranged with sales (Enterprise, docs/decisions/041): not bought here.
  if (plan.contactSales)
    throw validationFailed(planFeatureMessages.contactSales(plan.name), {
      plan_id: planFeatureMessages.contactSales(plan.name),
    });
  return plan;
}

/** Nothing charged now: the answer of changes that move no money. */
const noPayment = { charge: null, payment_id: null, checkout_url: null };

export { currentPlan } from './current-plan';

/**
 * POST /subscription/purchase: paid first (docs/decisions/040), by card or from the wallet; once
 * paid, the Free Trial's open period closes today (its invoice issued), a period of the plan starts
 * today and its price is its charge. A card payment is an order applied when it succeeds: until then
 * the answer (202 with Stripe Checkout) awaits it; a declined card is a 402 and changes nothing.
 */
export async function purchaseSubscription(
  dependencies: BillingDependencies,
  caller: Caller,
  input: PurchaseSubscriptionRequest,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<PlanChangeResult> {
  if (input.org_id !== caller.orgId) throw forbidden(messages.organizationMismatch);
  const fingerprint = JSON.stringify(['purchase', input.plan_id, input.payment_method, input.card_number ?? null]);
  let ordered = false;
  const change = await changeSubscription(dependencies, caller, now, (context) =>
    onceForKey(
      context.transaction,
      caller.orgId,
      { key: idempotencyKey, fingerprint },
      async (): Promise<SubscriptionChange> => {
        const { transaction, settled, today } = context;
        const plan = await planToBuy(transaction, input.plan_id);
        if (centsOf(plan.price) === 0n)
          throw validationFailed(subscriptionMessages.freePlanNotPurchasable, {
            plan_id: subscriptionMessages.freePlanNotPurchasable,
          });
        if (settled.subscription) throw new AppError('conflict', subscriptionMessages.alreadySubscribed);
        await refuseWhilePlanPaymentCharging(transaction, caller.orgId);
        const method = await resolvePlanPaymentMethod(
          transaction,
          caller.orgId,
          { paymentMethod: input.payment_method, cardNumber: input.card_number },
          cardPaymentsOf(dependencies).payments.testMode,
        );
        const answer = await payForOrder(
          { ...context, dependencies, caller, now },
          {
            order: {
              kind: 'purchase',
              planId: plan.id,
              subscriptionId: randomUUID(),
              paymentMethod: method.kind === 'wallet' ? 'wallet' : 'card',
              label: purchaseDescription(plan, periodFrom(today, plan.billingCycle)),
              actor: { userId: caller.userId, username: caller.username },
            },
            method,
            amountCents: centsOf(plan.price),
            currency: plan.currency,
            key: `plan-purchase:${idempotencyKey ?? randomUUID()}`,
            walletDescription: `${purchaseDescription(plan, periodFrom(today, plan.billingCycle))}, paid from the wallet`,
          },
          { ...presentCurrentPlan(settled.plan, undefined), ...noPayment },
        );
        ordered = answer.ordered;
        return answer.change;
      },
    ),
  );
  const result = await followPlanPayment(dependencies, caller.orgId, change, { chargeNow: ordered, now });
  dependencies.onPlanChanged?.(caller.orgId);
  return result;
}

/**
 * POST /subscription/update/{orgId}: an upgrade takes effect once its prorated difference for the
 * days left is paid (by card or from the wallet, as a purchase); a downgrade takes effect at the
 * period's end (nothing is refunded, nothing charged now); the Free Trial means cancelling at the
 * period's end; the current plan undoes a pending downgrade or cancellation.
 */
export async function updateSubscriptionPlan(
  dependencies: BillingDependencies,
  caller: Caller,
  input: UpdateSubscriptionRequest,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<PlanChangeResult> {
  if (input.org_id !== undefined && input.org_id !== caller.orgId) throw forbidden(messages.organizationMismatch);
  const fingerprint = JSON.stringify([
    'update',
    input.plan_id,
    input.payment_method ?? null,
    input.card_number ?? null,
  ]);
  let ordered = false;
  const answer = await changeSubscription(dependencies, caller, now, (context) =>
    onceForKey(
      context.transaction,
      caller.orgId,
      { key: idempotencyKey, fingerprint },
      async (): Promise<SubscriptionChange> => {
        const { transaction, change, settled, today } = context;
        const subscription = settled.subscription;
        if (!subscription) throw new AppError('conflict', subscriptionMessages.notSubscribed);
        const current = settled.plan;
        const target = input.plan_id === current.id ? current : await planToBuy(transaction, input.plan_id);
        const difference = centsOf(target.price) - centsOf(current.price);
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
          if (amountCents > 0n) {
            await refuseWhilePlanPaymentCharging(transaction, caller.orgId);
            const method = await resolvePlanPaymentMethod(
              transaction,
              caller.orgId,
              {
                paymentMethod: input.payment_method ?? (subscription.paymentMethod === 'wallet' ? 'wallet' : 'card'),
                cardNumber: input.card_number,
              },
              cardPaymentsOf(dependencies).payments.testMode,
            );
            const paid = await payForOrder(
              { ...context, dependencies, caller, now },
              {
                order: {
                  kind: 'upgrade',
                  subscriptionId: subscription.id,
                  fromPlanId: current.id,
                  toPlanId: target.id,
                  periodStart: subscription.currentPeriodStart,
                  chargeKey,
                  description,
                  label: description,
                  actor: { userId: caller.userId, username: caller.username },
                },
                method,
                amountCents,
                currency: target.currency,
                key: `plan-${chargeKey}`,
                walletDescription: `${description}, paid from the wallet`,
              },
              { ...presentCurrentPlan(current, subscription), ...noPayment },
            );
            ordered = paid.ordered;
            return paid.change;
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
        return { ...presentCurrentPlan(plan, updated), ...noPayment };
      },
    ),
  );
  const result = await followPlanPayment(dependencies, caller.orgId, answer, { chargeNow: ordered, now });
  dependencies.onPlanChanged?.(caller.orgId);
  return result;
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
