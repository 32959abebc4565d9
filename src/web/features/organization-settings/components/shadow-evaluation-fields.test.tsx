import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { fakeAdminApi, makeListedRole, makeRoutingPolicy, orgId } from '../../admin/test/fake-admin-api';
import { routingDraftOf } from '../lib/routing-draft';
import { RoutingCacheCard } from './routing-cache-card';

const policyPath = `/api/org/${orgId}/routing-policy`;

async function editRoutingCard() {
  renderApp('/admin/organization');
  await screen.findByRole('heading', { name: 'Organization Settings' });
  const card = await screen.findByRole('region', { name: 'Routing & Cache' });
  await within(card).findByText('No adjustment yet');
  await userEvent.click(screen.getByRole('button', { name: 'Edit Settings' }));
  return card;
}

const group = (card: HTMLElement) => within(card).getByRole('group', { name: 'Shadow evaluation' });
const fact = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/** The card alone in edit mode, as whoever is signed in gets it (the Organization page itself is for administrators). */
function renderEditingCardAlone() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const draft = routingDraftOf(makeRoutingPolicy().policy);
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <RoutingCacheCard
          models={[]}
          draft={draft}
          problems={{}}
          onChange={() => undefined}
          onFailure={() => undefined}
        />
      ),
    },
  ]);
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

async function replace(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text !== '') await userEvent.type(field, text);
}

describe('Routing & Cache: the Shadow evaluation group', () => {
  it('switches shadow evaluation on with a budget and a judge, sending the rate as a share and the budget in whole cents', async () => {
    const { requests } = fakeAdminApi();
    const card = await editRoutingCard();
    const shadow = group(card);
    expect(within(shadow).getByLabelText('Sampling rate (%)')).toHaveValue(0);
    expect(within(shadow).getByLabelText('Monthly sampling budget ($)')).toHaveValue('10.00');
    expect(within(shadow).getByLabelText('Judge model')).toHaveValue('');

    await replace(within(shadow).getByLabelText('Sampling rate (%)'), '7');
    await replace(within(shadow).getByLabelText('Monthly sampling budget ($)'), '$1,250.5');
    await userEvent.selectOptions(within(shadow).getByLabelText('Judge model'), 'Claude Sonnet 4');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.getByText('Organization settings saved')).toBeInTheDocument());
    const puts = requests.filter((request) => request.method === 'PUT');
    expect(puts.map((request) => request.path)).toEqual([policyPath]);
    expect(puts[0]!.body).toEqual({
      shadow_evaluation: {
        sampling_rate: 0.07,
        monthly_budget_usd: 1250.5,
        judge_model_id: 'anthropic/claude-sonnet-4',
      },
    });
    expect(fact(card, 'Shadow evaluation')).toBe(
      'On: 7% of cheaper Auto replies, up to $1,250.50 a month, judged by Claude Sonnet 4',
    );
  });

  it('sends nothing of the group when only another field changed', async () => {
    const { requests } = fakeAdminApi();
    const card = await editRoutingCard();
    await replace(within(card).getByLabelText('Quality target (%)'), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByText('Organization settings saved')).toBeInTheDocument());
    expect(requests.find((request) => request.method === 'PUT')!.body).toEqual({ quality_target: 0.9 });
    expect(fact(card, 'Shadow evaluation')).toBe('Off');
  });

  it("checks the group with the server's messages before sending anything", async () => {
    const { requests } = fakeAdminApi();
    const card = await editRoutingCard();
    const shadow = group(card);
    const rate = within(shadow).getByLabelText('Sampling rate (%)');
    const budget = within(shadow).getByLabelText('Monthly sampling budget ($)');
    await replace(rate, '150');
    await replace(budget, '10.005');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(rate).toHaveAccessibleDescription(expect.stringContaining('Sampling rate must be between 0% and 100%'));
    expect(budget).toHaveAccessibleDescription(
      expect.stringContaining('Monthly sampling budget must be in whole cents'),
    );

    await replace(budget, 'ten dollars');
    await replace(rate, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(budget).toHaveAccessibleDescription(expect.stringContaining('Monthly sampling budget must be a number'));
    expect(rate).not.toHaveAccessibleDescription(expect.stringContaining('must be'));

    await replace(budget, '100000.01');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(budget).toHaveAccessibleDescription(
      expect.stringContaining('Monthly sampling budget must be between $0 and $100,000'),
    );
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal at the judge field and in the red banner, staying in edit mode", async () => {
    const refusal = 'Unknown model: anthropic/claude-sonnet-4';
    fakeAdminApi({
      routes: {
        [`PUT /org/${orgId}/routing-policy`]: () => ({
          status: 400,
          body: {
            code: 'validation_failed',
            message: refusal,
            detail: refusal,
            fields: { 'shadow_evaluation.judge_model_id': refusal },
          },
        }),
      },
    });
    const card = await editRoutingCard();
    const judge = within(group(card)).getByLabelText('Judge model');
    await userEvent.selectOptions(judge, 'Claude Sonnet 4');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByTestId('error-banner')).toHaveTextContent(refusal);
    expect(judge).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it.each([
    ['Model Manager', 'model manager', false],
    ['Admin', 'admin', true],
  ])(
    'in the form as a %s sees it: offered to administrators only, as the server allows',
    async (name, role, offered) => {
      const listed = makeListedRole(name);
      fakeAdminApi({ me: makeUser({ role, role_id: listed.id }), myRole: listed });
      renderEditingCardAlone();
      const card = await screen.findByRole('region', { name: 'Routing & Cache' });
      await within(card).findByLabelText('Quality target (%)');
      expect(within(card).queryByRole('group', { name: 'Shadow evaluation' }) !== null).toBe(offered);
    },
  );
});

describe('Routing & Cache: a judge the catalog no longer lists', () => {
  it('stays offered by its id, so opening the form does not change it', async () => {
    const saved = makeRoutingPolicy();
    fakeAdminApi({
      routingPolicy: {
        ...saved,
        policy: {
          ...saved.policy,
          shadow_evaluation: { sampling_rate: 0.1, monthly_budget_usd: 25, judge_model_id: 'openai/o3-retired' },
        },
      },
    });
    const card = await editRoutingCard();
    expect(within(group(card)).getByLabelText('Judge model')).toHaveValue('openai/o3-retired');
  });
});
