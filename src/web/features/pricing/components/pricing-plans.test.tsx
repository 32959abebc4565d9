import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorBody } from '../../../test/fetch-stub';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

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
    expect(await screen.findByRole('heading', { name: 'Team' })).toBeInTheDocument();
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
    expect(await screen.findByRole('heading', { name: 'Free Trial' })).toBeInTheDocument();
    expect(screen.getByText('$0.00')).toBeInTheDocument();
  });
});
