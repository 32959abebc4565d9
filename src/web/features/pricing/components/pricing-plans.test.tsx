import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorBody } from '../../../test/fetch-stub';
import { fakeApi, makeRole } from '../../../test/fake-api';
import { makeUser, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import {
  businessPlan,
  enterprisePlan,
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
  entitlements: [],
  tokens_per_cycle: 20_000_000,
  contact_sales: false,
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

describe('what each plan includes (docs/decisions/041)', () => {
  it('lists the features the server answers, sells Enterprise through sales, and says what happens past the tokens', async () => {
    fakeApi({
      routes: {
        'GET /subscription/plans': () => ({
          body: {
            plans: [
              freePlan,
              teamPlan,
              { ...businessPlan, features: ['100,000,000 tokens per billing cycle', 'Audit logging'] },
              enterprisePlan,
            ],
          },
        }),
      },
    });
    renderApp('/pricing');
    const business = await screen.findByRole('article', { name: 'Business' });
    expect(within(business).getByText('100,000,000 tokens per billing cycle')).toBeInTheDocument();
    expect(within(business).getByText('Audit logging')).toBeInTheDocument();
    const enterprise = screen.getByRole('article', { name: 'Enterprise' });
    expect(within(enterprise).getByRole('link', { name: 'Contact sales' })).toHaveAttribute(
      'href',
      'mailto:sales@tokenwise.ai?subject=Enterprise%20plan',
    );
    expect(within(enterprise).queryByRole('link', { name: 'Get started' })).toBeNull();
    expect(screen.getByTestId('past-allowance')).toHaveTextContent(
      'Past the tokens a plan includes, messages to models are refused until the next billing cycle or an upgrade; the free local model keeps working.',
    );
  });

  it('offers an admin no Subscribe for Enterprise', async () => {
    fakeBillingApi({ plans: [freePlan, billingTeamPlan, businessPlan, enterprisePlan] });
    renderApp('/pricing');
    const enterprise = await screen.findByRole('article', { name: 'Enterprise' });
    await waitFor(() => expect(within(planCardOf('Team')).getByRole('button')).toBeInTheDocument());
    expect(within(enterprise).queryByRole('button')).toBeNull();
    expect(within(enterprise).getByRole('link', { name: 'Contact sales' })).toBeInTheDocument();
  });
});

const planCardOf = (name: string) => screen.getByRole('article', { name });

describe('pricing page for signed-in people', () => {
  const planCard = (name: string) => screen.getByRole('article', { name });

  it('lets an admin subscribe to a plan, then marks it as the current plan', async () => {
    const { requests } = fakeBillingApi();
    renderApp('/pricing');
    await waitFor(() => expect(planCard('Free Trial')).toHaveTextContent('Current plan'));
    expect(planCard('Free Trial')).toHaveAttribute('aria-current', 'true');
    await userEvent.click(within(planCard('Team')).getByRole('button', { name: 'Subscribe to Team' }));
    const confirm = await screen.findByRole('dialog', { name: 'Subscribe to Team?' });
    expect(confirm).toHaveTextContent('$49.00 / monthly. Starts today; $49.00 is charged now.');
    expect(within(confirm).getByTestId('due-now')).toHaveTextContent('Due now: $49.00');
    await userEvent.type(within(confirm).getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Pay $49.00' }));
    await waitFor(() => expect(planCard('Team')).toHaveTextContent('Current plan'));
    expect(planCard('Free Trial')).not.toHaveTextContent('Current plan');
    expect(within(planCard('Team')).getByRole('link', { name: 'Manage in Billing & Usage' })).toHaveAttribute(
      'href',
      '/admin/billing',
    );
    expect(within(planCard('Business')).getByRole('button', { name: 'Switch to Business' })).toBeInTheDocument();
    const purchase = requests.find((request) => request.path === '/api/subscription/purchase');
    expect(purchase?.body).toEqual({
      org_id: orgId,
      plan_id: 'team',
      payment_method: 'card',
      card_number: '4242 4242 4242 4242',
    });
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
    // The subscription's period is long past here: nothing is left of it to prorate, so nothing is paid now.
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Switch to Business?' })).getByRole('button', {
        name: 'Switch plan',
      }),
    );
    await waitFor(() => expect(planCard('Business')).toHaveTextContent('Current plan'));
    expect(requests.find((request) => request.path === `/api/subscription/update/${orgId}`)?.body).toEqual({
      plan_id: 'business',
    });
  });

  it('keeps the plan and says why when the test card is declined, in the dialog', async () => {
    const { requests } = fakeBillingApi({
      routes: {
        'POST /subscription/purchase': () => ({
          status: 402,
          body: apiErrorBody(
            'payment_required',
            'Your card was declined. Nothing was charged and the plan is unchanged.',
          ),
        }),
      },
    });
    renderApp('/pricing');
    await waitFor(() => expect(planCard('Free Trial')).toHaveTextContent('Current plan'));
    await userEvent.click(within(planCard('Team')).getByRole('button', { name: 'Subscribe to Team' }));
    const confirm = await screen.findByRole('dialog', { name: 'Subscribe to Team?' });
    await userEvent.type(within(confirm).getByLabelText('Card number'), '4000 0000 0000 0002');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Pay $49.00' }));
    expect(await within(confirm).findByTestId('error-banner')).toHaveTextContent(
      'Your card was declined. Nothing was charged and the plan is unchanged.',
    );
    expect(planCard('Free Trial')).toHaveTextContent('Current plan');
    // Another card is another attempt: a new Idempotency-Key.
    await userEvent.clear(within(confirm).getByLabelText('Card number'));
    await userEvent.type(within(confirm).getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Pay $49.00' }));
    await waitFor(() =>
      expect(requests.filter((request) => request.path === '/api/subscription/purchase')).toHaveLength(2),
    );
    const keys = requests
      .filter((request) => request.path === '/api/subscription/purchase')
      .map((request) => request.headers.get('Idempotency-Key'));
    expect(new Set(keys).size).toBe(2);
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
