import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import {
  adminRole,
  fakeAdminApi,
  makeListedRole,
  makeOrganisationUser,
  makeUsage,
  permission,
} from '../../admin/test/fake-admin-api';

/** Summed limits of the enabled models: 1,000 tokens and $10.00 (the disabled model does not count). */
const analyst = makeListedRole('Analyst', {
  permissions: [
    permission('openai/gpt-4o-mini', 600, 6),
    permission('anthropic/claude-sonnet-4', 400, 4),
    permission('openai/gpt-4o', 99_999, 99, false),
  ],
});

async function openUsage(tokens: [number, number], cost: [number, number], role = analyst) {
  const person = makeOrganisationUser('dana', role);
  const usage = makeUsage(person, [
    { model_id: 'openai/gpt-4o-mini', tokens_used: tokens[0], cost: cost[0], requests: 3 },
    { model_id: 'anthropic/claude-sonnet-4', tokens_used: tokens[1], cost: cost[1], requests: 2 },
  ]);
  fakeAdminApi({ roles: [adminRole, analyst], users: [person], usage: [usage] });
  renderApp('/admin/users');
  await userEvent.click(await screen.findByRole('button', { name: 'View Usage for dana' }));
  return screen.getByRole('dialog', { name: 'Usage for dana' });
}

describe('the per-user usage view (spec sections 2 and 9)', () => {
  it.each([
    {
      case: '75% exactly is still green',
      tokens: [500, 250],
      cost: [3, 2],
      tokenText: '750 of 1,000 tokens (75.0%)',
      tokenLevel: 'green',
      costText: '$5.00 of $10.00 (50.0%)',
      costLevel: 'green',
      warning: null,
    },
    {
      case: 'above 75% is yellow, 90% exactly still yellow',
      tokens: [600, 300],
      cost: [5, 2.51],
      tokenText: '900 of 1,000 tokens (90.0%)',
      tokenLevel: 'yellow',
      costText: '$7.51 of $10.00 (75.1%)',
      costLevel: 'yellow',
      warning: null,
    },
    {
      case: 'above 90% is red and warns',
      tokens: [600, 301],
      cost: [5, 4],
      tokenText: '901 of 1,000 tokens (90.1%)',
      tokenLevel: 'red',
      costText: '$9.00 of $10.00 (90.0%)',
      costLevel: 'yellow',
      warning: 'Warning: dana has used over 90% of the monthly token limit of their role.',
    },
    {
      case: 'both over 90% name both limits',
      tokens: [700, 400],
      cost: [6, 3.5],
      tokenText: '1,100 of 1,000 tokens (100.0%)',
      tokenLevel: 'red',
      costText: '$9.50 of $10.00 (95.0%)',
      costLevel: 'red',
      warning: 'Warning: dana has used over 90% of the monthly token and cost limits of their role.',
    },
  ] as const)('$case', async ({ tokens, cost, tokenText, tokenLevel, costText, costLevel, warning }) => {
    const dialog = await openUsage([...tokens], [...cost]);
    const tokenBar = within(dialog).getByRole('progressbar', { name: 'Tokens' });
    const costBar = within(dialog).getByRole('progressbar', { name: 'Cost' });
    expect(within(dialog).getByText(tokenText)).toBeInTheDocument();
    expect(within(dialog).getByText(costText)).toBeInTheDocument();
    expect(tokenBar).toHaveAttribute('data-level', tokenLevel);
    expect(costBar).toHaveAttribute('data-level', costLevel);
    expect(tokenBar.firstElementChild).toHaveClass(
      { green: 'bg-green-500', yellow: 'bg-yellow-400', red: 'bg-red-600' }[tokenLevel],
    );
    if (warning) {
      expect(within(dialog).getByRole('alert')).toHaveTextContent(warning);
      // A warning, not a refusal: amber, apart from the refusals' red.
      expect(within(dialog).getByRole('alert')).toHaveAttribute('data-tone', 'warning');
      expect(within(dialog).getByRole('alert').className).toMatch(/\bbg-amber-50\b/);
      expect(within(dialog).getByRole('alert').className).not.toMatch(/\bred-/);
    } else expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('breaks the usage down by model with names, tokens, cost and requests', async () => {
    const dialog = await openUsage([600, 301], [5.125, 4]);
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['GPT-4o mini600$5.133', 'Claude Sonnet 4301$4.002']);
    expect(within(dialog).getByText(/March 2026/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows an unlimited role without a bar level or warning', async () => {
    const dialog = await openUsage([5_000_000, 1], [900, 1], adminRole);
    expect(within(dialog).getByText('5,000,001 of unlimited tokens')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Tokens' })).toHaveAttribute('data-level', 'green');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
