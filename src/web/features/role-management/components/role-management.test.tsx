import { unlimitedLimit } from '@contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import {
  adminRole,
  fakeAdminApi,
  makeListedRole,
  memberRole,
  orgId,
  organisationModels,
  permission,
} from '../../admin/test/fake-admin-api';

const catalogIds = adminRole.permissions.map((entry) => entry.model_id);

async function openRoles() {
  renderApp('/admin/roles');
  await screen.findByRole('heading', { name: 'Role Management' });
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe('Role Management: the list', () => {
  it('shows each role with its enabled model count, the first 5 names then +N more, and its holders', async () => {
    const wide = makeListedRole('Wide', {
      permissions: [
        ...catalogIds.map((id) => permission(id)),
        permission('openai/gpt-4.1', 1, 1),
        permission('openai/gpt-4.1-mini', 1, 1, false),
      ],
      user_count: 3,
    });
    fakeAdminApi({ roles: [adminRole, memberRole, wide] });
    await openRoles();
    await screen.findByRole('listitem', { name: 'Wide' });
    expect(within(card('Wide')).getByText('6 models enabled')).toBeInTheDocument();
    const names = within(within(card('Wide')).getByRole('list', { name: 'Models enabled for Wide' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // Display names throughout, the id on hover; a model no key reaches yet is marked.
    expect(names).toEqual([
      'GPT-4o',
      'GPT-4o mini',
      'Claude Sonnet 4',
      'Gemini 2.5 Pro (needs a key)',
      'o4-mini',
      '+1 more',
    ]);
    const chip = (name: string) => within(card('Wide')).getByText(name).closest('li')!;
    expect(chip('GPT-4o')).toHaveAttribute('title', 'openai/gpt-4o');
    expect(chip('Gemini 2.5 Pro')).toHaveAttribute('title', 'google/gemini-2.5-pro: Needs a Google Gemini key');
    expect(within(card('Wide')).getByText('3 users')).toBeInTheDocument();
    expect(within(card('Member')).getByText('1 model enabled')).toBeInTheDocument();
    expect(within(card('Member')).getByText('1 user')).toBeInTheDocument();
  });

  it('shows a failed load in the red banner', async () => {
    fakeAdminApi({
      routes: {
        [`GET /roles/organization/${orgId}`]: () => ({
          status: 500,
          body: { code: 'internal', message: 'Internal server error' },
        }),
      },
    });
    await openRoles();
    expect(await screen.findByTestId('error-banner')).toHaveTextContent('Internal server error');
    expect(screen.getByText('The roles could not be loaded.')).toBeInTheDocument();
  });
});

describe('Role Management: the role form', () => {
  it('starts a new role with every model enabled at 2000 / 100000 / 50, grouped, empty groups hidden', async () => {
    fakeAdminApi();
    await openRoles();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Role' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Role' });
    expect(within(dialog).getByLabelText('Role name')).toHaveFocus();
    const groups = within(dialog)
      .getAllByRole('group')
      .map((group) => group.querySelector('legend')?.textContent);
    expect(groups).toEqual(['Permissions', 'GPT-4', 'Claude', 'PaLM/Gemini', 'Other']);
    for (const name of ['GPT-4o', 'GPT-4o mini', 'Claude Sonnet 4', 'Gemini 2.5 Pro', 'o4-mini']) {
      const enabled = within(dialog).getByRole('checkbox', { name: `Enable ${name}` });
      // Every model the organisation can reach; Gemini needs a Google key first, and says where to add one.
      if (name === 'Gemini 2.5 Pro') {
        expect(enabled).not.toBeChecked();
        expect(enabled).toBeDisabled();
        expect(enabled).toHaveAccessibleDescription('Needs a Google Gemini key: add one under Provider Keys.');
        expect(within(dialog).getByRole('link', { name: 'add one under Provider Keys' })).toHaveAttribute(
          'href',
          '/admin/organization#provider-keys',
        );
      } else expect(enabled).toBeChecked();
      expect(within(dialog).getByLabelText(`${name} max tokens per request`)).toHaveValue(2000);
      expect(within(dialog).getByLabelText(`${name} monthly token limit`)).toHaveValue(100000);
      expect(within(dialog).getByLabelText(`${name} cost limit (usd)`)).toHaveValue(50);
    }
    expect(
      within(within(dialog).getByRole('group', { name: 'Claude' })).getByText('anthropic/claude-sonnet-4'),
    ).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("refuses a role without name or description and limits out of range, with the fields' texts", async () => {
    const { requests } = fakeAdminApi();
    await openRoles();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Role' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Role' });
    await userEvent.clear(within(dialog).getByLabelText('GPT-4o max tokens per request'));
    await userEvent.type(within(dialog).getByLabelText('GPT-4o max tokens per request'), '0');
    await userEvent.clear(within(dialog).getByLabelText('o4-mini monthly token limit'));
    await userEvent.clear(within(dialog).getByLabelText('Claude Sonnet 4 cost limit (usd)'));
    await userEvent.type(within(dialog).getByLabelText('Claude Sonnet 4 cost limit (usd)'), '-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Role' }));
    expect(within(dialog).getByText('Role name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('GPT-4o max tokens per request')).toHaveAccessibleDescription(
      'Max tokens per request must be at least 1',
    );
    expect(within(dialog).getByLabelText('o4-mini monthly token limit')).toHaveAccessibleDescription(
      'Monthly token limit must be a number',
    );
    expect(within(dialog).getByLabelText('Claude Sonnet 4 cost limit (usd)')).toHaveAccessibleDescription(
      'Cost limit must be at least 0',
    );
    await userEvent.type(within(dialog).getByLabelText('Role name'), 'A');
    expect(within(dialog).queryByText('Role name is required')).toBeNull();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('creates a role that enables one model with a small monthly limit, then reloads the list', async () => {
    const { requests } = fakeAdminApi();
    await openRoles();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Role' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Role' });
    await userEvent.type(within(dialog).getByLabelText('Role name'), 'Trial');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'One cheap model');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable all models' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Enable GPT-4o mini' }));
    await userEvent.clear(within(dialog).getByLabelText('GPT-4o mini monthly token limit'));
    await userEvent.type(within(dialog).getByLabelText('GPT-4o mini monthly token limit'), '300');
    await userEvent.clear(within(dialog).getByLabelText('GPT-4o mini cost limit (usd)'));
    await userEvent.type(within(dialog).getByLabelText('GPT-4o mini cost limit (usd)'), '0.25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Role' }));

    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Trial' })).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = requests.find((request) => request.method === 'POST' && request.path === '/api/roles')?.body as {
      permissions: { model_id: string; isEnabled: boolean }[];
    };
    expect(sent).toMatchObject({ name: 'Trial', description: 'One cheap model', org_id: orgId });
    expect(sent.permissions.filter((row) => row.isEnabled)).toEqual([
      {
        model_id: 'openai/gpt-4o-mini',
        isEnabled: true,
        max_tokens_per_request: 2000,
        monthly_token_limit: 300,
        cost_limit: 0.25,
      },
    ]);
    expect(sent.permissions).toHaveLength(catalogIds.length);
    expect(within(card('Trial')).getByText('1 model enabled')).toBeInTheDocument();
  });

  it('lets a role that already enables a model no key reaches turn it off, and Enable all leaves such models alone', async () => {
    const waiting = makeListedRole('Waiting', {
      permissions: [permission('openai/gpt-4o-mini'), permission('google/gemini-2.5-pro')],
    });
    const { requests } = fakeAdminApi({ roles: [adminRole, memberRole, waiting] });
    await openRoles();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit role Waiting' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Role' });
    const gemini = within(dialog).getByRole('checkbox', { name: 'Enable Gemini 2.5 Pro' });
    expect(gemini).toBeChecked();
    expect(gemini).toBeEnabled();
    await userEvent.click(gemini);
    expect(gemini).not.toBeChecked();
    expect(gemini).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enable all models' }));
    expect(gemini).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Enable o4-mini' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = requests.find((request) => request.method === 'PUT')?.body as {
      permissions: { model_id: string; isEnabled: boolean }[];
    };
    expect(sent.permissions.find((row) => row.model_id === 'google/gemini-2.5-pro')?.isEnabled).toBe(false);
  });

  it("treats a name containing 'admin' like any other: its limits stay editable and nothing is granted", async () => {
    const { requests } = fakeAdminApi();
    await openRoles();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Role' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Role' });
    await userEvent.type(within(dialog).getByLabelText('Role name'), 'Deputy Administrator');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Runs things');
    expect((within(dialog).getByLabelText('GPT-4o monthly token limit') as HTMLInputElement).value).toBe('100000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = requests.find((request) => request.method === 'POST')?.body as {
      scopes: string[];
      unlimited: boolean;
      permissions: { monthly_token_limit: number }[];
    };
    expect(sent).toMatchObject({ scopes: [], unlimited: false });
    expect(sent.permissions.every((row) => row.monthly_token_limit === 100_000)).toBe(true);
  });

  it('lets an administrator choose the Permissions: scopes and Unlimited use, sending them with the role', async () => {
    const { requests } = fakeAdminApi();
    await openRoles();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Role' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Role' });
    const permissions = within(dialog).getByRole('group', { name: 'Permissions' });
    const box = (name: string) => within(permissions).getByRole('checkbox', { name });
    for (const name of ['Administrator', 'User management', 'Model management', 'Billing', 'Unlimited use']) {
      expect(box(name)).not.toBeChecked();
      expect(box(name)).toBeEnabled();
    }
    await userEvent.type(within(dialog).getByLabelText('Role name'), 'Finance');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Pays the bills');
    await userEvent.click(box('Billing'));
    await userEvent.click(box('Unlimited use'));
    expect(within(dialog).queryByLabelText('GPT-4o monthly token limit')).toBeNull();
    expect(within(dialog).getAllByText('Unlimited').length).toBe(catalogIds.length * 3);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = requests.find((request) => request.method === 'POST')?.body as {
      scopes: string[];
      unlimited: boolean;
      permissions: { monthly_token_limit: number; cost_limit: number }[];
    };
    expect(sent).toMatchObject({ name: 'Finance', scopes: ['billing'], unlimited: true });
    expect(
      sent.permissions.every((row) => row.monthly_token_limit === unlimitedLimit && row.cost_limit === unlimitedLimit),
    ).toBe(true);
  });

  it("loads a role's stored scopes; the administrator scope includes the others and unlimited use", async () => {
    const finance = makeListedRole('Finance', { scopes: ['billing'], permissions: [permission('openai/gpt-4o-mini')] });
    const { requests } = fakeAdminApi({ roles: [adminRole, memberRole, finance] });
    await openRoles();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit role Finance' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Role' });
    const permissions = within(dialog).getByRole('group', { name: 'Permissions' });
    const box = (name: string) => within(permissions).getByRole('checkbox', { name });
    expect(box('Billing')).toBeChecked();
    expect(box('User management')).not.toBeChecked();
    await userEvent.click(box('Administrator'));
    expect(box('User management')).toBeChecked();
    expect(box('User management')).toBeDisabled();
    expect(box('Unlimited use')).toBeChecked();
    await userEvent.click(box('Administrator'));
    await userEvent.click(box('Billing'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ scopes: [], unlimited: false });
  });

  it("edits a role from its saved values and shows the server's refusal of a taken name", async () => {
    const analyst = makeListedRole('Analyst', {
      description: 'Reads',
      permissions: [permission('openai/gpt-4o', 1234, 5.5)],
    });
    const taken = "A role named 'Member' already exists in this organization.";
    const { requests } = fakeAdminApi({
      roles: [adminRole, memberRole, analyst],
      routes: {
        [`PUT /roles/${analyst.id}`]: () => ({
          status: 409,
          body: { code: 'conflict', message: taken, detail: taken },
        }),
      },
    });
    await openRoles();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit role Analyst' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Role' });
    expect(within(dialog).getByLabelText('Role name')).toHaveValue('Analyst');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Reads');
    expect(within(dialog).getByRole('checkbox', { name: 'Enable GPT-4o' })).toBeChecked();
    expect(within(dialog).getByLabelText('GPT-4o monthly token limit')).toHaveValue(1234);
    expect(within(dialog).getByLabelText('GPT-4o cost limit (usd)')).toHaveValue(5.5);
    expect(within(dialog).getByRole('checkbox', { name: 'Enable Claude Sonnet 4' })).not.toBeChecked();
    await userEvent.clear(within(dialog).getByLabelText('Role name'));
    await userEvent.type(within(dialog).getByLabelText('Role name'), 'Member');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByTestId('error-banner')).toHaveTextContent(taken);
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ name: 'Member', org_id: orgId });
  });
});

