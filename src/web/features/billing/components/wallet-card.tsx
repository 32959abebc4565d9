import type { WalletBalance, WalletTransaction } from '@contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Card } from '../../admin/components/card';
import { EmptyState } from '../../dashboard/components/empty-state';
import { TransactionList } from './transaction-list';
import { formatMoney } from '../../../lib/format-money';

export const noRecentTransactionsText = 'No recent transactions';

interface WalletCardProps {
  wallet: WalletBalance | undefined;
  recent: readonly WalletTransaction[] | undefined;
  onTopUp: () => void;
  onSettings: () => void;
}

/** Spec section 2's Wallet card: the balance with its currency, the auto-reload note, Top Up, settings, the 3 latest transactions. */
export function WalletCard({ wallet, recent, onTopUp, onSettings }: WalletCardProps) {
  const settingsButton = (
    <Button
      variant="ghost"
      size="icon"
      className="h-9 w-9"
      aria-label="Wallet settings"
      title="Wallet settings"
      onClick={onSettings}
      disabled={!wallet}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        width="20"
        height="20"
        className="h-5 w-5 shrink-0"
        fill="currentColor"
      >
        <path
          fillRule="evenodd"
          d="M11.49 3.17c-.38-1.56-2.6-1.56-2.98 0a1.53 1.53 0 0 1-2.29.95c-1.37-.84-2.94.73-2.1 2.1.54.89.06 2.04-.95 2.29-1.56.38-1.56 2.6 0 2.98 1.01.25 1.49 1.4.95 2.29-.84 1.37.73 2.94 2.1 2.1a1.53 1.53 0 0 1 2.29.95c.38 1.56 2.6 1.56 2.98 0a1.53 1.53 0 0 1 2.29-.95c1.37.84 2.94-.73 2.1-2.1a1.53 1.53 0 0 1 .95-2.29c1.56-.38 1.56-2.6 0-2.98a1.53 1.53 0 0 1-.95-2.29c.84-1.37-.73-2.94-2.1-2.1a1.53 1.53 0 0 1-2.29-.95ZM10 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z"
          clipRule="evenodd"
        />
      </svg>
    </Button>
  );
  return (
    <Card title="Wallet" actions={settingsButton}>
      {!wallet ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading wallet" />
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <p className="text-sm text-slate-500 dark:text-slate-400">Current balance</p>
              <p
                className="text-3xl font-bold text-slate-900 tabular-nums dark:text-white"
                data-testid="wallet-balance"
                title={`${wallet.balance} ${wallet.currency}`}
              >
                {formatMoney(wallet.balance, wallet.currency)}{' '}
                <span className="text-base font-medium text-slate-500 dark:text-slate-400">{wallet.currency}</span>
              </p>
            </div>
            <Button onClick={onTopUp}>Top Up</Button>
          </div>
          {wallet.settings.auto_reload_enabled ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="auto-reload-note">
              Auto-reload is on: {formatMoney(wallet.settings.auto_reload_amount, wallet.currency)} is added when the
              balance falls below {formatMoney(wallet.settings.auto_reload_threshold, wallet.currency)}.
            </p>
          ) : null}
          {wallet.test_mode ? (
            <p className="mt-2 text-xs text-amber-700 dark:text-amber-400">
              Test mode: payments use test cards and no real money moves.
            </p>
          ) : null}
          <h3 className="mt-4 text-sm font-semibold text-slate-700 dark:text-slate-200">Recent transactions</h3>
          {recent === undefined ? (
            <div className="flex justify-center py-4">
              <Spinner label="Loading transactions" />
            </div>
          ) : recent.length === 0 ? (
            <div className="mt-2">
              <EmptyState text={noRecentTransactionsText} />
            </div>
          ) : (
            <TransactionList transactions={recent} currency={wallet.currency} label="Recent transactions" />
          )}
        </>
      )}
    </Card>
  );
}
