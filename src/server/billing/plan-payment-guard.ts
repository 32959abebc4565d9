import { and, eq, sql } from 'drizzle-orm';
import { subscriptionMessages } from '../../contracts';
import type { Executor } from '../db/database';
import { walletPayments } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { AppError } from '../http/app-error';

/**
 * Refuses (409) a purchase or upgrade while another one's card is being charged (a payment still
 * `processing`), under the organisation's lock: two orders paid at once would leave the second one
 * to be credited to the wallet when it can no longer apply. One waiting on Stripe Checkout
 * (`pending`) does not block: the customer may have left its page for good.
 */
export async function refuseWhilePlanPaymentCharging(transaction: Executor, orgId: string): Promise<void> {
  const [charging] = await transaction
    .select({ id: walletPayments.id })
    .from(walletPayments)
    .where(
      inOrganisation(
        walletPayments.orgId,
        orgId,
        and(
          eq(walletPayments.purpose, 'plan'),
          eq(walletPayments.status, 'processing'),
          sql`${walletPayments.planOrder}->>'kind' in ('purchase', 'upgrade')`,
        ),
      ),
    )
    .limit(1);
  if (charging) throw new AppError('conflict', subscriptionMessages.planPaymentInProgress);
}
