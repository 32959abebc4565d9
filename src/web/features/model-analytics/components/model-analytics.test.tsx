import type { ModelAnalytics } from '@contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, type StubAnswer } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { fakeAdminApi, makeListedRole, orgId } from '../../admin/test/fake-admin-api';
import { makeApiKey } from '../../api-keys/test/fake-api-keys';
import { makeUser } from '../../../test/fixtures';
import { dashboardTexts } from '../../dashboard/lib/dashboard-texts';
import { modelAnalyticsFailedText } from './model-analytics';

const now = new Date('2026-03-20T12:00:00Z');
const analyticsPath = (from = '2026-02-18', to = '2026-03-20') =>
  `GET /org/${orgId}/model-analytics?from=${from}&to=${to}`;

const counts = { completed: 0, input_tokens: 0, cached_input_tokens: 0, output_tokens: 0, potential_cost: 0 };
const mini = {
  ...counts,
  model_id: 'openai/gpt-4o-mini',
  model_name: 'GPT-4o mini',
  provider: 'openai',
  requests: 40,
  success_rate: 0.975,
  tokens_used: 12_345,
  cost: 0.42,
  savings: 3.1,
  cache_hits: 6,
  auto_decisions: 30,
  auto_share: 0.75,
  p50_latency_ms: 840.4,
  p50_time_to_first_token_ms: 1_530,
};
const sonnet = {
  ...mini,
  model_id: 'anthropic/claude-sonnet-4',
  model_name: 'Claude Sonnet 4',
  provider: 'anthropic',
  requests: 10,
  success_rate: 1,
  tokens_used: 900,
  cost: 1.5,
  savings: 0,
  cache_hits: 0,
  auto_decisions: 10,
  auto_share: 0.25,
  p50_latency_ms: null,
  p50_time_to_first_token_ms: null,
};
const analytics: ModelAnalytics = {
  from: '2026-02-18',
  to: '2026-03-20',
  totals: {
    ...counts,
    requests: 50,
    success_rate: 0.98,
    tokens_used: 13_245,
    cost: 1.92,
    savings: 3.1,
    cache_hits: 6,
    auto_decisions: 40,
  },
  // The busiest model comes first on the screen.
  models: [sonnet, mini],
};

function useNarrowScreen() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query.includes('max-width: 767px'),
  })) as typeof window.matchMedia;
}

function openModelAnalytics(
  routes: Record<string, () => StubAnswer>,
  options: Omit<Parameters<typeof fakeAdminApi>[0] & object, 'routes'> = {},
) {
  const api = fakeAdminApi({ ...options, routes });
  renderApp('/admin/models');
  return api;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});
afterEach(() => vi.useRealTimers());

