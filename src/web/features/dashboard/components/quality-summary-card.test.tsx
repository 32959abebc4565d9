import type { SubscriptionAnalytics } from '@contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { fakeAdminApi, makeListedRole, makeRoutingPolicy, orgId } from '../../admin/test/fake-admin-api';
import { cacheTexts, qualityTexts } from '../../organization-settings/lib/quality-figures';
import {
  makeCacheQuality,
  makeRoutingQuality,
  noRoutingQuality,
} from '../../organization-settings/test/fake-routing-quality';
import { QualitySummaryCard } from './quality-summary-card';

const title = 'Quality of cheaper answers';
const qualityPath = `/api/org/${orgId}/routing-quality`;
const sampling = (rate: number) => {
  const saved = makeRoutingPolicy();
  return {
    ...saved,
    policy: {
      ...saved.policy,
      shadow_evaluation: { sampling_rate: rate, monthly_budget_usd: 10, judge_model_id: null },
    },
  };
};
const noAnalytics: SubscriptionAnalytics = {
  total_cost: 0,
  total_tokens_used: 0,
  tokens_remaining: 1_000_000,
  billing_cycle: { start_date: '2026-03-11', end_date: '2026-04-09', next_billing_date: '2026-04-10' },
  usage_by_model: [],
  usage_trend: [],
  cost_savings: [],
  cost_savings_total: { tokens_used: 0, actual_cost: 0, potential_cost: 0, savings: 0 },
};
const fact = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

function renderCardAlone() {
  const router = createMemoryRouter([{ path: '/', element: <QualitySummaryCard /> }]);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe("the dashboard's quality of cheaper answers", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-20T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('sits on the admin dashboard with the share judged as good, its interval, the samples and the month against the budget', async () => {
    fakeAdminApi({
      routingPolicy: sampling(0.1),
      routingQuality: makeRoutingQuality(),
      routes: {
        [`GET /subscription/analytics/${orgId}?start_date=2026-02-18&end_date=2026-03-20`]: () => ({
          body: noAnalytics,
        }),
      },
    });
    renderApp('/admin');
    const card = await screen.findByRole('region', { name: title });
    await waitFor(() =>
      expect(fact(card, 'Judged as good as the strongest model (95% interval)')).toBe(
        '92% (82–97%)92%, 95% interval 82% to 97%',
      ),
    );
    expect(within(card).getByText('92% (82–97%)')).toHaveAttribute('aria-hidden', 'true');
    expect(fact(card, 'Replies sampled')).toBe('53');
    expect(fact(card, 'Sampling cost, all time')).toBe('$0.42');
    expect(card).toHaveTextContent('Sampling this month: $2.50 of the $10.00 monthly budget');
    expect(
      within(card).getByRole('link', { name: 'By kind of prompt and tier in Organization settings' }),
    ).toHaveAttribute('href', '/admin/organization');
    expect(fact(card, 'Wrong cache hits (95% interval)')).toBe('2.5% (0.4–12.9%)2.5%, 95% interval 0.4% to 12.9%');
    expect(within(card).getByText('2.5% (0.4–12.9%)')).toHaveAttribute('aria-hidden', 'true');
    expect(fact(card, 'Cache hits checked')).toBe('40');
    expect(fact(card, 'Answered from the cache')).toBe('120 of 400 lookups');
    expect(fact(card, 'Cache savings, all time')).toBe('$3.25');
  });
});

describe('the quality summary card alone', () => {
  it('asks to switch shadow evaluation on when it is off, pointing to the settings', async () => {
    fakeAdminApi({ routingPolicy: sampling(0) });
    renderCardAlone();
    const card = await screen.findByRole('region', { name: title });
    expect(await within(card).findByText(qualityTexts.off)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Shadow evaluation in Organization settings' })).toBeInTheDocument();
    expect(card).toHaveTextContent(cacheTexts.noLookups);
  });

  it("shows the cache's wrong-hit rate and savings while shadow evaluation is off", async () => {
    fakeAdminApi({
      routingPolicy: sampling(0),
      routingQuality: { ...noRoutingQuality(), cache: makeCacheQuality() },
    });
    renderCardAlone();
    const card = await screen.findByRole('region', { name: title });
    expect(await within(card).findByText(qualityTexts.off)).toBeInTheDocument();
    expect(fact(card, 'Wrong cache hits (95% interval)')).toBe('2.5% (0.4–12.9%)2.5%, 95% interval 0.4% to 12.9%');
    expect(fact(card, 'Cache savings, all time')).toBe('$3.25');
    expect(card).not.toHaveTextContent(cacheTexts.noLookups);
  });

  it('says nothing was sampled yet while it is on', async () => {
    fakeAdminApi({ routingPolicy: sampling(0.5) });
    renderCardAlone();
    const card = await screen.findByRole('region', { name: title });
    expect(await within(card).findByText(qualityTexts.noSamples)).toBeInTheDocument();
    expect(card).toHaveTextContent('Sampling this month: $0.00 of the $10.00 monthly budget');
  });

  it('is not shown, nor asked for, to someone who is not an administrator', async () => {
    const modelManager = makeListedRole('Model Manager');
    const { requests } = fakeAdminApi({
      me: makeUser({ role: 'model manager', role_id: modelManager.id }),
      myRole: modelManager,
      routingQuality: makeRoutingQuality(),
    });
    renderCardAlone();
    await waitFor(() =>
      expect(requests.some((request) => request.path === `/api/roles/${modelManager.id}`)).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: title })).toBeNull();
    expect(requests.some((request) => request.path === qualityPath)).toBe(false);
  });
});