describe('Role Management: shortening replies to fit (docs/decisions/051)', () => {
  it('starts a new role with the setting off, explains it, and sends what the administrator chose', async () => {
    const { requests } = fakeAdminApi();
    await openRoles();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Role' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Role' });
    const setting = within(dialog).getByRole('checkbox', { name: 'Shorten replies to fit' });
    expect(setting).not.toBeChecked();
    expect(setting).toHaveAccessibleDescription(
      'When a message and its longest reply do not fit what is left of a monthly token or cost limit, answer with a shorter reply instead of refusing the message.',
    );
    await userEvent.type(within(dialog).getByLabelText('Role name'), 'Brief');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Short answers near the limit');
    await userEvent.click(setting);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'POST' && request.path === '/api/roles')?.body).toMatchObject({
      name: 'Brief',
      shorten_replies_to_fit: true,
    });
  });

  it("loads a role's saved setting and sends it turned off", async () => {
    const brief = makeListedRole('Brief', {
      description: 'Short answers',
      permissions: [permission('openai/gpt-4o', 1234, 5.5)],
      shorten_replies_to_fit: true,
    });
    const { requests } = fakeAdminApi({ roles: [adminRole, memberRole, brief] });
    await openRoles();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit role Brief' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Role' });
    const setting = within(dialog).getByRole('checkbox', { name: 'Shorten replies to fit' });
    expect(setting).toBeChecked();
    await userEvent.click(setting);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      name: 'Brief',
      shorten_replies_to_fit: false,
    });
  });
});

