import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorBody } from '../../../test/fetch-stub';
import { fakeApi, makeRole } from '../../../test/fake-api';
import { makeUser, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import {
  businessPlan,
  fakeBillingApi,
  freePlan,
  orgId,
  subscribedTo,
  teamPlan as billingTeamPlan,
} from '../../billing/test/fake-billing-api';

const teamPlan = {
  id: 'team',
  name: 'Team',
  description: 'For growing teams',
  price: 49,
  currency: 'USD',
  billing_cycle: 'monthly',
  features: ['Semantic cache', 'Usage dashboard'],
};

describe('pricing page', () => {
  it('lists the plans the server offers', async () => {
    fakeApi({ routes: { 'GET /subscription/plans': () => ({ body: { plans: [teamPlan] } }) } });
    renderApp('/pricing');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Team' })).toBeInTheDocument());
    expect(screen.getByText('$49.00')).toBeInTheDocument();
    expect(screen.getByText('Semantic cache')).toBeInTheDocument();
  });

  it.each([
    { name: 'fails', answer: { status: 500, body: apiErrorBody('internal', 'Internal server error') } },
    { name: 'is empty', answer: { body: { plans: [] } } },
  ])('shows the Free Trial plan when the plans call $name', async ({ answer }) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi({ routes: { 'GET /subscription/plans': () => answer } });
    renderApp('/pricing');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Free Trial' })).toBeInTheDocument());
    expect(screen.getByText('$0.00')).toBeInTheDocument();
  });
});

describe('pricing page for signed-in people', () => {
  const planCard = (name: string) => screen.getByRole('article', { name });

  it('lets an admin subscribe to a plan, then marks it as the current plan', async () => {
    const { requests } = fakeBillingApi();
    renderApp('/pricing');
    await waitFor(() => expect(planCard('Free Trial')).toHaveTextContent('Current plan'));
    expect(planCard('Free Trial')).toHaveAttribute('aria-current', 'true');
    await userEvent.click(within(planCard('Team')).getByRole('button', { name: 'Subscribe to Team' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Subscribe to Team?' });
    expect(confirm).toHaveTextContent('$49.00 / monthly. Starts today; $49.00 is charged now.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(planCard('Team')).toHaveTextContent('Current plan'));
    expect(planCard('Free Trial')).not.toHaveTextContent('Current plan');
    expect(within(planCard('Team')).getByRole('link', { name: 'Manage in Billing & Usage' })).toHaveAttribute(
      'href',
      '/admin/billing',
    );
    expect(within(planCard('Business')).getByRole('button', { name: 'Switch to Business' })).toBeInTheDocument();
    const purchase = requests.find((request) => request.path === '/api/subscription/purchase');
    expect(purchase?.body).toEqual({ org_id: orgId, plan_id: 'team', payment_method: 'card' });
    expect(purchase?.headers.get('Idempotency-Key')).toMatch(/^web-/);
  });

  it('switches an admin with a subscription through the update call', async () => {
    const { requests } = fakeBillingApi({
      plan: subscribedTo(billingTeamPlan),
      plans: [freePlan, billingTeamPlan, businessPlan],
    });
    renderApp('/pricing');
    await userEvent.click(
      await within(await screen.findByRole('article', { name: 'Business' })).findByRole('button', {
        name: 'Switch to Business',
      }),
    );
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Switch to Business?' })).getByRole('button', {
        name: 'Switch plan',
      }),
    );
    await waitFor(() => expect(planCard('Business')).toHaveTextContent('Current plan'));
    expect(requests.find((request) => request.path === `/api/subscription/update/${orgId}`)?.body).toEqual({
      plan_id: 'business',
    });
  });

  it('tells someone without the billing scope to ask an administrator, and reads no plan', async () => {
    signIn();
    const { requests } = fakeApi({
      user: makeUser({ role: 'user' }),
      role: makeRole('Member'),
      routes: { 'GET /subscription/plans': () => ({ body: { plans: [teamPlan] } }) },
    });
    renderApp('/pricing');
    const team = await screen.findByRole('article', { name: 'Team' });
    await waitFor(() =>
      expect(team).toHaveTextContent('Ask an administrator of your organization to change the plan.'),
    );
    expect(within(team).queryByRole('button')).toBeNull();
    expect(requests.some((request) => request.path.startsWith('/api/subscription/plan/'))).toBe(false);
  });

  it('offers visitors who are not signed in to get started', async () => {
    fakeApi({ routes: { 'GET /subscription/plans': () => ({ body: { plans: [teamPlan] } }) } });
    renderApp('/pricing');
    const team = await screen.findByRole('article', { name: 'Team' });
    expect(within(team).getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/signup');
  });
});
