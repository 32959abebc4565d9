import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { fakeBillingApi, makeTransaction, makeWallet, orgId } from '../test/fake-billing-api';
import { noRecentTransactionsText } from './wallet-card';

const card = (title: string) => screen.getByRole('region', { name: title });

async function openBilling() {
  const app = renderApp('/admin/billing');
  await screen.findByRole('heading', { name: 'Billing & Usage' });
  return app;
}

describe('the Wallet card (spec section 2)', () => {
  it('shows the balance with its currency and the 3 latest transactions: credits + in green, debits - in red', async () => {
    const transactions = [
      makeTransaction('t1', 'debit', 0.000135, 'Usage: GPT-4o mini'),
      makeTransaction('t2', 'credit', 25, 'Wallet top-up'),
      makeTransaction('t3', 'debit', 1.5, 'Usage: Claude Sonnet 4'),
      makeTransaction('t4', 'credit', 5, 'Trial credit'),
    ];
    const { requests } = fakeBillingApi({ wallet: makeWallet({ balance: 28.499865 }), transactions });
    await openBilling();
    const wallet = card('Wallet');
    await waitFor(() => expect(within(wallet).getByTestId('wallet-balance')).toHaveTextContent('$28.50 USD'));
    const recent = await within(wallet).findByRole('list', { name: 'Recent transactions' });
    const rows = within(recent).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByTestId('transaction-amount').textContent)).toEqual([
      '-$0.00014',
      '+$25.00',
      '-$1.50',
    ]);
    expect(within(rows[0]!).getByTestId('transaction-amount')).toHaveClass('text-red-700');
    expect(within(rows[1]!).getByTestId('transaction-amount')).toHaveClass('text-green-700');
    expect(within(rows[2]!).getByTestId('transaction-amount')).toHaveClass('text-red-700');
    expect(within(recent).queryByText('Trial credit')).toBeNull();
    expect(requests.some((request) => request.path === `/api/wallet/${orgId}/transactions?page=1&limit=3`)).toBe(true);
    expect(within(wallet).queryByTestId('auto-reload-note')).toBeNull();
    expect(within(wallet).getByText('Test mode: payments use test cards and no real money moves.')).toBeInTheDocument();
  });

  it("says 'No recent transactions' when the ledger is empty, and notes auto-reload when it is on", async () => {
    fakeBillingApi({
      wallet: makeWallet(
        { test_mode: false },
        { auto_reload_enabled: true, auto_reload_threshold: 5, auto_reload_amount: 20 },
      ),
      transactions: [],
    });
    await openBilling();
    const wallet = card('Wallet');
    expect(await within(wallet).findByText(noRecentTransactionsText)).toBeInTheDocument();
    expect(within(wallet).getByTestId('auto-reload-note')).toHaveTextContent(
      'Auto-reload is on: $20.00 is added when the balance falls below $5.00.',
    );
    expect(within(wallet).queryByText(/Test mode/)).toBeNull();
  });

  it('shows the default wallet and the failure in the red banner when the wallet cannot be loaded (spec section 8)', async () => {
    fakeBillingApi({ wallet: { status: 500, message: 'The wallet is unavailable' } });
    await openBilling();
    const wallet = card('Wallet');
    await waitFor(() => expect(within(wallet).getByTestId('wallet-balance')).toHaveTextContent('$0.00 USD'));
    expect(screen.getByTestId('error-banner')).toHaveTextContent('The wallet is unavailable');
    await userEvent.click(within(wallet).getByRole('button', { name: 'Wallet settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Wallet Settings' });
    expect(within(dialog).getByLabelText('Minimum top-up amount (USD)')).toHaveValue(10);
    expect(within(dialog).getByLabelText('Enable auto-reload')).not.toBeChecked();
  });

  it('hides the red banner after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fakeBillingApi({ wallet: { status: 500, message: 'The wallet is unavailable' } });
      await openBilling();
      await waitFor(() => expect(screen.getByTestId('error-banner')).toBeInTheDocument());
      await vi.advanceTimersByTimeAsync(5000);
      await waitFor(() => expect(screen.queryByTestId('error-banner')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the transactions list', () => {
  it('pages through every transaction, newest first, with signs and colours', async () => {
    const transactions = Array.from({ length: 12 }, (_, index) =>
      makeTransaction(`t${index + 1}`, index % 2 === 0 ? 'debit' : 'credit', index + 1, `Entry ${index + 1}`),
    );
    fakeBillingApi({ transactions });
    await openBilling();
    const list = await within(card('Transactions')).findByRole('list', { name: 'Transactions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(card('Transactions')).getByRole('status')).toHaveTextContent('Page 1 of 2 (12 transactions)');
    expect(within(card('Transactions')).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(card('Transactions')).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(card('Transactions')).getByRole('status')).toHaveTextContent('Page 2 of 2'));
    const second = within(within(card('Transactions')).getByRole('list', { name: 'Transactions' })).getAllByRole(
      'listitem',
    );
    expect(second.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Entry 11'),
      expect.stringContaining('Entry 12'),
    ]);
    expect(second.map((row) => within(row).getByTestId('transaction-amount').textContent)).toEqual([
      '-$11.00',
      '+$12.00',
    ]);
  });
});
