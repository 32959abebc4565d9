import { defaultPreferences } from '@contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { apiErrorBody } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { fakeSettingsApi } from '../test/settings-api';
import { AppSettingsModal } from './app-settings-modal';

async function openSettingsPage(path = '/settings/app') {
  signIn();
  const app = renderApp(path);
  await screen.findByRole('tab', { name: 'Appearance' });
  return app;
}

async function openTab(name: string) {
  await userEvent.click(screen.getByRole('tab', { name }));
}

describe('App Settings page', () => {
  it('shows the saved preferences from the server in every control', async () => {
    fakeSettingsApi({
      stored: {
        theme: 'dark',
        font_size: 'large',
        notifications: false,
        sound_effects: true,
        message_history: 200,
        auto_save: false,
        default_model: 'claude-sonnet-4',
      },
    });
    await openSettingsPage();
    expect(screen.getByRole('heading', { level: 1, name: 'App Settings' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Large' })).toBeChecked();

    await openTab('Messages');
    expect(screen.getByRole('switch', { name: 'Notifications' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Sound Effects' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Auto-save Conversations' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Message History Limit' })).toHaveValue('200');
    expect(
      within(screen.getByRole('combobox', { name: 'Message History Limit' }))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['50', '100', '200', '500']);

    await openTab('AI Models');
    const model = screen.getByRole('combobox', { name: 'Default AI Model' });
    await waitFor(() => expect(model).toHaveValue('claude-sonnet-4'));
    expect(
      within(model)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Automatic (recommended)',
      'GPT-4o mini (openai/gpt-4o-mini)',
      'Claude Sonnet 4 (anthropic/claude-sonnet-4)',
    ]);
  });

  it('names each catalog model once: its display name and its id, without the provider twice', async () => {
    const catalogModels = [
      { model_id: 'openai/gpt-4.1-nano', name: 'GPT-4.1 nano', provider: 'openai', max_tokens: 4000 },
      {
        model_id: 'local/tinyllama-1.1b-chat',
        name: 'TinyLlama 1.1B Chat (local)',
        provider: 'local',
        max_tokens: 1000,
      },
    ];
    fakeSettingsApi({ routes: { 'GET /conversation/models': () => ({ body: { models: catalogModels } }) } });
    await openSettingsPage('/settings/app?tab=models');
    await screen.findByRole('option', { name: /GPT-4.1 nano/ });
    expect(
      within(screen.getByRole('combobox', { name: 'Default AI Model' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Automatic (recommended)',
      'GPT-4.1 nano (openai/gpt-4.1-nano)',
      'TinyLlama 1.1B Chat (local) (local/tinyllama-1.1b-chat)',
    ]);
  });

  it('saves every field through PUT, applies theme and font size, and confirms for 2 s', async () => {
    const api = fakeSettingsApi();
    await openSettingsPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'Dark' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Large' }));
    await openTab('Messages');
    await userEvent.click(screen.getByRole('switch', { name: 'Notifications' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Sound Effects' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Message History Limit' }), '500');
    await userEvent.click(screen.getByRole('switch', { name: 'Auto-save Conversations' }));
    await openTab('AI Models');
    const model = screen.getByRole('combobox', { name: 'Default AI Model' });
    await screen.findByRole('option', { name: 'GPT-4o mini (openai/gpt-4o-mini)' });
    await userEvent.selectOptions(model, 'gpt-4o-mini');
    expect(api.calls('PUT', '/preferences/user/user-1')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() => expect(screen.getByText('Settings saved successfully!')).toBeInTheDocument());
    expect(api.calls('PUT', '/preferences/user/user-1').map((request) => request.body)).toEqual([
      {
        theme: 'dark',
        font_size: 'large',
        notifications: false,
        sound_effects: false,
        message_history: 500,
        auto_save: false,
        default_model: 'gpt-4o-mini',
      },
    ]);
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.style.fontSize).toBe('18px');
    await waitFor(() => expect(screen.queryByText('Settings saved successfully!')).not.toBeInTheDocument(), {
      timeout: 3000,
    });
    document.documentElement.style.fontSize = '';
  });

  it('saves Automatic as no default model (null)', async () => {
    const api = fakeSettingsApi({ stored: { default_model: 'gpt-4o-mini' } });
    await openSettingsPage('/settings/app?tab=models');
    const model = screen.getByRole('combobox', { name: 'Default AI Model' });
    await waitFor(() => expect(model).toHaveValue('gpt-4o-mini'));
    await userEvent.selectOptions(model, 'Automatic (recommended)');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('Settings saved successfully!');
    expect(api.calls('PUT', '/preferences/user/user-1')[0]?.body).toMatchObject({ default_model: null });
  });

  it('keeps a saved model that is no longer offered, marked as not available', async () => {
    fakeSettingsApi({ stored: { default_model: 'retired-model' } });
    await openSettingsPage('/settings/app?tab=models');
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'retired-model (not available)' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('combobox', { name: 'Default AI Model' })).toHaveValue('retired-model');
  });

  it('asks before resetting and only resets the form, without saving', async () => {
    const api = fakeSettingsApi({ stored: { theme: 'dark', font_size: 'small' } });
    await openSettingsPage();
    expect(await screen.findByRole('radio', { name: 'Dark' })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Reset Defaults' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reset Defaults' });
    expect(dialog).toHaveTextContent('Reset all settings to default values?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Reset Defaults' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();
    expect(api.calls('PUT', '/preferences/user/user-1')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('Settings saved successfully!');
    expect(api.calls('PUT', '/preferences/user/user-1')[0]?.body).toEqual(defaultPreferences);
  });

  it('clears the conversation history only after a cannot-be-undone confirmation', async () => {
    const api = fakeSettingsApi();
    await openSettingsPage('/settings/app?tab=privacy');

    await userEvent.click(screen.getByRole('button', { name: 'Clear All Conversation History' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Clear All Conversation History?' });
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls('DELETE', '/preferences/user/user-1/history')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Clear All Conversation History' }));
    dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear History' }));
    await waitFor(() =>
      expect(screen.getByText('Conversation history cleared (3 conversations deleted).')).toBeInTheDocument(),
    );
    expect(api.calls('DELETE', '/preferences/user/user-1/history')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('deletes the account data after confirmation and shows the defaults again', async () => {
    const api = fakeSettingsApi({ stored: { theme: 'dark' } });
    await openSettingsPage('/settings/app?tab=privacy');

    await userEvent.click(screen.getByRole('button', { name: 'Delete Account Data' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Account Data?' });
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Data' }));

    await waitFor(() => expect(screen.getByText('Your account data has been deleted.')).toBeInTheDocument());
    expect(api.calls('DELETE', '/preferences/user/user-1/account')).toHaveLength(1);
    await openTab('Appearance');
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
  });

  it('reports a failed clear without closing silently', async () => {
    fakeSettingsApi({
      routes: {
        'DELETE /preferences/user/user-1/history': () => ({
          status: 500,
          body: apiErrorBody('internal', 'Internal server error'),
        }),
      },
    });
    await openSettingsPage('/settings/app?tab=privacy');
    await userEvent.click(screen.getByRole('button', { name: 'Clear All Conversation History' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear History' }));
    await waitFor(() =>
      expect(screen.getByText('Failed to clear conversation history. Please try again.')).toBeInTheDocument(),
    );
  });

  it('shows the defaults when the preferences cannot be loaded, and reports a failed save', async () => {
    const failure = () => ({ status: 500, body: apiErrorBody('internal', 'Internal server error') });
    const api = fakeSettingsApi({
      routes: { 'GET /preferences/user/user-1': failure, 'PUT /preferences/user/user-1': failure },
    });
    await openSettingsPage();
    expect(screen.getByText('Your saved settings could not be loaded; the defaults are shown.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(screen.getByText('Failed to save settings. Please try again.')).toBeInTheDocument());
    expect(screen.queryByText('Settings saved successfully!')).not.toBeInTheDocument();
    expect(api.calls('PUT', '/preferences/user/user-1')).toHaveLength(1);
  });
});

function ModalHarness({ onHistoryCleared }: { onHistoryCleared: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      {open ? <AppSettingsModal onClose={() => setOpen(false)} onHistoryCleared={onHistoryCleared} /> : null}
    </main>
  );
}

async function renderModal() {
  signIn();
  const onHistoryCleared = vi.fn();
  const router = createMemoryRouter([{ path: '*', element: <ModalHarness onHistoryCleared={onHistoryCleared} /> }]);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const opener = await screen.findByRole('button', { name: 'Open settings' });
  // The auth provider loads the profile first; the modal needs the user.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await userEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'App Settings' });
  await within(dialog).findByRole('tab', { name: 'Appearance' });
  return { dialog, opener, onHistoryCleared };
}

describe('App Settings modal', () => {
  it('is a labelled modal dialog that Escape closes, returning focus to the opener', async () => {
    fakeSettingsApi();
    const { dialog, opener } = await renderModal();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Appearance', 'Messages', 'AI Models', 'Privacy']);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on a backdrop click and on Back', async () => {
    fakeSettingsApi();
    await renderModal();
    await userEvent.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'App Settings' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    fakeSettingsApi();
    const { dialog } = await renderModal();
    for (let step = 0; step < 12; step += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('Escape in a confirmation closes only the confirmation; a cleared history is reported to the host', async () => {
    fakeSettingsApi();
    const { dialog, onHistoryCleared } = await renderModal();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Privacy' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear All Conversation History' }));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'App Settings' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear All Conversation History' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear History' }));
    await waitFor(() => expect(onHistoryCleared).toHaveBeenCalledTimes(1));
  });
});
