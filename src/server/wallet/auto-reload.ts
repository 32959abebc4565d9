import { findWallet } from './ledger-repository';
import { finishReload, listRequestedReloads, type AutoReloadRow } from './auto-reload-repository';
import { topUp } from './top-up-service';
import type { WalletDependencies } from './wallet-dependencies';
import { centsOf } from './wallet-money';

/**
 * Charges the auto-reloads debits asked for (a crossing of the threshold marks one, in the debit's
 * transaction: custom migration 0016) with the card the wallet saved, through the same payment path
 * as a top-up. The reload's id is the payment's idempotency key, so however many instances or
 * sweeps take it up, it is charged once; it is recorded is_auto_reload.
 */
export async function chargeRequestedReloads(dependencies: Omit<WalletDependencies, 'wakeAutoReloads' | 'webhooks'>, orgId?: string): Promise<number> {
  const requested = await listRequestedReloads(dependencies.db, orgId, 20);
  for (const reload of requested) await chargeReload(dependencies, reload);
  return requested.length;
}

async function chargeReload(dependencies: Omit<WalletDependencies, 'wakeAutoReloads' | 'webhooks'>, reload: AutoReloadRow): Promise<void> {
  const wallet = await findWallet(dependencies.db, reload.orgId);
  const paymentMethod = wallet?.savedPaymentMethod ?? undefined;
  if (!paymentMethod) {
    dependencies.logger.warn({ orgId: reload.orgId }, 'auto-reload asked for, but the wallet has no saved card; top up by card once to save one');
    await finishReload(dependencies.db, reload.orgId, reload.id, 'failed', null);
    return;
  }
  const { payment } = await topUp(
    { ...dependencies, wakeAutoReloads: () => undefined },
    { orgId: reload.orgId, cents: centsOf(reload.amount), currency: wallet?.currency ?? 'USD', idempotencyKey: `auto-reload-${reload.id}`, paymentMethod, isAutoReload: true },
  );
  if (payment.status === 'processing') return; // Still with the payment service: the next sweep looks again.
  await finishReload(dependencies.db, reload.orgId, reload.id, payment.status === 'failed' ? 'failed' : 'charged', payment.id);
  if (payment.status === 'failed') dependencies.logger.warn({ orgId: reload.orgId, reason: payment.failureMessage }, 'an auto-reload was declined');
}
