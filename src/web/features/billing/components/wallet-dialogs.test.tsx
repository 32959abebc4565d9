import { walletMessages } from '@contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorBody, type RecordedRequest } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { cardNumberRequired } from '../lib/top-up-form';
import { fakeBillingApi, makeWallet, orgId } from '../test/fake-billing-api';
import { testModeNote } from './top-up-dialog';

const card = (title: string) => screen.getByRole('region', { name: title });
const topUps = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'POST' && request.path === '/api/wallet/topup');

async function openTopUp() {
  renderApp('/admin/billing');
  const wallet = await screen.findByRole('region', { name: 'Wallet' });
  await waitFor(() => expect(within(wallet).getByTestId('wallet-balance')).toBeInTheDocument());
  await userEvent.click(within(wallet).getByRole('button', { name: 'Top Up' }));
  return screen.getByRole('dialog', { name: 'Top Up' });
}

async function fill(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
}

describe('the Top Up dialog (spec sections 2 and 5)', () => {
  it('asks for the amount in steps of 0.01, at least the minimum, and a test card in test mode', async () => {
    const { requests } = fakeBillingApi({ wallet: makeWallet({}, { min_top_up_amount: 10 }) });
    const dialog = await openTopUp();
    const amount = within(dialog).getByLabelText('Amount (USD)');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveValue(10);
    expect(within(dialog).getByTestId('test-mode-note')).toHaveTextContent(testModeNote);
    expect(testModeNote).toMatch(/no real money moves/);

    await fill(amount, '');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(within(dialog).getByText(walletMessages.minimumTopUp(10))).toBeInTheDocument();
    expect(within(dialog).getByText(cardNumberRequired)).toBeInTheDocument();
    await fill(amount, '9.99');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(within(dialog).getByText('Minimum top-up amount is 10')).toBeInTheDocument();
    await fill(amount, '10.005');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(within(dialog).getByText('Amount must have at most 2 decimal places')).toBeInTheDocument();
    expect(topUps(requests)).toHaveLength(0);

    await fill(amount, '12.34');
    await userEvent.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Top Up' })).toBeNull());
    expect(topUps(requests)).toHaveLength(1);
    expect(topUps(requests)[0]!.body).toEqual({
      amount: 12.34,
      currency: 'USD',
      payment_method: 'card',
      org_id: orgId,
      card_number: '4242424242424242',
    });
    expect(topUps(requests)[0]!.headers.get('Idempotency-Key')).toMatch(/^web-[0-9a-f]{32}$/);
    await waitFor(() => expect(within(card('Wallet')).getByTestId('wallet-balance')).toHaveTextContent('$17.34 USD'));
    expect(within(card('Wallet')).getByRole('list', { name: 'Recent transactions' })).toHaveTextContent('+$12.34');
    expect(screen.getByText('$12.34 added to the wallet.')).toBeInTheDocument();
  });

  it('sends one top-up for a double click or Enter pressed again while it is paying', async () => {
    let answer: (() => void) | undefined;
    const { requests } = fakeBillingApi({
      topUp: (request) =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              body: {
                status: 'succeeded',
                payment_id: 'p1',
                transaction: null,
                client_secret: null,
                checkout_url: null,
                balance: makeWallet({ balance: 15 }),
              },
            });
          void request;
        }),
    });
    const dialog = await openTopUp();
    await userEvent.type(within(dialog).getByLabelText('Card number'), '4242424242424242');
    const pay = within(dialog).getByRole('button', { name: 'Pay' });
    await userEvent.dblClick(pay);
    // Enter in a field submits the form even though the button is disabled.
    fireEvent.submit(pay.closest('form')!);
    fireEvent.submit(pay.closest('form')!);
    await waitFor(() => expect(topUps(requests)).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Paying...' })).toBeDisabled();
    answer!();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Top Up' })).toBeNull());
    expect(topUps(requests)).toHaveLength(1);
  });

  it('retries a top-up that timed out with the same Idempotency-Key, and a declined one with a new key', async () => {
    const answers = [
      { status: 500, body: apiErrorBody('internal', 'Internal server error') },
      { status: 402, body: apiErrorBody('payment_required', 'Your card was declined.') },
    ];
    const { requests } = fakeBillingApi({
      topUp: () =>
        answers.shift() ?? { status: 402, body: apiErrorBody('payment_required', 'Your card was declined.') },
    });
    const dialog = await openTopUp();
    await userEvent.type(within(dialog).getByLabelText('Card number'), '4000000000000002');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByTestId('error-banner')).toHaveTextContent('Internal server error');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('error-banner')).toHaveTextContent('Your card was declined.'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(topUps(requests)).toHaveLength(3));
    const keys = topUps(requests).map((request) => request.headers.get('Idempotency-Key'));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('closes with Escape after a refusal even when the focus fell to the page (the Pay button was disabled while paying)', async () => {
    fakeBillingApi({
      topUp: () => ({ status: 402, body: apiErrorBody('payment_required', 'Your card was declined.') }),
    });
    const dialog = await openTopUp();
    await userEvent.type(within(dialog).getByLabelText('Card number'), '4000000000000002');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByTestId('error-banner')).toHaveTextContent('Your card was declined.');
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Top Up' })).toBeNull();
  });

  it('closes with Escape', async () => {
    fakeBillingApi();
    await openTopUp();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Top Up' })).toBeNull();
  });
});

