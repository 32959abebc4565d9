import type { SubscriptionAnalytics } from '@contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, type StubAnswer } from '../../../test/fetch-stub';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { fakeAdminApi, memberRole, orgId } from '../../admin/test/fake-admin-api';
import { makeApiKey } from '../../api-keys/test/fake-api-keys';
import { makeRoutingQuality } from '../../organization-settings/test/fake-routing-quality';
import { dashboardTexts } from '../lib/dashboard-texts';

// Today is 2026-03-20 (UTC): the cost savings open on 2026-02-18 to 2026-03-20.
const now = new Date('2026-03-20T12:00:00Z');
const analyticsPath = (from = '2026-02-18', to = '2026-03-20') =>
  `GET /subscription/analytics/${orgId}?start_date=${from}&end_date=${to}`;

const analytics: SubscriptionAnalytics = {
  total_cost: 1.5,
  total_tokens_used: 1_250,
  tokens_remaining: 998_750,
  billing_cycle: { start_date: '2026-03-11', end_date: '2026-04-09', next_billing_date: '2026-04-10' },
  usage_by_model: [
    {
      model_id: 'anthropic/claude-sonnet-4',
      model_name: 'Claude Sonnet 4',
      tokens_used: 250,
      cost: 1.25,
      success_rate: 0.5,
    },
    { model_id: 'openai/gpt-4o-mini', model_name: 'GPT-4o mini', tokens_used: 1_000, cost: 0.25, success_rate: 0.95 },
  ],
  usage_trend: [
    { date: '2026-03-12', tokens_used: 250, cost: 0.5 },
    { date: '2026-03-15', tokens_used: 1_000, cost: 1 },
  ],
  cost_savings: [
    {
      model_id: 'openai/gpt-4o-mini',
      model_name: 'GPT-4o mini',
      daily_savings: [
        { date: '2026-03-12', tokens_used: 200, actual_cost: 0.05, potential_cost: 0.8 },
        { date: '2026-03-15', tokens_used: 800, actual_cost: 0.2, potential_cost: 3.2 },
      ],
    },
  ],
  cost_savings_total: { tokens_used: 1_000, actual_cost: 0.25, potential_cost: 4, savings: 3.75 },
};

/** A first week of light use: every amount under a cent, one model costing a little more than the reference. */
const lightUse: SubscriptionAnalytics = {
  ...analytics,
  total_cost: 0.0008888,
  usage_by_model: [
    { model_id: 'openai/gpt-4o-mini', model_name: 'GPT-4o mini', tokens_used: 900, cost: 0.0008888, success_rate: 1 },
  ],
  usage_trend: [{ date: '2026-03-15', tokens_used: 900, cost: 0.0008888 }],
  cost_savings: [
    {
      model_id: 'openai/gpt-4o-mini',
      model_name: 'GPT-4o mini',
      daily_savings: [
        { date: '2026-03-14', tokens_used: 400, actual_cost: 0.000089, potential_cost: 0.00012 },
        { date: '2026-03-15', tokens_used: 500, actual_cost: 0.00009, potential_cost: 0.00017 },
      ],
    },
    {
      model_id: 'anthropic/claude-sonnet-4',
      model_name: 'Claude Sonnet 4',
      daily_savings: [{ date: '2026-03-15', tokens_used: 10, actual_cost: 0.00003, potential_cost: 0 }],
    },
  ],
  cost_savings_total: { tokens_used: 910, actual_cost: 0.000209, potential_cost: 0.00029, savings: 0.000081 },
};

const emptyAnalytics: SubscriptionAnalytics = {
  ...analytics,
  total_cost: 0,
  total_tokens_used: 0,
  tokens_remaining: 1_000_000,
  usage_by_model: [],
  usage_trend: [],
  cost_savings: [],
  cost_savings_total: { tokens_used: 0, actual_cost: 0, potential_cost: 0, savings: 0 },
};

