import type { WalletTransaction } from '@contracts';
import { formatMoney } from '../../../lib/format-money';

/** A transaction's amount with its sign: '+' for a credit, '-' for a debit (none for an amount that shows as zero). */
export function formatTransactionAmount(
  transaction: Pick<WalletTransaction, 'amount' | 'type'>,
  currency = 'USD',
): string {
  const size = Math.abs(transaction.amount);
  return formatMoney(transaction.type === 'credit' ? size : -size, currency, { signed: true });
}

/**
 * Spec section 4: a credit shows '+' in green, a debit '-' in red; shades that keep 4.5:1 against
 * the card in either theme (green-600 on white is 3.2:1).
 */
export function transactionAmountStyle(type: WalletTransaction['type']): string {
  return type === 'credit' ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400';
}
