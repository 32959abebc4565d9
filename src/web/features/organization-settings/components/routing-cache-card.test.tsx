import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import {
  adminRole,
  fakeAdminApi,
  makeListedRole,
  makeRoutingPolicy,
  noCalibration,
  orgId,
} from '../../admin/test/fake-admin-api';
import { RoutingCacheCard } from './routing-cache-card';

const policyPath = `/api/org/${orgId}/routing-policy`;
// Feedback on code moved Auto toward stronger models there, and poor ratings of reused replies made the cache stricter.
const moved = noCalibration(0.9);
const adjusted = makeRoutingPolicy({
  calibration: {
    kinds: moved.kinds.map((facts) =>
      facts.kind === 'code' ? { ...facts, offset: -0.06, signals: 11, updated_at: '2026-03-04T05:06:07.000Z' } : facts,
    ),
    cache: { offset: 0.04, threshold: 0.94, signals: 2, updated_at: '2026-03-05T05:06:07.000Z' },
  },
});

async function openOrganization() {
  renderApp('/admin/organization');
  await screen.findByRole('heading', { name: 'Organization Settings' });
  return screen.findByRole('region', { name: 'Routing & Cache' });
}

const fact = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const summary = (card: HTMLElement) => within(card).getByTestId('calibration-summary');

/** The card alone, as someone who is not an administrator would get it: the Organization page itself is for admins only. */
function renderCardAlone() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
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
}

describe('Routing & Cache: view', () => {
  it('shows how Auto routes and caches, and the calibration in plain words', async () => {
    fakeAdminApi({ routingPolicy: adjusted });
    const card = await openOrganization();
    await waitFor(() => expect(fact(card, 'Quality target')).toBe("95% of the strongest model's quality"));
    expect(fact(card, 'Routing')).toBe('On: Auto chooses a model for each prompt');
    expect(fact(card, 'Models Auto may choose')).toBe('Every model the organization can reach: GPT-4o mini, GPT-4o');
    expect(fact(card, 'Reference model for savings')).toBe('the strongest available, now GPT-4o');
    expect(fact(card, 'Cache')).toBe('On');
    expect(fact(card, 'Cache similarity threshold')).toBe('0.9 (the default)');
    expect(fact(card, 'Cache error rate')).toBe(
      'At most 2% wrong among the hits the learned threshold serves without a judge',
    );
    const lines = within(summary(card))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^Code: toward stronger models by 0\.06 \(11 ratings, regenerations and edits since the last reset, the latest on Mar \d, 2026\)\.$/,
    );
    expect(lines[1]).toMatch(
      /^Cache: reuses a reply only from similarity 0\.94, 0\.04 above the policy's \(2 ratings, regenerations and edits since the last reset, the latest on Mar \d, 2026\)\.$/,
    );
    expect(within(card).getByRole('button', { name: 'Reset calibration' })).toBeInTheDocument();
  });

  it('names the models and threshold a policy sets, and says when feedback moved Auto toward cheaper models', async () => {
    const routingPolicy = makeRoutingPolicy({
      policy: {
        enabled: false,
        quality_target: 0.875,
        candidate_model_ids: ['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4'],
        reference_model_id: 'anthropic/claude-sonnet-4',
        cache: { enabled: false, threshold: 0.93, ttl_seconds: 3600, max_entries: 100, error_rate: 0.02 },
        deadlines: { headers_ms: null, first_token_ms: null, between_tokens_ms: null },
        shadow_evaluation: { sampling_rate: 0, monthly_budget_usd: 10, judge_model_id: null },
      },
      calibration: {
        ...noCalibration(0.93),
        kinds: noCalibration(0.93).kinds.map((facts) =>
          facts.kind === 'writing' ? { ...facts, offset: 0.005, signals: 1 } : facts,
        ),
      },
    });
    fakeAdminApi({ routingPolicy });
    const card = await openOrganization();
    await waitFor(() => expect(fact(card, 'Quality target')).toBe("87.5% of the strongest model's quality"));
    expect(fact(card, 'Routing')).toBe('Off: Auto answers with the strongest model');
    expect(fact(card, 'Models Auto may choose')).toBe('GPT-4o mini, Claude Sonnet 4');
    expect(fact(card, 'Reference model for savings')).toBe('Claude Sonnet 4');
    expect(fact(card, 'Cache')).toBe('Off');
    expect(fact(card, 'Cache similarity threshold')).toBe('0.93');
    expect(summary(card)).toHaveTextContent(
      'Writing: toward cheaper models by 0.005 (1 rating, regeneration or edit since the last reset).',
    );
  });
});

