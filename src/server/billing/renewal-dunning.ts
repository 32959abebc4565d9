import { and, asc, eq, lte } from 'drizzle-orm';
import { subscriptionMessages } from '../../contracts';
import { insertAuditEntry } from '../audit/audit-repository';
import type { Executor } from '../db/database';
import { subscriptions } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { postNoticeOnce } from '../system-messages/system-message-repository';
import { isoDay } from './billing-periods';
import { findPlan, freePlanId } from './plan-repository';
import { setSubscriptionTier, updateSubscription, type SubscriptionRow } from './subscription-repository';

// Renewal failures (docs/decisions/024): a renewal charge that fails leaves the subscription past
// due, its plan still usable, and the charge is tried again a bounded number of times; the last
// failure ends the subscription and the Free Trial follows.

/** When the retries of a failed renewal are due, in days after the first failure. Their number bounds the retries. */
export const renewalRetryDays: readonly number[] = [1, 3, 5];

/** Said when a renewal or its retry finds no card to charge. */
export const noSavedCardReason = 'No card is saved for the organization.';

/** The charge renewing a subscription for the period starting `periodStart`: one per period, whoever asks. */
export const renewalChargeKey = (subscriptionId: string, periodStart: string) =>
  `renewal:${subscriptionId}:${periodStart}`;

/** Who the audit log names for what billing does on its own. */
const billingActor = 'Tokenwise billing';

const dayMs = 24 * 60 * 60 * 1000;

/** When retry number `retriesMade + 1` is due; null when none is left. */
function retryDueAt(since: Date, retriesMade: number): Date | null {
  const days = renewalRetryDays[retriesMade];
  return days === undefined ? null : new Date(since.getTime() + days * dayMs);
}

export async function findSubscription(
  db: Executor,
  orgId: string,
  subscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(inOrganisation(subscriptions.orgId, orgId, eq(subscriptions.id, subscriptionId)));
  return row;
}

/** Past-due subscriptions whose next retry is due by `now`, across organisations (upkeep, by the invoice job). */
export async function listRetriesDue(
  db: Executor,
  now: Date,
  limit: number,
): Promise<Pick<SubscriptionRow, 'id' | 'orgId'>[]> {
  return db
    .select({ id: subscriptions.id, orgId: subscriptions.orgId })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'past_due'), lte(subscriptions.nextRetryAt, now)))
    .orderBy(asc(subscriptions.nextRetryAt))
    .limit(limit);
}

/** What failed: the renewal charge (its key), which try (0: the renewal itself), and the issuer's words. */
export interface RenewalFailure {
  chargeKey: string;
  attempt: number;
  reason: string | null;
}

/**
 * A try at the renewal charge failed (under the organisation's lock). The first failure makes the
 * subscription past due and plans the retries from now; a retry's failure plans the next, and the
 * last ends the subscription. A failure of anything but the try in flight changes nothing.
 */
export async function renewalFailed(
  transaction: Executor,
  subscription: SubscriptionRow,
  failure: RenewalFailure,
  now: Date,
): Promise<SubscriptionRow> {
  if (subscription.status === 'active' && failure.attempt === 0) {
    if (failure.chargeKey !== renewalChargeKey(subscription.id, subscription.currentPeriodStart)) return subscription;
    const nextRetryAt = retryDueAt(now, 0);
    const updated = await updateSubscription(transaction, subscription.orgId, subscription.id, {
      status: 'past_due',
      pastDueSince: now,
      pastDueChargeKey: failure.chargeKey,
      renewalRetries: 0,
      nextRetryAt,
      pastDueReason: failure.reason,
    });
    const plan = await findPlan(transaction, subscription.planId);
    await postNoticeOnce(transaction, subscription.orgId, {
      content: subscriptionMessages.renewalPastDueNotice(
        plan?.name ?? subscription.planId,
        nextRetryAt ? isoDay(nextRetryAt) : isoDay(now),
      ),
      type: 'warning',
      audience: 'billing',
      occasion: `renewal-past-due:${failure.chargeKey}`,
    });
    return updated;
  }
  const inFlight =
    subscription.status === 'past_due' &&
    subscription.pastDueChargeKey === failure.chargeKey &&
    subscription.renewalRetries === failure.attempt;
  if (!inFlight) return subscription;
  const nextRetryAt = retryDueAt(subscription.pastDueSince!, subscription.renewalRetries);
  if (nextRetryAt)
    return updateSubscription(transaction, subscription.orgId, subscription.id, {
      nextRetryAt,
      pastDueReason: failure.reason,
    });
  return endForNonPayment(transaction, subscription, now, { givesUpPeriod: true });
}

/** A try at the renewal charge succeeded: a past-due subscription waiting for that charge is active again. */
export async function renewalPaid(
  transaction: Executor,
  subscription: SubscriptionRow,
  chargeKey: string,
): Promise<SubscriptionRow> {
  if (subscription.status !== 'past_due' || subscription.pastDueChargeKey !== chargeKey) return subscription;
  return updateSubscription(transaction, subscription.orgId, subscription.id, {
    status: 'active',
    pastDueSince: null,
    pastDueChargeKey: null,
    renewalRetries: 0,
    nextRetryAt: null,
    pastDueReason: null,
  });
}

/** Whether the subscription ended because this renewal charge was never paid: money arriving for it after is credited to the wallet. */
export const endedUnpaid = (subscription: SubscriptionRow, chargeKey: string) =>
  subscription.status === 'cancelled' && subscription.pastDueChargeKey === chargeKey;

/**
 * Ends a past-due subscription: the Free Trial follows, as after a cancellation, with an audit
 * entry and a notice to the billing scope. `givesUpPeriod`: the unpaid period is cut to nothing,
 * so the subscription's last period is the last one paid for (the analytics' cycles follow it).
 */
export async function endForNonPayment(
  transaction: Executor,
  subscription: SubscriptionRow,
  now: Date,
  options: { givesUpPeriod: boolean },
): Promise<SubscriptionRow> {
  const ended = await updateSubscription(transaction, subscription.orgId, subscription.id, {
    status: 'cancelled',
    endedAt: now,
    nextRetryAt: null,
    ...(options.givesUpPeriod ? { currentPeriodEnd: subscription.currentPeriodStart } : {}),
  });
  await setSubscriptionTier(transaction, subscription.orgId, freePlanId);
  await insertAuditEntry(transaction, {
    orgId: subscription.orgId,
    actorUserId: null,
    actorUsername: billingActor,
    action: 'subscription.end',
    targetType: 'subscription',
    targetId: subscription.id,
    before: {
      plan_id: subscription.planId,
      status: subscription.status,
      retries_made: subscription.renewalRetries,
      reason: subscription.pastDueReason,
    },
    after: { plan_id: freePlanId, status: ended.status },
  });
  const plan = await findPlan(transaction, subscription.planId);
  await postNoticeOnce(transaction, subscription.orgId, {
    content: subscriptionMessages.renewalEndedNotice(plan?.name ?? subscription.planId),
    type: 'warning',
    audience: 'billing',
    occasion: `renewal-ended:${subscription.id}`,
  });
  return ended;
}
