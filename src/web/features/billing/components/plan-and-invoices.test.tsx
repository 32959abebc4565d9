import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorBody } from '../../../test/fetch-stub';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { makeListedRole } from '../../admin/test/fake-admin-api';
import {
  businessPlan,
  fakeBillingApi,
  makeInvoice,
  makeWallet,
  orgId,
  subscribedTo,
  teamPlan,
} from '../test/fake-billing-api';
import { noInvoicesText } from './invoices-card';
import { noUsageText } from './usage-card';

const card = (title: string) => screen.getByRole('region', { name: title });

async function openBilling() {
  const app = renderApp('/admin/billing');
  await screen.findByRole('heading', { name: 'Billing & Usage' });
  return app;
}

describe('the current plan', () => {
  it('says plainly that a plan is past due, when the card is tried again and how to update it', async () => {
    const since = '2026-03-31T00:10:00.000Z';
    fakeBillingApi({
      plan: subscribedTo(teamPlan, {
        status: 'past_due',
        current_period_start: '2026-03-31',
        current_period_end: '2026-04-29',
        next_billing_date: '2026-04-30',
        past_due: {
          since,
          reason: 'Your card was declined.',
          retries_made: 1,
          retries_left: 2,
          next_retry_at: '2026-04-03T12:00:00.000Z',
        },
      }),
    });
    await openBilling();
    const alert = await within(card('Current Plan')).findByTestId('subscription-past-due');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent(
      'Payment past due: the renewal of Team could not be charged (Your card was declined). The plan stays on while it is retried.',
    );
    expect(alert).toHaveTextContent(
      'Next retry on Apr 3, 2026 (2 tries left); if none succeeds, the organization returns to the Free Trial.',
    );
    expect(alert).toHaveTextContent(
      'To update the card, top up the wallet with the new card: it is saved and the next retry charges it.',
    );
  });

  it('shows no past-due notice for a plan that renews normally', async () => {
    fakeBillingApi({ plan: subscribedTo(teamPlan) });
    await openBilling();
    expect(
      await within(card('Current Plan')).findByText('Renews on Mar 31, 2026, charged to the saved card.'),
    ).toBeInTheDocument();
    expect(within(card('Current Plan')).queryByTestId('subscription-past-due')).toBeNull();
  });

  it('subscribes from the Free Trial to a plan from the server, with an Idempotency-Key', async () => {
    const { requests } = fakeBillingApi();
    await openBilling();
    const plan = card('Current Plan');
    expect(await within(plan).findByTestId('current-plan-name')).toHaveTextContent('Free Trial');
    expect(within(plan).getByText('No subscription: the organization is on the Free Trial.')).toBeInTheDocument();
    expect(within(plan).queryByRole('button', { name: 'Cancel plan' })).toBeNull();

    await userEvent.click(within(plan).getByRole('button', { name: 'Choose a plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a plan' });
    const choices = within(within(dialog).getByRole('group', { name: 'Plans' })).getAllByRole('radio');
    expect(choices.map((choice) => (choice as HTMLInputElement).value)).toEqual(['team', 'business']);
    await userEvent.click(within(dialog).getByRole('radio', { name: /Business/ }));
    expect(within(dialog).getByTestId('due-now')).toHaveTextContent('Due now: $199.00');
    // Test mode: paid by a test card, asked for before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $199.00' }));
    expect(within(dialog).getByLabelText('Card number')).toHaveAccessibleDescription(
      /Enter a test card number, such as 4242 4242 4242 4242\./,
    );
    expect(requests.some((request) => request.path === '/api/subscription/purchase')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $199.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const purchase = requests.find(
      (request) => request.method === 'POST' && request.path === '/api/subscription/purchase',
    );
    expect(purchase?.body).toEqual({
      org_id: orgId,
      plan_id: 'business',
      payment_method: 'card',
      card_number: '4242 4242 4242 4242',
    });
    expect(purchase?.headers.get('Idempotency-Key')).toMatch(/^web-/);
    expect(within(plan).getByTestId('current-plan-name')).toHaveTextContent('Business');
    expect(
      screen.getByText('Your plan is now Business: $199.00 paid with Visa •••• 4242 (test card: no real money).'),
    ).toBeInTheDocument();
    expect(within(plan).getByText('Renews on Mar 31, 2026, charged to the saved card.')).toBeInTheDocument();
  });

  it('changes the plan, saying an upgrade is charged now and a downgrade waits for the period end', async () => {
    const { requests } = fakeBillingApi({
      plan: subscribedTo(teamPlan),
      plans: [teamPlan, businessPlan, { ...teamPlan, id: 'starter', name: 'Starter', price: 9 }],
    });
    await openBilling();
    await userEvent.click(await within(card('Current Plan')).findByRole('button', { name: 'Change plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Change plan' });
    expect(
      within(dialog)
        .getByRole('radio', { name: /Business/ })
        .closest('label'),
    ).toHaveTextContent('An upgrade: takes effect now');
    expect(
      within(dialog)
        .getByRole('radio', { name: /Starter/ })
        .closest('label'),
    ).toHaveTextContent('A downgrade: takes effect on Mar 31, 2026');
    expect(within(dialog).queryByRole('radio', { name: /^Team/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Business/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    await waitFor(() =>
      expect(within(card('Current Plan')).getByTestId('current-plan-name')).toHaveTextContent('Business'),
    );
    const update = requests.find((request) => request.path === `/api/subscription/update/${orgId}`);
    expect(update?.body).toEqual({ plan_id: 'business' });
    expect(update?.headers.get('Idempotency-Key')).toMatch(/^web-/);
  });

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  // 10 of 30 days left: (199 - 49) × 10 / 30 = $50.00 now.
  const teamMidPeriod = () =>
    subscribedTo(teamPlan, { current_period_start: day(-20), current_period_end: day(9), next_billing_date: day(10) });

  async function chooseBusinessFromWallet() {
    await userEvent.click(await within(card('Current Plan')).findByRole('button', { name: 'Change plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Change plan' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /Business/ }));
    expect(within(dialog).getByTestId('due-now')).toHaveTextContent('Due now: $50.00');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Prepaid wallet/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $50.00' }));
    return dialog;
  }

  it('refuses before sending an upgrade from a wallet that cannot pay it, in the server’s words', async () => {
    const { requests } = fakeBillingApi({ wallet: makeWallet({ balance: 20.005 }), plan: teamMidPeriod() });
    await openBilling();
    const dialog = await chooseBusinessFromWallet();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The wallet balance is too low to pay $50.00: $20.00 is available. Top up the wallet in Billing & Usage, or pay by card.',
    );
    expect(requests.some((request) => request.path === `/api/subscription/update/${orgId}`)).toBe(false);
  });

  it('pays an upgrade from the wallet when chosen', async () => {
    const { requests } = fakeBillingApi({ wallet: makeWallet({ balance: 80 }), plan: teamMidPeriod() });
    await openBilling();
    await chooseBusinessFromWallet();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.path === `/api/subscription/update/${orgId}`)?.body).toEqual({
      plan_id: 'business',
      payment_method: 'wallet',
    });
    expect(screen.getByText('Your plan is now Business: $199.00 paid with the prepaid wallet.')).toBeInTheDocument();
  });

  it('cancels after a confirmation saying the plan stays until the end of the period, and can keep it', async () => {
    const { requests } = fakeBillingApi({ plan: subscribedTo(teamPlan) });
    await openBilling();
    const plan = card('Current Plan');
    await userEvent.click(await within(plan).findByRole('button', { name: 'Cancel plan' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel the plan?' });
    expect(confirm).toHaveTextContent(
      'Team stays until the end of the current period (Mar 30, 2026), then the organization returns to the Free Trial.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.path.startsWith('/api/subscription/cancel/'))).toBe(false);

    await userEvent.click(within(plan).getByRole('button', { name: 'Cancel plan' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel plan' }));
    expect(
      await within(plan).findByText(
        'Cancelled: Team stays until the end of the period (Mar 30, 2026), then the Free Trial.',
      ),
    ).toBeInTheDocument();
    expect(
      requests.filter((request) => request.method === 'POST' && request.path === `/api/subscription/cancel/${orgId}`),
    ).toHaveLength(1);
    expect(within(plan).queryByRole('button', { name: 'Cancel plan' })).toBeNull();

    await userEvent.click(within(plan).getByRole('button', { name: 'Keep Team' }));
    await waitFor(() =>
      expect(requests.find((request) => request.path === `/api/subscription/update/${orgId}`)?.body).toEqual({
        plan_id: 'team',
      }),
    );
  });

  it('shows the Free Trial and the failure in the red banner when the plan cannot be loaded (spec section 8)', async () => {
    fakeBillingApi({ plan: { status: 500, message: 'Plans are unavailable right now' } });
    await openBilling();
    expect(await within(card('Current Plan')).findByTestId('current-plan-name')).toHaveTextContent('Free Trial');
    expect(screen.getByTestId('error-banner')).toHaveTextContent('Plans are unavailable right now');
  });

  it("shows a refused change in the dialog's banner and keeps the dialog open", async () => {
    fakeBillingApi({
      plan: subscribedTo(teamPlan),
      routes: {
        [`POST /subscription/update/${orgId}`]: () => ({
          status: 402,
          body: apiErrorBody('payment_required', 'Your card was declined.'),
        }),
      },
    });
    await openBilling();
    await userEvent.click(await within(card('Current Plan')).findByRole('button', { name: 'Change plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Change plan' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    expect(await within(dialog).findByTestId('error-banner')).toHaveTextContent('Your card was declined.');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('usage for the period', () => {
  it('shows the total, each model and a bar per day, and asks again for another period', async () => {
    const breakdown = {
      period: 'month' as const,
      total: { requests: 3, tokens: 1500, cost: 0.0042 },
      by_date: [
        { date: '2026-03-02', requests: 1, tokens: 500, cost: 0.0012 },
        { date: '2026-03-03', requests: 2, tokens: 1000, cost: 0.003 },
      ],
      by_model: [
        { model_id: 'openai/gpt-4o-mini', model_name: 'GPT-4o mini', requests: 2, tokens: 1000, cost: 0.003 },
        {
          model_id: 'anthropic/claude-sonnet-4',
          model_name: 'Claude Sonnet 4',
          requests: 1,
          tokens: 500,
          cost: 0.0012,
        },
      ],
    };
    const { requests } = fakeBillingApi({ breakdown });
    await openBilling();
    const usage = card('Usage');
    const models = await within(usage).findByRole('list', { name: 'Usage by model' });
    expect(within(models).getByRole('listitem', { name: 'GPT-4o mini' })).toHaveTextContent(
      '2 requests · 1,000 tokens · $0.003',
    );
    expect(within(usage).getByRole('figure', { name: 'Tokens used per day in the period' })).toHaveAttribute(
      'data-points',
      '2',
    );
    expect(within(usage).getByText('1,500')).toBeInTheDocument();
    expect(requests.some((request) => request.path === `/api/subscription/usage/${orgId}?period=month`)).toBe(true);
    await userEvent.selectOptions(within(usage).getByLabelText('Period'), 'Last 7 days');
    await waitFor(() =>
      expect(requests.some((request) => request.path === `/api/subscription/usage/${orgId}?period=week`)).toBe(true),
    );
  });

  it('says when the period has no usage', async () => {
    fakeBillingApi();
    await openBilling();
    expect(await within(card('Usage')).findByText(noUsageText)).toBeInTheDocument();
  });
});

describe('invoices', () => {
  it('lists the invoices and downloads one as its PDF', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n...');
    const { requests } = fakeBillingApi({
      invoices: [
        makeInvoice('0002', {
          number: null,
          status: 'draft',
          period_start: '2026-03-01',
          period_end: '2026-03-30',
          total: 0.0042,
          amount_paid: 0,
          amount_due: 0.0042,
        }),
        makeInvoice('0001'),
      ],
      routes: {
        [`GET /subscription/invoices/${orgId}/0001/pdf`]: () => ({
          file: {
            bytes: pdf,
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="invoice-TW-ORG1-0001.pdf"',
            },
          },
        }),
      },
    });
    await openBilling();
    const list = await within(card('Invoices')).findByRole('list', { name: 'Invoices' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Draft Mar 1, 2026', 'TW-ORG1-0001']);
    expect(within(list).getByRole('listitem', { name: 'TW-ORG1-0001' })).toHaveTextContent('Paid');
    expect(within(list).getByRole('listitem', { name: 'Draft Mar 1, 2026' })).toHaveTextContent('$0.0042');

    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:invoice';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await userEvent.click(within(list).getByRole('button', { name: 'Download TW-ORG1-0001 (PDF)' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('invoice-TW-ORG1-0001.pdf');
    expect(new TextDecoder().decode(await blobs[0]!.arrayBuffer())).toBe('%PDF-1.7\n...');
    const download = requests.find((request) => request.path === `/api/subscription/invoices/${orgId}/0001/pdf`);
    expect(download?.headers.get('Accept')).toBe('application/pdf');
    expect(download?.authorization).toBe('Bearer access-1');
  });

  it('lists the payments against an invoice, never a top-up, and downloads a payment’s receipt', async () => {
    const receiptPath = `/api/wallet/${orgId}/payments/pay-1/receipt`;
    const { requests } = fakeBillingApi({
      invoices: [
        makeInvoice('0001', {
          lines: [
            { line_number: 1, kind: 'plan', description: 'Team plan', model_id: null, quantity: null, amount: 49 },
            {
              line_number: 2,
              kind: 'usage',
              description: 'Usage: GPT-4o mini',
              model_id: 'm',
              quantity: 10,
              amount: 0.5,
            },
          ],
          total: 49.5,
          amount_paid: 49.5,
          payments: [
            {
              id: 'pay-1',
              method: 'test_card',
              description: 'Team plan: Visa •••• 4242 (test card: no real money)',
              amount: 49,
              paid_at: '2026-02-01T10:00:00.000Z',
              receipt_path: receiptPath,
            },
            {
              id: null,
              method: 'wallet',
              description: 'Usage, paid from the prepaid wallet as it was used',
              amount: 0.5,
              paid_at: '2026-02-28T10:00:00.000Z',
              receipt_path: null,
            },
          ],
        }),
      ],
      routes: {
        'GET /wallet/org-1/payments/pay-1/receipt': () => ({
          file: {
            bytes: new TextEncoder().encode('%PDF-1.7 receipt'),
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="receipt-R-PAY1.pdf"',
            },
          },
        }),
      },
    });
    await openBilling();
    const invoice = await within(card('Invoices')).findByRole('listitem', { name: 'TW-ORG1-0001' });
    expect(invoice).toHaveTextContent('Paid $49.50');
    const payments = within(invoice).getByRole('list', { name: 'Payments of TW-ORG1-0001' });
    expect(
      within(payments)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Team plan: Visa •••• 4242 (test card: no real money)$49.00'),
      expect.stringContaining('Usage, paid from the prepaid wallet as it was used$0.50'),
    ]);
    URL.createObjectURL = vi.fn(() => 'blob:receipt');
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    expect(within(payments).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(payments).getByRole('button', { name: 'Receipt for $49.00 paid Feb 1, 2026 (PDF)' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('receipt-R-PAY1.pdf');
    expect(requests.some((request) => request.path === `/api/wallet/${orgId}/payments/pay-1/receipt`)).toBe(true);
  });

  it('says when there are none', async () => {
    fakeBillingApi({ invoices: [] });
    await openBilling();
    expect(await within(card('Invoices')).findByText(noInvoicesText)).toBeInTheDocument();
  });

  it('shows a failed download in the red banner', async () => {
    fakeBillingApi({
      invoices: [makeInvoice('0001')],
      routes: {
        [`GET /subscription/invoices/${orgId}/0001/pdf`]: () => ({
          status: 404,
          body: apiErrorBody('not_found', 'Invoice not found'),
        }),
      },
    });
    await openBilling();
    await userEvent.click(await within(card('Invoices')).findByRole('button', { name: 'Download TW-ORG1-0001 (PDF)' }));
    expect(await screen.findByTestId('error-banner')).toHaveTextContent('Invoice not found');
  });
});

describe('who may open Billing & Usage (spec section 6)', () => {
  it('lets a billing manager in', async () => {
    const billingManager = makeListedRole('Billing Manager');
    fakeBillingApi({ me: makeUser({ role: 'Billing Manager', role_id: billingManager.id }), roles: [billingManager] });
    await openBilling();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Wallet' })).toBeInTheDocument());
  });
});