describe('Routing & Cache: edit', () => {
  it('saves only the routing fields that changed, in the server’s units, and shows them', async () => {
    const { requests } = fakeAdminApi();
    const card = await openOrganization();
    await within(card).findByText('No adjustment yet');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Settings' }));
    const target = within(card).getByLabelText('Quality target (%)');
    expect(target).toHaveValue(95);
    await userEvent.clear(target);
    await userEvent.type(target, '90');
    await userEvent.click(
      within(card).getByRole('checkbox', { name: 'Auto may choose every model the organization can reach' }),
    );
    const chosen = within(card).getByRole('group', { name: 'Models Auto may choose' });
    // Naming models starts from the ones Auto uses now.
    expect(within(chosen).getByRole('checkbox', { name: 'GPT-4o' })).toBeChecked();
    expect(within(chosen).getByRole('checkbox', { name: 'GPT-4o mini' })).toBeChecked();
    await userEvent.click(within(chosen).getByRole('checkbox', { name: 'GPT-4o' }));
    await userEvent.click(within(chosen).getByRole('checkbox', { name: 'Claude Sonnet 4' }));
    await userEvent.type(within(card).getByLabelText('Cache similarity threshold'), '0.92');
    const errorRate = within(card).getByLabelText('Cache error rate (%)');
    expect(errorRate).toHaveValue(2);
    await userEvent.clear(errorRate);
    await userEvent.type(errorRate, '5');
    expect(within(card).queryByRole('button', { name: 'Reset calibration' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.getByText('Organization settings saved')).toBeInTheDocument());
    const puts = requests.filter((request) => request.method === 'PUT');
    expect(puts.map((request) => request.path)).toEqual([policyPath]);
    expect(puts[0]!.body).toEqual({
      quality_target: 0.9,
      candidate_model_ids: ['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4'],
      cache: { threshold: 0.92, error_rate: 0.05 },
    });
    expect(fact(card, 'Quality target')).toBe("90% of the strongest model's quality");
    expect(fact(card, 'Cache error rate')).toBe(
      'At most 5% wrong among the hits the learned threshold serves without a judge',
    );
    expect(fact(card, 'Models Auto may choose')).toBe('GPT-4o mini, Claude Sonnet 4');
    expect(fact(card, 'Cache similarity threshold')).toBe('0.92');
  });

  it('checks the fields with the server’s limits and messages before sending anything', async () => {
    const { requests } = fakeAdminApi();
    const card = await openOrganization();
    await within(card).findByText('No adjustment yet');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Settings' }));
    await userEvent.clear(within(card).getByLabelText('Quality target (%)'));
    await userEvent.type(within(card).getByLabelText('Quality target (%)'), '40');
    await userEvent.click(
      within(card).getByRole('checkbox', { name: 'Auto may choose every model the organization can reach' }),
    );
    const chosen = within(card).getByRole('group', { name: 'Models Auto may choose' });
    for (const name of ['GPT-4o', 'GPT-4o mini']) await userEvent.click(within(chosen).getByRole('checkbox', { name }));
    await userEvent.type(within(card).getByLabelText('Cache similarity threshold'), '0.3');
    await userEvent.clear(within(card).getByLabelText('Cache error rate (%)'));
    await userEvent.type(within(card).getByLabelText('Cache error rate (%)'), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(within(card).getByLabelText('Quality target (%)')).toHaveAccessibleDescription(
      expect.stringContaining('Quality target must be between 50% and 100%'),
    );
    expect(within(card).getByLabelText('Cache similarity threshold')).toHaveAccessibleDescription(
      expect.stringContaining('Cache threshold must be between 0.5 and 1'),
    );
    expect(within(card).getByLabelText('Cache error rate (%)')).toHaveAccessibleDescription(
      expect.stringContaining('Cache error rate must be between 0.1% and 50%'),
    );
    expect(chosen).toHaveAccessibleDescription('Choose at least one candidate model');
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await userEvent.type(within(card).getByLabelText('Quality target (%)'), '{Backspace}{Backspace}50');
    expect(within(card).getByLabelText('Quality target (%)')).not.toHaveAccessibleDescription(
      expect.stringContaining('must be between'),
    );
  });

  it("shows the server's refusal in the red banner and on its field, staying in edit mode", async () => {
    const refusal = 'Unknown model: openai/gpt-4o-mini';
    fakeAdminApi({
      routes: {
        [`PUT /org/${orgId}/routing-policy`]: () => ({
          status: 400,
          body: {
            code: 'validation_failed',
            message: refusal,
            detail: refusal,
            fields: { reference_model_id: refusal },
          },
        }),
      },
    });
    const card = await openOrganization();
    await within(card).findByText('No adjustment yet');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Settings' }));
    await userEvent.selectOptions(within(card).getByLabelText('Reference model for savings'), 'GPT-4o mini');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByTestId('error-banner')).toHaveTextContent(refusal);
    expect(within(card).getByLabelText('Reference model for savings')).toHaveAccessibleDescription(
      expect.stringContaining(refusal),
    );
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });
});

describe('Routing & Cache: calibration reset', () => {
  it('asks first, then resets through DELETE and shows that there is no adjustment', async () => {
    const { requests } = fakeAdminApi({ routingPolicy: adjusted });
    const card = await openOrganization();
    const reset = await within(card).findByRole('button', { name: 'Reset calibration' });

    await userEvent.click(reset);
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Reset calibration?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await userEvent.click(reset);
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Reset calibration?' })).getByRole('button', {
        name: 'Reset calibration',
      }),
    );
    await waitFor(() => expect(summary(card)).toHaveTextContent('No adjustment yet'));
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      `${policyPath}/calibration`,
    ]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Reset calibration' })).toBeNull();
    expect(screen.getByText('Calibration reset')).toBeInTheDocument();
  });

  it('shows a refused reset in the red banner and keeps the calibration as it was', async () => {
    fakeAdminApi({
      routingPolicy: adjusted,
      routes: {
        [`DELETE /org/${orgId}/routing-policy/calibration`]: () => ({
          status: 403,
          body: { code: 'forbidden', message: 'You do not have permission to do that.' },
        }),
      },
    });
    const card = await openOrganization();
    await userEvent.click(await within(card).findByRole('button', { name: 'Reset calibration' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset calibration' }));
    expect(await screen.findByTestId('error-banner')).toHaveTextContent('You do not have permission to do that.');
    expect(summary(card)).toHaveTextContent('toward stronger models by 0.06');
  });

  it('shows a failed read in the red banner; the rest of the page still works', async () => {
    fakeAdminApi({ routingPolicy: { status: 500, message: 'The routing policy is unavailable.' } });
    const card = await openOrganization();
    expect(await screen.findByTestId('error-banner')).toHaveTextContent('The routing policy is unavailable.');
    expect(within(card).getByText('The routing policy could not be loaded.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Settings' })).toBeEnabled();
  });
});