describe('Role Management: delete', () => {
  it("asks first, and shows the server's refusal when people hold the role", async () => {
    const inUse = 'This role is held by 1 user. Give them another role before deleting it.';
    fakeAdminApi({
      routes: {
        [`DELETE /roles/${memberRole.id}`]: () => ({
          status: 409,
          body: { code: 'conflict', message: inUse, detail: inUse },
        }),
      },
    });
    await openRoles();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete role Member' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete role?' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete Role' }));
    expect(await screen.findByTestId('error-banner')).toHaveTextContent(inUse);
    expect(card('Member')).toBeInTheDocument();
  });

  it('deletes a role nobody holds and reloads the list', async () => {
    const spare = makeListedRole('Spare');
    fakeAdminApi({ roles: [adminRole, memberRole, spare] });
    await openRoles();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete role Spare' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Role' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Spare' })).toBeNull());
  });
});

describe('Role Management: embedding models for programs', () => {
  const embeddingModel = {
    model_id: 'openai/text-embedding-3-small',
    name: 'text-embedding-3-small',
    provider: 'openai',
    reachable: true,
    reached_through: 'instance' as const,
    key_provider: 'openai' as const,
    kind: 'embedding' as const,
  };

  it('offers the organisation’s embedding models in a group of their own, off by default, with token and cost limits', async () => {
    const { requests } = fakeAdminApi({ organisationModels: [...organisationModels, embeddingModel] });
    await openRoles();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Role' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Role' });
    const groups = within(dialog)
      .getAllByRole('group')
      .map((group) => group.querySelector('legend')?.textContent);
    expect(groups).toEqual(['Permissions', 'GPT-4', 'Claude', 'PaLM/Gemini', 'Embedding (API for programs)', 'Other']);
    const group = within(dialog).getByRole('group', { name: 'Embedding (API for programs)' });
    expect(within(group).getByText(/through \/v1\/embeddings with an API key/)).toBeInTheDocument();
    const enable = within(group).getByRole('checkbox', { name: 'Enable text-embedding-3-small' });
    // A new role grants the chat's models; embeddings for programs are granted on purpose.
    expect(enable).not.toBeChecked();
    expect(enable).toBeEnabled();
    expect(within(group).queryByLabelText('text-embedding-3-small max tokens per request')).toBeNull();
    expect(within(group).getByLabelText('text-embedding-3-small cost limit (usd)')).toHaveValue(50);

    await userEvent.type(within(dialog).getByLabelText('Role name'), 'Indexers');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Programs that embed documents');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable all models' }));
    await userEvent.click(enable);
    const monthly = within(group).getByLabelText('text-embedding-3-small monthly token limit');
    await userEvent.clear(monthly);
    await userEvent.type(monthly, '5000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = requests.find((request) => request.method === 'POST' && request.path === '/api/roles')?.body as {
      permissions: { model_id: string; isEnabled: boolean }[];
    };
    expect(sent.permissions.filter((row) => row.isEnabled)).toEqual([
      {
        model_id: 'openai/text-embedding-3-small',
        isEnabled: true,
        max_tokens_per_request: 2000,
        monthly_token_limit: 5000,
        cost_limit: 50,
      },
    ]);
  });
});