describe('the Wallet Settings dialog (spec sections 2 and 5)', () => {
  async function openSettings() {
    renderApp('/admin/billing');
    const wallet = await screen.findByRole('region', { name: 'Wallet' });
    await waitFor(() => expect(within(wallet).getByTestId('wallet-balance')).toBeInTheDocument());
    await userEvent.click(within(wallet).getByRole('button', { name: 'Wallet settings' }));
    return screen.getByRole('dialog', { name: 'Wallet Settings' });
  }

  it('shows the threshold and amount only while auto-reload is on, checks them, and saves all four', async () => {
    const { requests } = fakeBillingApi();
    const dialog = await openSettings();
    expect(within(dialog).getByLabelText('Minimum top-up amount (USD)')).toHaveValue(10);
    expect(within(dialog).queryByLabelText('Auto-reload threshold (USD)')).toBeNull();
    expect(within(dialog).queryByLabelText('Auto-reload amount (USD)')).toBeNull();

    await userEvent.click(within(dialog).getByLabelText('Enable auto-reload'));
    const threshold = within(dialog).getByLabelText('Auto-reload threshold (USD)');
    const amount = within(dialog).getByLabelText('Auto-reload amount (USD)');
    expect(threshold).toHaveValue(5);
    expect(amount).toHaveValue(20);
    expect(threshold).toHaveAttribute('step', '0.01');

    await fill(within(dialog).getByLabelText('Minimum top-up amount (USD)'), '-1');
    await fill(threshold, '-2');
    await fill(amount, '-3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(within(dialog).getByText(walletMessages.minimumNegative)).toBeInTheDocument();
    expect(within(dialog).getByText(walletMessages.thresholdNegative)).toBeInTheDocument();
    expect(within(dialog).getByText(walletMessages.reloadAmountNegative)).toBeInTheDocument();
    await fill(amount, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(within(dialog).getByText(walletMessages.reloadAmountZero)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    await fill(within(dialog).getByLabelText('Minimum top-up amount (USD)'), '15');
    await fill(threshold, '7.5');
    await fill(amount, '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Wallet Settings' })).toBeNull());
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      min_top_up_amount: 15,
      auto_reload_enabled: true,
      auto_reload_threshold: 7.5,
      auto_reload_amount: 30,
      org_id: orgId,
    });
    expect(await within(card('Wallet')).findByTestId('auto-reload-note')).toHaveTextContent(
      'Auto-reload is on: $30.00 is added when the balance falls below $7.50.',
    );
  });

  it('turning auto-reload off hides the two fields and keeps their saved values', async () => {
    const { requests } = fakeBillingApi({
      wallet: makeWallet({}, { auto_reload_enabled: true, auto_reload_threshold: 3, auto_reload_amount: 40 }),
    });
    const dialog = await openSettings();
    await fill(within(dialog).getByLabelText('Auto-reload threshold (USD)'), '-1');
    await userEvent.click(within(dialog).getByLabelText('Enable auto-reload'));
    expect(within(dialog).queryByLabelText('Auto-reload threshold (USD)')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(requests.find((request) => request.method === 'PUT')).toBeDefined());
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      auto_reload_enabled: false,
      auto_reload_threshold: 3,
      auto_reload_amount: 40,
    });
    await waitFor(() => expect(within(card('Wallet')).queryByTestId('auto-reload-note')).toBeNull());
  });

  it("shows the server's refusal in the dialog's red banner and closes with Escape", async () => {
    fakeBillingApi({
      routes: {
        [`PUT /wallet/${orgId}/settings`]: () => ({
          status: 403,
          body: apiErrorBody('forbidden', 'You do not have permission to do this.'),
        }),
      },
    });
    const dialog = await openSettings();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(await within(dialog).findByTestId('error-banner')).toHaveTextContent(
      'You do not have permission to do this.',
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Wallet Settings' })).toBeNull();
  });
});