describe('model analytics (/admin/models)', () => {
  it('shows a spinner until the analytics arrive, then a row per model over the last 30 days', async () => {
    let answer: (value: { body: ModelAnalytics }) => void = () => undefined;
    const { requests } = openModelAnalytics({ [analyticsPath()]: () => new Promise((resolve) => (answer = resolve)) });
    await waitFor(() => expect(screen.getByText('Loading model analytics')).toBeInTheDocument());
    answer({ body: analytics });

    const row = (await screen.findByRole('rowheader', { name: /GPT-4o mini/ })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['40', '12,345', '$0.42', '97.5%', '840 ms', '1.5 s', '75.0%', '6', '$3.10']);
    const headings = screen.getAllByRole('columnheader').map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Model',
      'Requests',
      'Tokens',
      'Cost',
      'Success Rate',
      'p50 Latency',
      'p50 First Token',
      'Auto Share',
      'Cache Hits',
      'Savings',
    ]);
    expect(screen.getAllByRole('rowheader').map((header) => header.firstChild?.textContent)).toEqual([
      'GPT-4o mini',
      'Claude Sonnet 4',
    ]);
    const sonnetRow = screen.getByRole('rowheader', { name: /Claude Sonnet 4/ }).closest('tr')!;
    expect(within(sonnetRow).getAllByRole('cell')[4]).toHaveTextContent('—');
    expect(within(screen.getByRole('region', { name: 'Totals' })).getByText('13,245')).toBeInTheDocument();
    expect(
      requests.some((request) => request.path === `/api/org/${orgId}/model-analytics?from=2026-02-18&to=2026-03-20`),
    ).toBe(true);
  });

  it('shows cards instead of a table under 768 px', async () => {
    useNarrowScreen();
    openModelAnalytics({ [analyticsPath()]: () => ({ body: analytics }) });
    const cards = await screen.findByRole('list', { name: 'Models' });
    expect(screen.queryByRole('table')).toBeNull();
    const miniCard = within(cards).getByRole('listitem', { name: 'GPT-4o mini' });
    expect(within(miniCard).getByText('p50 First Token').nextSibling).toHaveTextContent('1.5 s');
    expect(within(miniCard).getByText('Auto Share').nextSibling).toHaveTextContent('75.0%');
  });

  it('reads the chosen period, and says when it holds no usage', async () => {
    const { requests } = openModelAnalytics({
      [analyticsPath()]: () => ({ body: analytics }),
      [analyticsPath('2026-03-01', '2026-03-07')]: () => ({
        body: { ...analytics, from: '2026-03-01', to: '2026-03-07', models: [] },
      }),
    });
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-03-07' } });
    await waitFor(() => expect(screen.getByText(dashboardTexts.noModelUsage)).toBeInTheDocument());
    expect(
      requests
        .filter((request) => request.path.includes('/model-analytics?'))
        .map((request) => request.path.split('?')[1]),
    ).toEqual(['from=2026-02-18&to=2026-03-20', 'from=2026-03-01&to=2026-03-20', 'from=2026-03-01&to=2026-03-07']);
  });

  it('shows the failure in the red banner and offers to try again', async () => {
    let calls = 0;
    openModelAnalytics({
      [analyticsPath()]: () =>
        ++calls === 1
          ? { status: 500, body: apiErrorBody('internal', 'Something broke on our side') }
          : { body: analytics },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something broke on our side');
    expect(screen.getByText(modelAnalyticsFailedText)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('table')).toBeInTheDocument());
  });

  it('filters by source and key: the Source and Key selects narrow the call and the figures', async () => {
    const apiOnly = { ...analytics, totals: { ...analytics.totals, requests: 7 }, models: [{ ...mini, requests: 7 }] };
    const oneKey = { ...analytics, totals: { ...analytics.totals, requests: 3 }, models: [{ ...mini, requests: 3 }] };
    const { requests } = openModelAnalytics(
      {
        [analyticsPath()]: () => ({ body: analytics }),
        [`${analyticsPath()}&source=api`]: () => ({ body: apiOnly }),
        [`${analyticsPath()}&source=api&apiKeyId=key-ci`]: () => ({ body: oneKey }),
      },
      {
        apiKeys: [
          makeApiKey('CI', { id: 'key-ci', prefix: 'tw-ci000001' }),
          makeApiKey('Old script', { id: 'key-old', prefix: 'tw-old00001', status: 'revoked' }),
        ],
      },
    );
    await screen.findByRole('table');
    const source = screen.getByRole('combobox', { name: 'Source' });
    expect(
      within(source)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Chat', 'API']);
    const key = screen.getByRole('combobox', { name: 'Key' });
    await waitFor(() =>
      expect(
        within(key)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All keys', 'CI (tw-ci000001)', 'Old script (tw-old00001), revoked']),
    );

    fireEvent.change(source, { target: { value: 'api' } });
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Totals' })).getByText('7')).toBeInTheDocument(),
    );
    fireEvent.change(key, { target: { value: 'key-ci' } });
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Totals' })).getByText('3')).toBeInTheDocument(),
    );
    expect(
      requests
        .filter((request) => request.path.includes('/model-analytics?'))
        .map((request) => request.path.split('?')[1]),
    ).toEqual([
      'from=2026-02-18&to=2026-03-20',
      'from=2026-02-18&to=2026-03-20&source=api',
      'from=2026-02-18&to=2026-03-20&source=api&apiKeyId=key-ci',
    ]);
  });

  it("lists a model manager's own keys, not the organisation's", async () => {
    const manager = makeListedRole('Model Manager');
    const { requests } = openModelAnalytics(
      { [analyticsPath()]: () => ({ body: analytics }) },
      {
        roles: [manager],
        me: makeUser({ id: 'user-9', role: 'Model Manager', role_id: manager.id }),
        apiKeys: [
          makeApiKey('Mine', { id: 'key-mine', owner: { user_id: 'user-9', username: 'grace' } }),
          makeApiKey('Theirs', { id: 'key-theirs' }),
        ],
      },
    );
    await screen.findByRole('table');
    const key = screen.getByRole('combobox', { name: 'Key' });
    await waitFor(() =>
      expect(
        within(key)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All keys', 'Mine (tw-ab12cd34)']),
    );
    expect(requests.some((request) => request.path.startsWith(`/api/org/${orgId}/api-keys`))).toBe(false);
  });
});
