import { defaultPreferences, fontSizes, messageHistoryOptions, themes, type Preferences } from '@contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTheme } from '../../../components/theme/theme-context';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../auth/hooks/use-auth';
import { modelsQueryKey, preferencesApi, preferencesQueryKey } from '../api/preferences-api';
import { applyFontSize } from '../lib/font-size';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DefaultModelField } from './default-model-field';
import { PrivacyAction, RadioGroup, SelectField, Toggle } from './settings-fields';

/** Spec section 8: the saved confirmation stays 2 s. */
const savedConfirmationMs = 2000;
const savedMessage = 'Settings saved successfully!';
const settingsTabs = ['appearance', 'messages', 'models', 'privacy'] as const;
const resetQuestion = 'Reset all settings to default values?';

const themeLabels: Record<Preferences['theme'], string> = { system: 'System', light: 'Light', dark: 'Dark' };
const fontSizeLabels: Record<Preferences['font_size'], string> = { small: 'Small', medium: 'Medium', large: 'Large' };

const tabStyle =
  'shrink-0 whitespace-nowrap rounded-md px-2.5 py-2 text-sm sm:px-3 font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-ink data-[state=active]:bg-brand data-[state=active]:text-on-brand dark:text-slate-300 dark:hover:bg-slate-800';

export interface AppSettingsProps {
  /** The Back button (page: navigate back; modal: close). */
  onBack: () => void;
  /** 'page' renders its own h1; in the modal the dialog's title names it. */
  variant?: 'page' | 'modal';
  /** The tab shown first (appearance, messages, models or privacy). */
  initialTab?: string | null;
  /** The heading's id in the modal, which names the dialog. */
  titleId?: string;
  /** Called after the conversation history was deleted, so a mounted chat screen can reload. */
  onHistoryCleared?: () => void;
  /** Called after the account data (conversations, feedback, preferences) was deleted. */
  onAccountDataDeleted?: () => void;
}

/** App Settings of spec section 2, loaded from and saved through the Preferences calls. */
export function AppSettings(props: AppSettingsProps) {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const preferences = useQuery({
    queryKey: preferencesQueryKey(userId),
    queryFn: () => preferencesApi.get(userId),
    enabled: userId !== '',
  });

  let body: ReactNode;
  if (!user || preferences.isPending) {
    body = (
      <div className="flex items-center gap-2 py-8 text-sm text-slate-600 dark:text-slate-300">
        <Spinner label="Loading settings" className="h-5 w-5" /> <span aria-hidden="true">Loading settings...</span>
      </div>
    );
  } else {
    body = (
      <AppSettingsForm
        {...props}
        userId={userId}
        initial={preferences.data ?? defaultPreferences}
        loadFailed={preferences.isError}
      />
    );
  }

  return (
    <div>
      <div className="flex items-center justify-between gap-4">
        {props.variant === 'modal' ? (
          <h2 id={props.titleId} className="text-xl font-bold text-slate-900 dark:text-white">
            App Settings
          </h2>
        ) : (
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">App Settings</h1>
        )}
        <Button variant="secondary" onClick={props.onBack}>
          Back
        </Button>
      </div>
      {body}
    </div>
  );
}

type Confirmation = 'reset' | 'history' | 'account' | null;

