import type { WalletTransaction } from '@contracts';
import { formatDateTime } from '../../admin/lib/format';
import { formatTransactionAmount, transactionAmountStyle } from '../lib/money';

interface TransactionListProps {
  transactions: readonly WalletTransaction[];
  currency: string;
  label: string;
}

/** Ledger rows, newest first: what, when, and the amount ('+' green credit, '-' red debit). Wraps at 375 px. */
export function TransactionList({ transactions, currency, label }: TransactionListProps) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-800">
      {transactions.map((transaction) => (
        <li key={transaction.id} className="flex items-start justify-between gap-3 py-2 text-sm">
          <div className="min-w-0">
            <p className="break-words text-slate-900 dark:text-slate-100">
              {transaction.description}
              {transaction.is_auto_reload ? (
                <span className="ml-2 rounded bg-brand-soft px-1.5 py-0.5 text-xs font-medium text-slate-800 dark:text-slate-100">
                  Auto-reload
                </span>
              ) : null}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{formatDateTime(transaction.timestamp)}</p>
          </div>
          <span
            data-testid="transaction-amount"
            title={`${transaction.type === 'credit' ? 'Credit' : 'Debit'} of ${transaction.amount} ${currency}`}
            className={`shrink-0 font-semibold tabular-nums ${transactionAmountStyle(transaction.type)}`}
          >
            {formatTransactionAmount(transaction, currency)}
          </span>
        </li>
      ))}
    </ul>
  );
}