function openDashboard(
  routes: Record<string, () => StubAnswer>,
  path = '/admin',
  options: Omit<Parameters<typeof fakeAdminApi>[0] & object, 'routes'> = {},
) {
  const api = fakeAdminApi({ ...options, routes });
  const app = renderApp(path);
  return { ...api, app };
}

const card = (title: string) => screen.getByRole('region', { name: title });

/** The chart's tooltip lines once focused (the first day) and moved with the arrow keys (recharts' accessibility layer). */
async function tooltipAfterKeys(chart: HTMLElement, keys: string[]): Promise<string[]> {
  chart.querySelector<SVGElement>('svg[role="application"]')!.focus();
  for (const key of keys) await userEvent.keyboard(key);
  const tooltip = await within(chart).findByRole('tooltip');
  return [...tooltip.children].map((line) => line.textContent ?? '');
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});
afterEach(() => vi.useRealTimers());

describe('the admin dashboard (spec section 2)', () => {
  it("shows the cycle's usage, each model's share and success rate, and daily bars with the cost in their tooltip", async () => {
    openDashboard({ [analyticsPath()]: () => ({ body: analytics }) });
    await screen.findByRole('heading', { name: 'Dashboard' });

    const usage = card('Usage Analytics');
    expect(within(usage).getByText('$1.50')).toBeInTheDocument();
    expect(within(usage).getByText('1,250')).toBeInTheDocument();
    expect(within(usage).getByText('998,750')).toBeInTheDocument();
    expect(within(usage).getByText('21 days (Apr 10, 2026)')).toBeInTheDocument();
    expect(within(usage).getByRole('progressbar', { name: 'Usage' })).toHaveAttribute(
      'aria-valuetext',
      '1,250 of 1,000,000 tokens, 0.1%',
    );

    const models = within(card('Model Usage Breakdown')).getAllByRole('listitem');
    expect(models.map((item) => item.getAttribute('aria-label'))).toEqual(['GPT-4o mini', 'Claude Sonnet 4']);
    expect(models[0]).toHaveTextContent('80.0%');
    expect(models[0]).toHaveTextContent('Tokens1,000Cost$0.25Success rate95.0%');
    expect(within(models[1]!).getByRole('progressbar', { name: 'Claude Sonnet 4 share of tokens' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );

    const trends = card('Usage Trends');
    const chart = within(trends).getByRole('figure', { name: 'Tokens used per day' });
    expect(chart.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(2);
    expect(await tooltipAfterKeys(chart, ['{ArrowRight}'])).toEqual(['Mar 15, 2026', '1,000 tokens', 'Cost $1.00']);
    expect(within(trends).getByText('125 tokens')).toBeInTheDocument();
    expect(within(trends).getByText('Mar 15, 2026 (1,000 tokens)')).toBeInTheDocument();
  });

  it("shows the chosen model's savings over the last 30 days and names a model without any", async () => {
    const { requests } = openDashboard({ [analyticsPath()]: () => ({ body: analytics }) });
    await screen.findByRole('heading', { name: 'Dashboard' });
    const savings = card('Cost Savings Analysis');
    expect(within(savings).getByLabelText('Start date')).toHaveValue('2026-02-18');
    expect(within(savings).getByLabelText('End date')).toHaveValue('2026-03-20');
    expect(within(savings).getByLabelText('Model')).toHaveValue('openai/gpt-4o-mini');
    expect(within(savings).getByText('$3.75')).toBeInTheDocument(); // (0.8 - 0.05) + (3.2 - 0.2)
    expect(within(savings).getByText('1,000')).toBeInTheDocument();
    expect(within(savings).getByText('$4.00')).toBeInTheDocument();
    const chart = within(savings).getByRole('figure', { name: /^Actual cost against cost without the router per day/ });
    expect(
      [...chart.querySelectorAll('.recharts-bar')].map((bar) => bar.querySelectorAll('.recharts-bar-rectangle').length),
    ).toEqual([2, 2]);
    expect(within(chart).getByText('Without router')).toBeInTheDocument();
    expect(await tooltipAfterKeys(chart, [])).toEqual([
      'Mar 12, 2026',
      '200 tokens',
      'Actual $0.05',
      'Without router $0.80',
    ]);
    expect(
      requests.some(
        (request) => request.path === `/api/subscription/analytics/${orgId}?start_date=2026-02-18&end_date=2026-03-20`,
      ),
    ).toBe(true);

    await userEvent.selectOptions(within(savings).getByLabelText('Model'), 'Claude Sonnet 4');
    expect(within(savings).getByText(dashboardTexts.noSavingsForModel)).toBeInTheDocument();
    expect(within(savings).getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('shows amounts under a cent with their digits, one total saving for the period, and axis ticks that differ', async () => {
    openDashboard({ [analyticsPath()]: () => ({ body: lightUse }) });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(within(card('Usage Analytics')).getByText('$0.00089')).toBeInTheDocument();
    expect(within(card('Model Usage Breakdown')).getByRole('listitem', { name: 'GPT-4o mini' })).toHaveTextContent(
      'Cost$0.00089',
    );

    const savings = card('Cost Savings Analysis');
    // The server's total over every model, not only the one picked.
    expect(within(savings).getByTestId('total-savings')).toHaveTextContent(
      'Total savings, all models: $0.000081 ($0.00021 spent against $0.00029 without the router)',
    );
    expect(within(savings).getByText('$0.00011')).toBeInTheDocument(); // GPT-4o mini: 0.00029 - 0.000179
    const chart = within(savings).getByRole('figure', { name: /^Actual cost against cost without the router/ });
    const ticks = [...chart.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')].map(
      (tick) => tick.textContent,
    );
    expect(ticks).toEqual(['$0.00000', '$0.00005', '$0.00010', '$0.00015', '$0.00020']);

    // A model that cost more than the reference shows what it lost, with its sign.
    await userEvent.selectOptions(within(savings).getByLabelText('Model'), 'Claude Sonnet 4');
    expect(within(savings).getByText('-$0.00003')).toBeInTheDocument();
    expect(savings).not.toHaveTextContent('-$0.00 ');
  });

  it('asks again for a new range, and says so when the range holds nothing', async () => {
    const { requests } = openDashboard({
      [analyticsPath()]: () => ({ body: analytics }),
      [analyticsPath('2026-01-01', '2026-01-31')]: () => ({ body: { ...analytics, cost_savings: [] } }),
    });
    await screen.findByRole('heading', { name: 'Dashboard' });
    const savings = card('Cost Savings Analysis');
    fireEvent.change(within(savings).getByLabelText('End date'), { target: { value: '2026-01-31' } });
    fireEvent.change(within(savings).getByLabelText('Start date'), { target: { value: '2026-01-01' } });
    expect(await within(savings).findByText(dashboardTexts.noDataInRange)).toBeInTheDocument();
    const asked = requests
      .filter((request) => request.path.startsWith('/api/subscription/analytics/'))
      .map((request) => request.path.split('?')[1]);
    // The start after the end (2026-02-18 to 2026-01-31) was never asked for.
    expect(asked).toEqual(['start_date=2026-02-18&end_date=2026-03-20', 'start_date=2026-01-01&end_date=2026-01-31']);
  });

  it('reads the analytics again each time the dashboard opens', async () => {
    let reads = 0;
    const { requests, app } = openDashboard({
      [analyticsPath()]: () => ({ body: ++reads === 1 ? emptyAnalytics : analytics }),
    });
    await waitFor(() => expect(screen.getByText(dashboardTexts.noModelUsage)).toBeInTheDocument());
    await app.router.navigate('/admin/organization');
    await screen.findByRole('heading', { name: 'Organization Settings' });
    await app.router.navigate('/admin');
    expect(
      await within(await screen.findByRole('region', { name: 'Model Usage Breakdown' })).findByRole('listitem', {
        name: 'GPT-4o mini',
      }),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.path.startsWith('/api/subscription/analytics/'))).toHaveLength(2);
  });

  it("exports the chosen model's days as cost-savings-<model>-<start>-<end>.csv, and the measured quality as a file of its own", async () => {
    openDashboard({ [analyticsPath()]: () => ({ body: analytics }) }, '/admin', {
      routingQuality: makeRoutingQuality(),
    });
    await screen.findByRole('heading', { name: 'Dashboard' });
    // The quality figures are in (the dashboard's quality card shows them) before its file is asked for.
    await within(await screen.findByRole('region', { name: 'Quality of cheaper answers' })).findByText(
      'Wrong cache hits (95% interval)',
    );
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:${blobs.length}`;
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    // The spec's file: its five columns and the days, nothing after them.
    await userEvent.click(within(card('Cost Savings Analysis')).getByRole('button', { name: 'Export CSV' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('cost-savings-openai_gpt-4o-mini-2026-02-18-2026-03-20.csv');
    expect(clicked[0]!.href).toBe('blob:1');
    expect(await blobs[0]!.text()).toBe(
      [
        'Date,Tokens Used,Actual Cost,Potential Cost,Savings',
        '2026-03-12,200,0.05,0.8,0.75',
        '2026-03-15,800,0.2,3.2,3',
        '',
      ].join('\r\n'),
    );

    await userEvent.click(within(card('Quality of cheaper answers')).getByRole('button', { name: 'Export CSV' }));
    expect(clicked).toHaveLength(2);
    expect(clicked[1]!.download).toBe('routing-quality-2026-03-20.csv');
    expect(await blobs[1]!.text()).toBe(
      [
        'Quality of cheaper answers (all time)',
        'Kind of Prompt,Model Tier,Replies Sampled,Judged As Good,As Good Share,95% Low,95% High,Sampling Cost',
        'Code,1,50,47,0.94,0.8378,0.9794,0.4125',
        'Questions,2,3,2,0.6667,0.2077,0.9385,0.0042',
        'All sampled replies,,53,49,0.9245,0.8209,0.9703,0.4167',
        '',
        'Cache (all time)',
        'Lookups,Hits,Hits Checked,Wrong Hits,Wrong-Hit Rate,95% Low,95% High,Judge Calls,Savings',
        '400,120,40,1,0.025,0.0044,0.1288,20,3.25',
        '',
      ].join('\r\n'),
    );
  });
});

describe('the admin dashboard: empty and error states (spec section 8)', () => {
  it('says there is nothing for this period in each card of an organisation without usage', async () => {
    openDashboard({ [analyticsPath()]: () => ({ body: emptyAnalytics }) });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(within(card('Model Usage Breakdown')).getByText(dashboardTexts.noModelUsage)).toBeInTheDocument();
    expect(within(card('Usage Trends')).getByText(dashboardTexts.noUsageTrend)).toBeInTheDocument();
    expect(within(card('Cost Savings Analysis')).getByText(dashboardTexts.noCostSavings)).toBeInTheDocument();
    expect(within(card('Cost Savings Analysis')).getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(within(card('Usage Analytics')).getByRole('progressbar', { name: 'Usage' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(screen.queryByText(dashboardTexts.analyticsUnavailable)).toBeNull();
  });

  it("shows 'Analytics temporarily unavailable' with empty defaults and a 30-day cycle when the call fails", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    openDashboard({
      [analyticsPath()]: () => ({ status: 500, body: apiErrorBody('internal', 'Internal server error') }),
    });
    await waitFor(() => expect(screen.getByText(dashboardTexts.analyticsUnavailable)).toBeInTheDocument());
    expect(within(card('Usage Analytics')).getByText('30 days (Apr 19, 2026)')).toBeInTheDocument();
    expect(within(card('Usage Analytics')).getAllByText('$0.00')).toHaveLength(1);
    expect(within(card('Model Usage Breakdown')).getByText(dashboardTexts.noModelUsage)).toBeInTheDocument();
    expect(within(card('Usage Trends')).getByText(dashboardTexts.noUsageTrend)).toBeInTheDocument();
    expect(within(card('Cost Savings Analysis')).getByText(dashboardTexts.noCostSavings)).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('[dashboard] analytics could not be loaded', expect.anything());
  });

  it("shows 'No analytics data available' when the analytics are refused, logging only", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    openDashboard({
      [analyticsPath()]: () => ({ status: 403, body: apiErrorBody('forbidden', 'You do not have permission') }),
    });
    await waitFor(() => expect(screen.getByText(dashboardTexts.noAnalytics)).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Usage Analytics' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});

describe('/dashboard', () => {
  it('shows an admin the dashboard outside the admin tabs', async () => {
    openDashboard({ [analyticsPath()]: () => ({ body: analytics }) }, '/dashboard');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('region', { name: 'Usage Analytics' })).toBeInTheDocument());
    expect(screen.queryByRole('navigation', { name: 'Administration' })).toBeNull();
  });

  it('sends anyone whose role is not admin to /', async () => {
    fakeAdminApi({ me: makeUser({ role: 'Member', role_id: memberRole.id }) });
    const app = renderApp('/dashboard');
    await waitFor(() => expect(app.currentPath()).toBe('/'));
  });

  it("filters by source and by one of the organisation's keys, and keeps the selects when a choice answers nothing", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fromPrograms = { ...analytics, total_tokens_used: 640 };
    const { requests } = openDashboard(
      {
        [analyticsPath()]: () => ({ body: analytics }),
        [`${analyticsPath()}&source=api`]: () => ({ body: fromPrograms }),
        [`${analyticsPath()}&source=api&apiKeyId=key-gone`]: () => ({
          status: 404,
          body: apiErrorBody('not_found', 'API key not found'),
        }),
      },
      '/admin',
      {
        apiKeys: [
          makeApiKey('Nightly job', {
            id: 'key-nightly',
            prefix: 'tw-night001',
            owner: { user_id: 'user-7', username: 'bob' },
          }),
          makeApiKey('Gone', { id: 'key-gone', prefix: 'tw-gone0001', status: 'revoked' }),
        ],
      },
    );
    await screen.findByRole('heading', { name: 'Dashboard' });
    const filter = screen.getByRole('group', { name: 'Usage filter' });
    const key = within(filter).getByRole('combobox', { name: 'Key' });
    await waitFor(() =>
      expect(
        within(key)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All keys', 'Nightly job (tw-night001)', 'Gone (tw-gone0001), revoked']),
    );

    fireEvent.change(within(filter).getByRole('combobox', { name: 'Source' }), { target: { value: 'api' } });
    await waitFor(() => expect(within(card('Usage Analytics')).getByText('640')).toBeInTheDocument());

    fireEvent.change(key, { target: { value: 'key-gone' } });
    await waitFor(() => expect(screen.getByText(dashboardTexts.noAnalytics)).toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Key' })).toHaveValue('key-gone');
    fireEvent.change(screen.getByRole('combobox', { name: 'Key' }), { target: { value: '' } });
    await waitFor(() => expect(within(card('Usage Analytics')).getByText('640')).toBeInTheDocument());
    expect(
      requests
        .filter((request) => request.path.includes('/subscription/analytics/'))
        .map((request) => request.path.split('?')[1]),
    ).toEqual([
      'start_date=2026-02-18&end_date=2026-03-20',
      'start_date=2026-02-18&end_date=2026-03-20&source=api',
      'start_date=2026-02-18&end_date=2026-03-20&source=api&apiKeyId=key-gone',
      'start_date=2026-02-18&end_date=2026-03-20&source=api',
    ]);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
