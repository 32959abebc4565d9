import type { SubscriptionAnalytics } from '@contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { fakeAdminApi, orgId } from '../../admin/test/fake-admin-api';
import { cacheTexts } from '../../organization-settings/lib/quality-figures';
import { businessPlan, fakeBillingApi, freePlan, onFreeTrial, subscribedTo, teamPlan } from '../test/fake-billing-api';

const card = (title: string) => screen.getByRole('region', { name: title });
const planRoutes = (current = onFreeTrial) => ({
  [`GET /subscription/plan/${orgId}`]: () => ({ body: current }),
  'GET /subscription/plans': () => ({ body: { plans: [freePlan, teamPlan, businessPlan] } }),
});

describe('controls for what the plan does not include say which plan does (docs/decisions/041)', () => {
  it('locks turning on required 2FA on the Free Trial, naming Business, and notes the audit log and routing', async () => {
    fakeAdminApi({ routes: planRoutes() });
    renderApp('/admin/organization');
    await screen.findByRole('heading', { name: 'Organization Settings' });
    await waitFor(() =>
      expect(within(card('Audit Log')).getByText(/Audit logging is included in the Business plan/)).toBeInTheDocument(),
    );
    expect(within(card('Audit Log')).getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/pricing');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Settings' }));
    const twoFactor = within(card('Security')).getByLabelText('Require two-factor authentication');
    expect(twoFactor).toBeDisabled();
    expect(twoFactor).toHaveAccessibleDescription(
      /Two-factor enforcement is included in the Business plan; your organization is on Free Trial\./,
    );
  });

  it('leaves them open on Business', async () => {
    fakeAdminApi({ routes: planRoutes(subscribedTo(businessPlan)) });
    renderApp('/admin/organization');
    await screen.findByRole('heading', { name: 'Organization Settings' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Settings' }));
    await waitFor(() =>
      expect(within(card('Security')).getByLabelText('Require two-factor authentication')).toBeEnabled(),
    );
    expect(screen.queryByTestId('plan-feature-note')).toBeNull();
  });
});

describe('the cost-savings CSV on a plan without CSV exports', () => {
  const analytics: SubscriptionAnalytics = {
    total_cost: 0.25,
    total_tokens_used: 1_000,
    tokens_remaining: 99_000,
    billing_cycle: { start_date: '2026-03-11', end_date: '2026-04-09', next_billing_date: '2026-04-10' },
    usage_by_model: [
      { model_id: 'openai/gpt-4o-mini', model_name: 'GPT-4o mini', tokens_used: 1_000, cost: 0.25, success_rate: 1 },
    ],
    usage_trend: [{ date: '2026-03-12', tokens_used: 1_000, cost: 0.25 }],
    cost_savings: [
      {
        model_id: 'openai/gpt-4o-mini',
        model_name: 'GPT-4o mini',
        daily_savings: [{ date: '2026-03-12', tokens_used: 1_000, actual_cost: 0.25, potential_cost: 1 }],
      },
    ],
    cost_savings_total: { tokens_used: 1_000, actual_cost: 0.25, potential_cost: 1, savings: 0.75 },
  };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-20T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('is not offered, and says which plan has it', async () => {
    fakeAdminApi({
      routes: {
        ...planRoutes(),
        [`GET /subscription/analytics/${orgId}?start_date=2026-02-18&end_date=2026-03-20`]: () => ({ body: analytics }),
      },
    });
    renderApp('/admin');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const savings = await screen.findByRole('region', { name: 'Cost Savings Analysis' });
    await waitFor(() =>
      expect(within(savings).getByTestId('plan-feature-note')).toHaveTextContent(
        'CSV exports of cost savings and ratings is included in the Business plan; your organization is on Free Trial.',
      ),
    );
    expect(within(savings).getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    // The quality figures' own file is the same feature.
    const quality = screen.getByRole('region', { name: 'Quality of cheaper answers' });
    expect(within(quality).getByTestId('plan-feature-note')).toHaveTextContent('included in the Business plan');
    await waitFor(() => expect(within(quality).getByText(cacheTexts.noLookups)).toBeInTheDocument());
    expect(within(quality).getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});

describe('the billing page shows the plan’s tokens this cycle and what happens past them', () => {
  it('fills the bar, says when it starts again, and says messages are refused once they are used', async () => {
    const allowance = {
      tokens_per_cycle: 20_000_000,
      tokens_used: 19_000_000,
      cycle_start: '2026-03-01',
      cycle_end: '2026-03-30',
      resets_on: '2026-03-31',
      exhausted: false,
    };
    fakeBillingApi({ plan: { ...subscribedTo(teamPlan), allowance } });
    renderApp('/admin/billing');
    const meter = await within(await screen.findByRole('region', { name: 'Current Plan' })).findByTestId(
      'plan-allowance',
    );
    expect(meter).toHaveTextContent('Tokens this cycle: 19,000,000 of 20,000,000 (95%) · starts again on Mar 31, 2026');
    expect(within(meter).getByRole('meter')).toHaveAttribute('aria-valuenow', '19000000');
    expect(within(meter).getByRole('meter').firstElementChild).toHaveClass('bg-red-600');
    expect(meter).toHaveTextContent('Past the tokens a plan includes, messages to models are refused');
  });

  it('says plainly when they are used', async () => {
    const allowance = {
      tokens_per_cycle: 100_000,
      tokens_used: 100_250,
      cycle_start: '2026-03-01',
      cycle_end: '2026-03-30',
      resets_on: '2026-03-31',
      exhausted: true,
    };
    fakeBillingApi({ plan: { ...onFreeTrial, allowance } });
    renderApp('/admin/billing');
    const meter = await within(await screen.findByRole('region', { name: 'Current Plan' })).findByTestId(
      'plan-allowance',
    );
    expect(within(meter).getByRole('alert')).toHaveTextContent(
      "The plan's tokens for this cycle are used: messages to models are refused until Mar 31, 2026, unless the plan is upgraded.",
    );
  });
});
