import type { Feedback, FeedbackStats, SubscriptionAnalytics } from '@contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { fakeAdminApi, orgId, type FakeAdminOptions } from '../../admin/test/fake-admin-api';
import { formatDateTime } from '../../admin/lib/format';
import { feedbackTexts } from '../lib/ratings';

// Today is 2026-03-20 (UTC): the card covers 2026-02-18 to 2026-03-20.
const now = new Date('2026-03-20T12:00:00Z');
const period = 'from=2026-02-18&to=2026-03-20';

const analytics: SubscriptionAnalytics = {
  total_cost: 0.25,
  total_tokens_used: 1_000,
  tokens_remaining: 999_000,
  billing_cycle: { start_date: '2026-03-11', end_date: '2026-04-09', next_billing_date: '2026-04-10' },
  usage_by_model: [
    { model_id: 'openai/gpt-4o-mini', model_name: 'GPT-4o mini', tokens_used: 1_000, cost: 0.25, success_rate: 1 },
  ],
  usage_trend: [],
  cost_savings: [],
  cost_savings_total: { tokens_used: 0, actual_cost: 0, potential_cost: 0, savings: 0 },
};

const rating = (id: string, model_id: string | null, feedback: Feedback['feedback'], created_at: string): Feedback => ({
  id,
  selection_id: `selection-${id}`,
  org_id: orgId,
  user_id: 'user-2',
  model_id,
  feedback,
  created_at,
});
const history = [
  rating('f3', 'openai/gpt-4o-mini', 'positive', '2026-03-19T15:30:00.000Z'),
  rating('f2', 'anthropic/claude-sonnet-4', 'negative', '2026-03-18T09:00:00.000Z'),
  rating('f1', null, 'neutral', '2026-03-01T08:00:00.000Z'),
];
const stats: FeedbackStats = {
  by_date: [],
  by_model: [],
  totals: { positive: 3, neutral: 1, negative: 4, total: 8 },
};

function openDashboard(feedback: FakeAdminOptions['feedback']) {
  const api = fakeAdminApi({
    feedback,
    routes: {
      [`GET /subscription/analytics/${orgId}?start_date=2026-02-18&end_date=2026-03-20`]: () => ({ body: analytics }),
    },
  });
  renderApp('/admin');
  return api;
}

const feedbackCard = async () => screen.findByRole('region', { name: 'User Feedback' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});
afterEach(() => vi.useRealTimers());

describe("the dashboard's User Feedback card", () => {
  it('shows the last 30 days in totals with the share positive, and the newest ratings with their model and time', async () => {
    const { requests } = openDashboard({ stats, history });
    const card = await feedbackCard();
    const recent = await within(card).findByRole('list', { name: 'Recent feedback' });
    const facts = within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextSibling?.textContent]);
    expect(facts).toEqual([
      ['Positive', '3'],
      ['Neutral', '1'],
      ['Negative', '4'],
      ['Share Positive', '37.5%'],
    ]);
    expect(within(card).getByText('Last 30 days (Feb 18, 2026 to Mar 20, 2026)')).toBeInTheDocument();

    const rows = within(recent).getAllByRole('listitem');
    // A model the dashboard knows by name shows it; others their id; a rating without a model says so.
    expect(rows.map((row) => row.textContent)).toEqual([
      `GPT-4o miniPositive${formatDateTime('2026-03-19T15:30:00.000Z')}`,
      `anthropic/claude-sonnet-4Negative${formatDateTime('2026-03-18T09:00:00.000Z')}`,
      `Unknown modelNeutral${formatDateTime('2026-03-01T08:00:00.000Z')}`,
    ]);
    expect(rows[0]!.querySelector('time')).toHaveAttribute('dateTime', '2026-03-19T15:30:00.000Z');
    const paths = requests.map((request) => request.path);
    expect(paths).toContain(`/api/feedback/stats/${orgId}?${period}`);
    expect(paths).toContain(`/api/feedback/history/${orgId}?${period}&limit=10`);
  });

  it('says when there is no feedback yet, with nothing to export', async () => {
    openDashboard(undefined);
    const card = await feedbackCard();
    expect(await within(card).findByText(feedbackTexts.noFeedback)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Export' })).toBeDisabled();
    expect(within(card).queryByRole('list')).toBeNull();
  });

  it("downloads the server's CSV of the period as feedback-<from>-<to>.csv", async () => {
    const csv =
      'id,created_at,user_id,model_id,selection_id,feedback\r\nf3,2026-03-19T15:30:00.000Z,user-2,openai/gpt-4o-mini,selection-f3,positive\r\n';
    const { requests } = openDashboard({ stats, history, csv });
    const card = await feedbackCard();
    await within(card).findByRole('list', { name: 'Recent feedback' });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:feedback';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    await userEvent.click(within(card).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('feedback-2026-02-18-2026-03-20.csv');
    expect(await blobs[0]!.text()).toBe(csv);
    const exported = requests.find((request) => request.path === `/api/feedback/export/${orgId}`)!;
    expect(exported.method).toBe('POST');
    expect(exported.body).toEqual({ format: 'csv', from: '2026-02-18', to: '2026-03-20' });
    expect(exported.headers.get('Accept')).toBe('text/csv');
    expect(within(card).getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('shows a failed load in the red banner, keeps the other cards, and loads again on request', async () => {
    let failing = true;
    fakeAdminApi({
      feedback: { stats, history },
      routes: {
        [`GET /subscription/analytics/${orgId}?start_date=2026-02-18&end_date=2026-03-20`]: () => ({ body: analytics }),
        [`GET /feedback/stats/${orgId}?${period}`]: () =>
          failing
            ? { status: 500, body: { code: 'internal', message: 'Feedback is resting', detail: 'Feedback is resting' } }
            : { body: stats },
      },
    });
    renderApp('/admin');
    const card = await feedbackCard();
    expect(await within(card).findByRole('alert')).toHaveTextContent('Feedback is resting');
    expect(within(card).getByText(feedbackTexts.failed)).toBeInTheDocument();
    expect(within(card).queryByText(feedbackTexts.noFeedback)).toBeNull();
    expect(screen.getByRole('region', { name: 'Model Usage Breakdown' })).toBeInTheDocument();
    failing = false;
    await userEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByRole('list', { name: 'Recent feedback' })).toBeInTheDocument();
  });

  it('shows a refused export in the red banner', async () => {
    fakeAdminApi({
      feedback: { stats, history },
      routes: {
        [`GET /subscription/analytics/${orgId}?start_date=2026-02-18&end_date=2026-03-20`]: () => ({ body: analytics }),
        [`POST /feedback/export/${orgId}`]: () => ({
          status: 403,
          body: { code: 'forbidden', message: 'You do not have permission', detail: 'You do not have permission' },
        }),
      },
    });
    renderApp('/admin');
    const card = await feedbackCard();
    await within(card).findByRole('list', { name: 'Recent feedback' });
    await userEvent.click(within(card).getByRole('button', { name: 'Export' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('You do not have permission');
  });
});
