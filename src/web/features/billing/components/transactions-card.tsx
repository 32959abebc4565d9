import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Card } from '../../admin/components/card';
import { EmptyState } from '../../dashboard/components/empty-state';
import { useReportFailure } from '../../admin/hooks/use-report-failure';
import { transactionPageSize, useWalletTransactions } from '../hooks/use-wallet';
import { TransactionList } from './transaction-list';

const noTransactionsText = 'No transactions yet.';

/** Every ledger row, newest first, a page at a time. */
export function TransactionsCard({ currency, onError }: { currency: string; onError: (error: unknown) => void }) {
  const [page, setPage] = useState(1);
  const query = useWalletTransactions(page, transactionPageSize);
  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / transactionPageSize)) : 1;
  useReportFailure(query.error, onError);
  return (
    <Card title="Transactions">
      {query.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading transactions" />
        </div>
      ) : !data || data.transactions.length === 0 ? (
        <EmptyState text={noTransactionsText} />
      ) : (
        <>
          <TransactionList transactions={data.transactions} currency={currency} label="Transactions" />
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
            <span role="status">
              Page {page} of {pageCount} ({data.total} transactions)
            </span>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                disabled={page <= 1 || query.isFetching}
                onClick={() => setPage((current) => current - 1)}
              >
                Previous
              </Button>
              <Button
                variant="secondary"
                disabled={page >= pageCount || query.isFetching}
                onClick={() => setPage((current) => current + 1)}
              >
                Next
              </Button>
            </div>
          </div>
        </>
      )}
    </Card>
  );
}
