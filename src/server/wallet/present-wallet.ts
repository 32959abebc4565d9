import { walletDefaults, type WalletBalance, type WalletTransaction } from '../../contracts';
import type { LedgerRow, WalletRow } from './ledger-repository';
import { savedCardLabel } from './paid-with';
import { usdNumberOf } from '../../money';

/** Spec section 3's wallet balance; an organisation without a wallet row reads as an empty one with the defaults. */
export function presentBalance(wallet: WalletRow | undefined, testMode: boolean): WalletBalance {
  return {
    balance: usdNumberOf(wallet?.balance ?? '0'),
    currency: wallet?.currency ?? walletDefaults.currency,
    last_updated: (wallet?.updatedAt ?? new Date()).toISOString(),
    settings: {
      min_top_up_amount: usdNumberOf(wallet?.minTopUpAmount ?? String(walletDefaults.minTopUpAmount)),
      auto_reload_threshold: usdNumberOf(wallet?.autoReloadThreshold ?? String(walletDefaults.autoReloadThreshold)),
      auto_reload_amount: usdNumberOf(wallet?.autoReloadAmount ?? String(walletDefaults.autoReloadAmount)),
      currency: wallet?.currency ?? walletDefaults.currency,
      auto_reload_enabled: wallet?.autoReloadEnabled ?? false,
    },
    test_mode: testMode,
    saved_card: wallet?.savedPaymentMethod ? savedCardLabel(wallet.savedPaymentMethod, testMode) : null,
  };
}

/** Spec section 3's transaction, from a ledger row. */
export function presentTransaction(row: LedgerRow): WalletTransaction {
  return {
    id: row.id,
    description: row.description,
    is_auto_reload: row.isAutoReload,
    timestamp: row.createdAt.toISOString(),
    type: row.type,
    amount: usdNumberOf(row.amount),
  };
}
