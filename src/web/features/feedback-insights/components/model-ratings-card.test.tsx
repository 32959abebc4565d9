import type { FeedbackStats, ModelAnalytics } from '@contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { fakeAdminApi, orgId } from '../../admin/test/fake-admin-api';
import { feedbackTexts } from '../lib/ratings';

const now = new Date('2026-03-20T12:00:00Z');
const analyticsPath = (from: string, to: string) => `GET /org/${orgId}/model-analytics?from=${from}&to=${to}`;
const statsPath = (from: string, to: string) => `GET /feedback/stats/${orgId}?from=${from}&to=${to}`;

const zero = {
  requests: 1,
  completed: 1,
  success_rate: 1,
  input_tokens: 0,
  cached_input_tokens: 0,
  output_tokens: 0,
  tokens_used: 10,
  cost: 0,
  potential_cost: 0,
  savings: 0,
  cache_hits: 0,
  auto_decisions: 0,
};
const analytics = (from: string, to: string): ModelAnalytics => ({
  from,
  to,
  totals: zero,
  models: [
    {
      ...zero,
      model_id: 'openai/gpt-4o-mini',
      model_name: 'GPT-4o mini',
      provider: 'openai',
      auto_share: 0,
      p50_latency_ms: null,
      p50_time_to_first_token_ms: null,
    },
  ],
});
const counts = (positive: number, neutral: number, negative: number) => ({
  positive,
  neutral,
  negative,
  total: positive + neutral + negative,
});
const lastMonth: FeedbackStats = {
  by_date: [],
  by_model: [
    { model_id: 'openai/gpt-4o-mini', ...counts(3, 0, 1) },
    { model_id: 'google/gemini-2.5-pro', ...counts(0, 1, 1) },
  ],
  totals: counts(3, 1, 2),
};
const firstWeek: FeedbackStats = {
  by_date: [],
  by_model: [{ model_id: 'openai/gpt-4o-mini', ...counts(1, 0, 0) }],
  totals: counts(1, 0, 0),
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});
afterEach(() => vi.useRealTimers());

const ratingsCard = () => screen.findByRole('region', { name: 'User Ratings' });
const modelFacts = (item: HTMLElement) =>
  within(item)
    .getAllByRole('term')
    .map((term) => `${term.textContent} ${term.nextSibling?.textContent}`);

describe('ratings on model analytics (/admin/models)', () => {
  it("shows each model's positive, neutral and negative ratings and share positive over the chosen period", async () => {
    const { requests } = fakeAdminApi({
      routes: {
        [analyticsPath('2026-02-18', '2026-03-20')]: () => ({ body: analytics('2026-02-18', '2026-03-20') }),
        [analyticsPath('2026-03-01', '2026-03-20')]: () => ({ body: analytics('2026-03-01', '2026-03-20') }),
        [analyticsPath('2026-03-01', '2026-03-07')]: () => ({ body: analytics('2026-03-01', '2026-03-07') }),
        [statsPath('2026-02-18', '2026-03-20')]: () => ({ body: lastMonth }),
        [statsPath('2026-03-01', '2026-03-20')]: () => ({ body: lastMonth }),
        [statsPath('2026-03-01', '2026-03-07')]: () => ({ body: firstWeek }),
      },
    });
    renderApp('/admin/models');
    const card = await ratingsCard();
    const list = await within(card).findByRole('list', { name: 'Ratings by model' });
    const [mini, gemini] = within(list).getAllByRole('listitem');
    // The page's analytics name the model; one it does not know shows its id.
    expect(mini).toHaveAccessibleName('GPT-4o mini');
    expect(mini).toHaveTextContent('75.0% positive');
    expect(modelFacts(mini!)).toEqual(['Positive 3', 'Neutral 0', 'Negative 1']);
    expect(within(mini!).getByRole('img')).toHaveAccessibleName(
      'GPT-4o mini ratings: 3 positive, 0 neutral, 1 negative',
    );
    expect(gemini).toHaveAccessibleName('google/gemini-2.5-pro');
    expect(gemini).toHaveTextContent('0.0% positive');

    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-03-07' } });
    expect(await within(card).findByText('100.0% positive')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem')).toHaveLength(1);
    expect(
      requests
        .filter((request) => request.path.startsWith('/api/feedback/stats/'))
        .map((request) => request.path.split('?')[1]),
    ).toEqual(['from=2026-02-18&to=2026-03-20', 'from=2026-03-01&to=2026-03-20', 'from=2026-03-01&to=2026-03-07']);
  });

  it('says when the period has no ratings', async () => {
    fakeAdminApi({
      routes: { [analyticsPath('2026-02-18', '2026-03-20')]: () => ({ body: analytics('2026-02-18', '2026-03-20') }) },
    });
    renderApp('/admin/models');
    expect(await within(await ratingsCard()).findByText(feedbackTexts.noFeedback)).toBeInTheDocument();
  });

  it('shows a failed load of the ratings in the red banner and keeps the usage table', async () => {
    fakeAdminApi({
      routes: {
        [analyticsPath('2026-02-18', '2026-03-20')]: () => ({ body: analytics('2026-02-18', '2026-03-20') }),
        [statsPath('2026-02-18', '2026-03-20')]: () => ({
          status: 503,
          body: apiErrorBody('unavailable', 'Ratings are resting'),
        }),
      },
    });
    renderApp('/admin/models');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ratings are resting');
    expect(within(await ratingsCard()).getByText(feedbackTexts.failed)).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /GPT-4o mini/ })).toBeInTheDocument();
  });
});
