import { findWallet } from './ledger-repository';
import { finishReload, listRequestedReloads, type AutoReloadRow } from './auto-reload-repository';
import { findPaymentByKey } from './payment-repository';
import { topUp } from './top-up-service';
import type { PaymentDependencies } from './wallet-dependencies';
import { centsOf } from '../../money';

/**
 * Charges the auto-reloads debits asked for (a crossing of the threshold marks one, in the debit's
 * transaction: custom migration 0016) with the card the wallet saved, through the same payment path
 * as a top-up. The reload's id is the payment's idempotency key, so however many instances or
 * sweeps take it up, it is charged once; it is recorded is_auto_reload.
 */
export const reloadBatchSize = 20;

/**
 * One batch of requested reloads; answers how many of them ended (charged or failed). A reload
 * whose payment is still open with the payment service, or whose charge threw, stays requested for
 * the next sweep and does not hold up the others.
 */
export async function chargeRequestedReloads(dependencies: PaymentDependencies, orgId?: string): Promise<number> {
  const requested = await listRequestedReloads(dependencies.db, orgId, reloadBatchSize);
  let ended = 0;
  for (const reload of requested) {
    const outcome = await chargeReload(dependencies, reload).catch((error: unknown) => {
      dependencies.logger.warn(
        { err: error, orgId: reload.orgId },
        'charging an auto-reload failed; the next sweep tries again',
      );
      return 'open' as const;
    });
    if (outcome === 'ended') ended += 1;
  }
  return ended;
}

async function chargeReload(dependencies: PaymentDependencies, reload: AutoReloadRow): Promise<'ended' | 'open'> {
  const idempotencyKey = `auto-reload-${reload.id}`;
  // Asked before: its payment settles by the webhook or reconciliation; once settled, the reload ends with it.
  const earlier = await findPaymentByKey(dependencies.db, reload.orgId, idempotencyKey);
  if (earlier) {
    if (earlier.status !== 'succeeded' && earlier.status !== 'failed') return 'open';
    await finishReload(
      dependencies.db,
      reload.orgId,
      reload.id,
      earlier.status === 'failed' ? 'failed' : 'charged',
      earlier.id,
    );
    return 'ended';
  }
  const wallet = await findWallet(dependencies.db, reload.orgId);
  const paymentMethod = wallet?.savedPaymentMethod ?? undefined;
  if (!paymentMethod) {
    dependencies.logger.warn(
      { orgId: reload.orgId },
      'auto-reload asked for, but the wallet has no saved card; top up by card once to save one',
    );
    await finishReload(dependencies.db, reload.orgId, reload.id, 'failed', null);
    return 'ended';
  }
  const { payment } = await topUp(dependencies, {
    orgId: reload.orgId,
    cents: centsOf(reload.amount),
    currency: wallet?.currency ?? 'USD',
    idempotencyKey,
    paymentMethod,
    isAutoReload: true,
  });
  if (payment.status !== 'succeeded' && payment.status !== 'failed') return 'open'; // Still with the payment service.
  await finishReload(
    dependencies.db,
    reload.orgId,
    reload.id,
    payment.status === 'failed' ? 'failed' : 'charged',
    payment.id,
  );
  if (payment.status === 'failed')
    dependencies.logger.warn({ orgId: reload.orgId, reason: payment.failureMessage }, 'an auto-reload was declined');
  return 'ended';
}
