import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { fakeAdminApi, makeListedRole, makeRoutingPolicy, orgId } from '../../admin/test/fake-admin-api';
import { cacheTexts, qualityTexts } from '../lib/quality-figures';
import { makeRoutingQuality, noRoutingQuality } from '../test/fake-routing-quality';
import { RoutingCacheCard } from './routing-cache-card';

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

async function openQuality() {
  renderApp('/admin/organization');
  const card = await screen.findByRole('region', { name: 'Routing & Cache' });
  return within(card).findByRole('region', { name: 'Quality' });
}

// Header and data cells alike, in order: a row's first cell is its header (scope="row").
const rowTexts = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('Routing & Cache: Quality', () => {
  it('shows each kind of prompt and tier with the share judged as good, its 95% interval and the sampling cost', async () => {
    fakeAdminApi({ routingPolicy: sampling(0.1), routingQuality: makeRoutingQuality() });
    const quality = await openQuality();
    const table = await within(quality).findByRole('table', {
      name: 'Quality of cheaper answers by kind of prompt and model tier',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Kind of prompt',
      'Model tier',
      'Replies sampled',
      'As good as the strongest model (95% interval)',
      'Sampling cost',
    ]);
    const [, code, question, all] = within(table).getAllByRole('row') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(code).getByRole('rowheader')).toHaveTextContent('Code');
    expect(within(code).getByText('94% (84–98%)')).toHaveAttribute('aria-hidden', 'true');
    expect(within(code).getByText('94%, 95% interval 84% to 98%')).toHaveClass('sr-only');
    expect(rowTexts(code)).toEqual(['Code', 'Tier 1', '50', '94% (84–98%)94%, 95% interval 84% to 98%', '$0.41']);
    expect(rowTexts(question)).toEqual([
      'Questions',
      'Tier 2',
      '3',
      '67% (21–94%)67%, 95% interval 21% to 94%',
      '$0.0042',
    ]);
    expect(rowTexts(all)).toEqual(['All sampled replies', '53', '92% (82–97%)92%, 95% interval 82% to 97%', '$0.42']);
    expect(quality).toHaveTextContent('Sampling this month: $2.50 of the $10.00 monthly budget');
    expect(quality).toHaveTextContent(
      "Your organization's own router has learned from 53 labels of the 200 it needs before it chooses Auto's tier; until then the global router does.",
    );
  });

  it("says when the organization's own router chooses Auto's tier", async () => {
    const measured = makeRoutingQuality();
    fakeAdminApi({
      routingPolicy: sampling(0.1),
      routingQuality: {
        ...measured,
        router: { ...measured.router, labels: 240, decides: true, deciding_since: '2026-11-21T12:00:00.000Z' },
      },
    });
    const quality = await openQuality();
    expect(
      await within(quality).findByText(
        "Your organization's own router chooses Auto's tier since 11/21/2026, learned from 240 labels.",
      ),
    ).toBeInTheDocument();
  });

  it('says shadow evaluation is off, and asks to switch it on, when it is off and nothing was sampled', async () => {
    fakeAdminApi({ routingPolicy: sampling(0) });
    const quality = await openQuality();
    expect(await within(quality).findByText(qualityTexts.off)).toBeInTheDocument();
    expect(within(quality).queryByRole('table')).toBeNull();
    expect(quality).not.toHaveTextContent('Sampling this month');
  });

  it('says nothing was sampled yet when it is on, with the month against the budget', async () => {
    fakeAdminApi({ routingPolicy: sampling(0.25) });
    const quality = await openQuality();
    expect(await within(quality).findByText(qualityTexts.noSamples)).toBeInTheDocument();
    expect(quality).toHaveTextContent('Sampling this month: $0.00 of the $10.00 monthly budget');
    expect(within(quality).queryByRole('table')).toBeNull();
  });

  it('keeps the figures sampled before it was switched off, saying it is off now', async () => {
    fakeAdminApi({ routingPolicy: sampling(0), routingQuality: makeRoutingQuality() });
    const quality = await openQuality();
    expect(await within(quality).findByText(qualityTexts.offWithHistory)).toBeInTheDocument();
    expect(
      within(quality).getByRole('table', { name: 'Quality of cheaper answers by kind of prompt and model tier' }),
    ).toBeInTheDocument();
  });

  it("shows the cache's line: lookups, hits, hits checked, the wrong-hit rate with its interval, judge calls and savings", async () => {
    fakeAdminApi({ routingPolicy: sampling(0.1), routingQuality: makeRoutingQuality() });
    const quality = await openQuality();
    const cache = await within(quality).findByRole('region', { name: 'Cache' });
    const table = within(cache).getByRole('table', { name: 'Quality of answers from the cache' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Lookups', 'Hits', 'Hits checked', 'Wrong hits (95% interval)', 'Judge calls', 'Savings']);
    const [, line] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement];
    expect(rowTexts(line)).toEqual([
      'Cache',
      '400',
      '120',
      '40',
      '2.5% (0.4–12.9%)2.5%, 95% interval 0.4% to 12.9%',
      '20',
      '$3.25',
    ]);
    expect(within(line).getByText('2.5% (0.4–12.9%)')).toHaveAttribute('aria-hidden', 'true');
    expect(cache).toHaveTextContent(
      "Your organization's learned cache threshold decides Auto's cache hits since 11/21/2026, learned from 134 labels, keeping wrong hits it serves without a judge under 2%.",
    );
    expect(cache).not.toHaveTextContent(cacheTexts.noChecks);
  });

  it("shows the cache's line while shadow evaluation is off, asking for it to check hits; before any lookup, says so", async () => {
    const measured = makeRoutingQuality();
    fakeAdminApi({
      routingPolicy: sampling(0),
      routingQuality: {
        ...noRoutingQuality(),
        cache: {
          ...measured.cache,
          checked_hits: 0,
          wrong_hits: 0,
          wrong_hit_rate: null,
          wrong_hit_interval: null,
          learner: { ...measured.cache.learner, labels: 12, decides: false, deciding_since: null },
        },
      },
    });
    const quality = await openQuality();
    expect(await within(quality).findByText(qualityTexts.off)).toBeInTheDocument();
    const cache = within(quality).getByRole('region', { name: 'Cache' });
    const [, line] = within(cache).getAllByRole('row') as [HTMLElement, HTMLElement];
    expect(rowTexts(line)[4]).toBe('—no hits checked');
    expect(cache).toHaveTextContent(cacheTexts.checksOff);
    expect(cache).toHaveTextContent(
      "Your organization's learned cache threshold has learned from 12 labels of the 100 it needs before it decides Auto's cache hits (keeping wrong hits under 2%); until then the similarity threshold does.",
    );
  });

  it('says the cache has not been looked in yet', async () => {
    fakeAdminApi({ routingPolicy: sampling(0.1) });
    const quality = await openQuality();
    const cache = await within(quality).findByRole('region', { name: 'Cache' });
    expect(cache).toHaveTextContent(cacheTexts.noLookups);
    expect(within(cache).queryByRole('table')).toBeNull();
  });

  it('says when the figures could not be loaded, with Try again', async () => {
    fakeAdminApi({ routingPolicy: sampling(0.1), routingQuality: { status: 500, message: 'Unavailable' } });
    const quality = await openQuality();
    expect(await within(quality).findByText('The quality figures could not be loaded.')).toBeInTheDocument();
    expect(within(quality).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is not shown, nor asked for, to a model manager who reads the policy', async () => {
    const modelManager = makeListedRole('Model Manager');
    const { requests } = fakeAdminApi({
      me: makeUser({ role: 'model manager', role_id: modelManager.id }),
      myRole: modelManager,
      routingPolicy: sampling(0.1),
      routingQuality: makeRoutingQuality(),
    });
    const queryClient = createQueryClient();
    const router = createMemoryRouter([
      {
        path: '/',
        element: <RoutingCacheCard models={[]} problems={{}} onChange={() => undefined} onFailure={() => undefined} />,
      },
    ]);
    render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const card = await screen.findByRole('region', { name: 'Routing & Cache' });
    await within(card).findByText('No adjustment yet');
    expect(within(card).queryByRole('region', { name: 'Quality' })).toBeNull();
    await waitFor(() => expect(requests.some((request) => request.path === qualityPath)).toBe(false));
  });
});
