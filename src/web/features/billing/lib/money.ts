import type { WalletTransaction } from '@contracts';

function formatter(currency: string, maximumFractionDigits: number): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits,
    });
  } catch {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits,
    });
  }
}

/** Spec section 9: money is shown to 2 decimals. */
export function formatMoney(amount: number, currency = 'USD'): string {
  return formatter(currency, 2).format(amount);
}

/**
 * Money to 2 decimals, except an amount under a cent: a reply's cost often is, and it is shown with
 * its own digits ($0.000135) instead of as $0.00, which would read as if it cost nothing.
 */
export function formatSmallMoney(amount: number, currency = 'USD'): string {
  const size = Math.abs(amount);
  return formatter(currency, size > 0 && size < 0.01 ? 10 : 2).format(amount);
}

/** A transaction's amount with its sign: '+' for a credit, '-' for a debit. */
export function formatTransactionAmount(
  transaction: Pick<WalletTransaction, 'amount' | 'type'>,
  currency = 'USD',
): string {
  return `${transaction.type === 'credit' ? '+' : '-'}${formatSmallMoney(Math.abs(transaction.amount), currency)}`;
}

/** Spec section 4: a credit shows '+' in green, a debit '-' in red (green-700: 4.5:1 and more on white, axe's contrast). */
export function transactionAmountStyle(type: WalletTransaction['type']): string {
  return type === 'credit' ? 'text-green-700 dark:text-green-400' : 'text-red-600 dark:text-red-400';
}
