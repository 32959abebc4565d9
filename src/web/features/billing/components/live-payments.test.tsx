import type { WalletPayment } from '@contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { fakeBillingApi, makeWallet, orgId } from '../test/fake-billing-api';

const goToCheckout = vi.hoisted(() => vi.fn());
vi.mock('../lib/checkout-redirect', () => ({ goToCheckout }));

const checkoutUrl = 'https://checkout.stripe.test/pay/cs_test_1';
const payment = (overrides: Partial<WalletPayment>): WalletPayment => ({
  id: '11111111-1111-4111-8111-111111111111',
  purpose: 'top_up',
  status: 'pending',
  amount: 25,
  currency: 'USD',
  failure_message: null,
  checkout_url: checkoutUrl,
  transaction: null,
  paid_with: null,
  receipt_path: null,
  created_at: '2026-03-04T05:06:07.000Z',
  updated_at: '2026-03-04T05:06:07.000Z',
  ...overrides,
});

beforeEach(() => goToCheckout.mockReset());

describe('card payments with Stripe (docs/decisions/024)', () => {
  it('takes a top-up to Stripe Checkout without asking for a card here', async () => {
    const live = makeWallet({ test_mode: false });
    const { requests } = fakeBillingApi({
      wallet: live,
      topUp: () => ({
        status: 202,
        body: {
          status: 'pending',
          payment_id: payment({}).id,
          transaction: null,
          client_secret: null,
          checkout_url: checkoutUrl,
          balance: live,
        },
      }),
    });
    renderApp('/admin/billing');
    const wallet = await screen.findByRole('region', { name: 'Wallet' });
    await userEvent.click(await within(wallet).findByRole('button', { name: 'Top Up' }));
    const dialog = screen.getByRole('dialog', { name: 'Top Up' });
    expect(within(dialog).queryByLabelText('Card number')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith(checkoutUrl));
    const sent = requests.filter((request) => request.path === '/api/wallet/topup');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ amount: 10, currency: 'USD', payment_method: 'card', org_id: orgId });
  });

  it('follows the payment Checkout came back with until Stripe confirmed it', async () => {
    let state = payment({});
    fakeBillingApi({
      wallet: makeWallet({ test_mode: false }),
      routes: { [`GET /wallet/${orgId}/payments/${state.id}`]: () => ({ body: state }) },
    });
    renderApp(`/admin/billing?payment=${state.id}`);
    const notice = await screen.findByTestId('payment-return');
    await waitFor(() => expect(notice).toHaveTextContent('Confirming the top-up of $25.00 with Stripe...'));
    state = payment({
      status: 'succeeded',
      checkout_url: null,
      transaction: {
        id: 't1',
        description: 'Top-up by card',
        is_auto_reload: false,
        timestamp: state.created_at,
        type: 'credit',
        amount: 25,
      },
    });
    await waitFor(() => expect(screen.getByTestId('payment-return')).toHaveTextContent('$25.00 added to the wallet.'), {
      timeout: 5_000,
    });
  });

  it('says nothing was charged when the customer left Checkout, and why a plan payment failed', async () => {
    const cancelled = payment({ purpose: 'plan', amount: 49 });
    fakeBillingApi({ routes: { [`GET /wallet/${orgId}/payments/${cancelled.id}`]: () => ({ body: cancelled }) } });
    renderApp(`/admin/billing?payment=${cancelled.id}&checkout=cancelled`);
    await waitFor(() =>
      expect(
        screen.getByText('The plan payment of $49.00 was not completed: nothing was charged.'),
      ).toBeInTheDocument(),
    );
  });

  it('takes a plan purchase to Checkout when the server answers its page', async () => {
    fakeBillingApi({
      wallet: makeWallet({ test_mode: false }),
      routes: {
        'POST /subscription/purchase': () => ({
          status: 202,
          body: {
            id: 'free',
            name: 'Free Trial',
            description: 'Try it',
            price: 0,
            currency: 'USD',
            billing_cycle: 'monthly',
            features: [],
            entitlements: [],
            contact_sales: false,
            tokens_per_cycle: null,
            subscription: null,
            allowance: null,
            charge: null,
            payment_id: payment({}).id,
            checkout_url: checkoutUrl,
          },
        }),
      },
    });
    renderApp('/admin/billing');
    const plan = await screen.findByRole('region', { name: 'Current Plan' });
    await userEvent.click(await within(plan).findByRole('button', { name: 'Choose a plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a plan' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /Team/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $49.00' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith(checkoutUrl));
  });
});