describe('Routing & Cache: who sees what', () => {
  it('lets a model manager read the policy and calibration, without Reset calibration (administrators only)', async () => {
    const modelManager = makeListedRole('Model Manager');
    fakeAdminApi({
      me: makeUser({ role: 'model manager', role_id: modelManager.id }),
      myRole: modelManager,
      routingPolicy: adjusted,
    });
    renderCardAlone();
    const card = await screen.findByRole('region', { name: 'Routing & Cache' });
    await waitFor(() => expect(summary(card)).toHaveTextContent('toward stronger models by 0.06'));
    expect(within(card).queryByRole('button', { name: 'Reset calibration' })).toBeNull();
  });

  it('shows nothing, and asks nothing, to someone the server would refuse the policy', async () => {
    const member = makeListedRole('Member');
    const { requests } = fakeAdminApi({
      me: makeUser({ role: 'member', role_id: member.id }),
      myRole: member,
      routingPolicy: adjusted,
    });
    renderCardAlone();
    await waitFor(() => expect(requests.some((request) => request.path === `/api/roles/${member.id}`)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Routing & Cache' })).toBeNull();
    expect(requests.some((request) => request.path.startsWith(policyPath))).toBe(false);
  });

  it('gives an administrator the reset', async () => {
    fakeAdminApi({ me: makeUser({ role: 'admin', role_id: adminRole.id }), routingPolicy: adjusted });
    renderCardAlone();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset calibration' })).toBeInTheDocument());
  });
});