function AppSettingsForm({
  userId,
  initial,
  loadFailed,
  initialTab,
  onHistoryCleared,
  onAccountDataDeleted,
}: AppSettingsProps & { userId: string; initial: Preferences; loadFailed: boolean }) {
  const [draft, setDraft] = useState<Preferences>(initial);
  const [savedVisible, setSavedVisible] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  const queryClient = useQueryClient();
  const toast = useToast();
  const { setPreference: setThemePreference } = useTheme();
  const models = useQuery({
    queryKey: modelsQueryKey,
    queryFn: preferencesApi.listModels,
    staleTime: 5 * 60_000,
    select: (answer) => answer.models,
  });

  useEffect(() => {
    if (!savedVisible) return;
    const timer = window.setTimeout(() => setSavedVisible(false), savedConfirmationMs);
    return () => window.clearTimeout(timer);
  }, [savedVisible]);

  const save = useMutation({
    mutationFn: (next: Preferences) => preferencesApi.update(userId, next),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesQueryKey(userId), saved);
      // The chat's model selector starts at the saved default model (the list says where it starts).
      void queryClient.invalidateQueries({ queryKey: modelsQueryKey });
      setDraft(saved);
      setThemePreference(saved.theme);
      applyFontSize(saved.font_size);
      setSavedVisible(true);
    },
    onError: () => toast.error('Failed to save settings. Please try again.'),
  });

  const clearHistory = useMutation({
    mutationFn: () => preferencesApi.deleteHistory(userId),
    onSuccess: (deletedCount) => {
      setConfirmation(null);
      toast.success(
        `Conversation history cleared (${deletedCount} ${deletedCount === 1 ? 'conversation' : 'conversations'} deleted).`,
      );
      onHistoryCleared?.();
    },
    onError: () => {
      setConfirmation(null);
      toast.error('Failed to clear conversation history. Please try again.');
    },
  });

  const deleteAccountData = useMutation({
    mutationFn: () => preferencesApi.deleteAccountData(userId),
    onSuccess: () => {
      setConfirmation(null);
      queryClient.setQueryData(preferencesQueryKey(userId), defaultPreferences);
      setDraft(defaultPreferences);
      toast.success('Your account data has been deleted.');
      onAccountDataDeleted?.();
    },
    onError: () => {
      setConfirmation(null);
      toast.error('Failed to delete account data. Please try again.');
    },
  });

  const update = <Field extends keyof Preferences>(field: Field, value: Preferences[Field]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(draft);
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4">
      {loadFailed ? (
        <FormAlert tone="info">Your saved settings could not be loaded; the defaults are shown.</FormAlert>
      ) : null}
      <Tabs.Root defaultValue={settingsTabs.find((tab) => tab === initialTab) ?? 'appearance'} className="mt-2">
        {/* One row on every screen: on a phone the row scrolls sideways rather than leaving a tab alone on a second line. */}
        <Tabs.List
          aria-label="App settings sections"
          className="flex gap-1 overflow-x-auto border-b border-slate-200 pb-3 dark:border-slate-800"
        >
          <Tabs.Trigger value="appearance" className={tabStyle}>
            Appearance
          </Tabs.Trigger>
          <Tabs.Trigger value="messages" className={tabStyle}>
            Messages
          </Tabs.Trigger>
          <Tabs.Trigger value="models" className={tabStyle}>
            AI Models
          </Tabs.Trigger>
          <Tabs.Trigger value="privacy" className={tabStyle}>
            Privacy
          </Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="appearance" className="space-y-6 pt-5">
          <RadioGroup
            legend="Theme"
            name="theme"
            options={themes}
            labels={themeLabels}
            value={draft.theme}
            onChange={(value) => update('theme', value)}
          />
          <RadioGroup
            legend="Font Size"
            name="font_size"
            options={fontSizes}
            labels={fontSizeLabels}
            value={draft.font_size}
            onChange={(value) => update('font_size', value)}
          />
        </Tabs.Content>

        <Tabs.Content value="messages" className="space-y-5 pt-5">
          <Toggle
            label="Notifications"
            description="Show notifications for new replies."
            checked={draft.notifications}
            onChange={(value) => update('notifications', value)}
          />
          <Toggle
            label="Sound Effects"
            description="Play a sound when a reply arrives."
            checked={draft.sound_effects}
            onChange={(value) => update('sound_effects', value)}
          />
          <SelectField
            label="Message History Limit"
            hint="How many earlier messages are kept with a conversation."
            value={String(draft.message_history)}
            onChange={(value) => update('message_history', Number(value) as Preferences['message_history'])}
          >
            {messageHistoryOptions.map((option) => (
              <option key={option} value={option}>
                {option} messages
              </option>
            ))}
          </SelectField>
          <Toggle
            label="Auto-save Conversations"
            description="Keep conversations so you can come back to them."
            checked={draft.auto_save}
            onChange={(value) => update('auto_save', value)}
          />
        </Tabs.Content>

        <Tabs.Content value="models" className="space-y-3 pt-5">
          <DefaultModelField
            value={draft.default_model}
            models={models.data}
            loading={models.isPending}
            failed={models.isError}
            onChange={(value) => update('default_model', value)}
          />
        </Tabs.Content>

        <Tabs.Content value="privacy" className="space-y-4 pt-5">
          <PrivacyAction
            title="Clear All Conversation History"
            description="Deletes every one of your conversations and their messages."
            buttonLabel="Clear All Conversation History"
            onClick={() => setConfirmation('history')}
          />
          <PrivacyAction
            title="Delete Account Data"
            description="Deletes your conversations, feedback and saved settings. Your sign-in account stays; an administrator removes accounts."
            buttonLabel="Delete Account Data"
            onClick={() => setConfirmation('account')}
          />
        </Tabs.Content>
      </Tabs.Root>

      <div className="mt-6 flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        <Button variant="secondary" onClick={() => setConfirmation('reset')}>
          Reset Defaults
        </Button>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
            {savedVisible ? savedMessage : ''}
          </p>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      </div>

      {confirmation === 'reset' ? (
        <ConfirmDialog
          title="Reset Defaults"
          description={resetQuestion}
          confirmLabel="Reset"
          variant="primary"
          onCancel={() => setConfirmation(null)}
          onConfirm={() => {
            setDraft(defaultPreferences);
            setConfirmation(null);
          }}
        />
      ) : null}
      {confirmation === 'history' ? (
        <ConfirmDialog
          title="Clear All Conversation History?"
          description="All of your conversations will be deleted. This action cannot be undone."
          confirmLabel="Clear History"
          pendingLabel="Clearing..."
          pending={clearHistory.isPending}
          onCancel={() => setConfirmation(null)}
          onConfirm={() => clearHistory.mutate()}
        />
      ) : null}
      {confirmation === 'account' ? (
        <ConfirmDialog
          title="Delete Account Data?"
          description="Your conversations, feedback and saved settings will be deleted. This action cannot be undone."
          confirmLabel="Delete Data"
          pendingLabel="Deleting..."
          pending={deleteAccountData.isPending}
          onCancel={() => setConfirmation(null)}
          onConfirm={() => deleteAccountData.mutate()}
        />
      ) : null}
    </form>
  );
}
