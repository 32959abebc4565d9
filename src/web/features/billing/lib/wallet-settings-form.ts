import { updateWalletSettingsRequestSchema, walletMessages, type WalletSettings } from '@contracts';

export interface WalletSettingsForm {
  minTopUpAmount: string;
  autoReloadEnabled: boolean;
  autoReloadThreshold: string;
  autoReloadAmount: string;
}

export type WalletSettingsField = Exclude<keyof WalletSettingsForm, 'autoReloadEnabled'>;

export function walletSettingsDraft(settings: WalletSettings): WalletSettingsForm {
  return {
    minTopUpAmount: String(settings.min_top_up_amount),
    autoReloadEnabled: settings.auto_reload_enabled,
    autoReloadThreshold: String(settings.auto_reload_threshold),
    autoReloadAmount: String(settings.auto_reload_amount),
  };
}

const fieldOfRequest = {
  min_top_up_amount: 'minTopUpAmount',
  auto_reload_threshold: 'autoReloadThreshold',
  auto_reload_amount: 'autoReloadAmount',
} as const;

/** An empty box is not a number (the schema then says '... must be a number'), never 0. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * Spec section 5's settings rules through the server's own schema (not negative, whole cents), and
 * a reload amount above 0 when auto-reload is on. Threshold and amount are checked only when
 * auto-reload is on: their boxes are hidden otherwise, and their saved values are sent unchanged.
 */
export function validateWalletSettings(form: WalletSettingsForm, saved: WalletSettings) {
  const request = {
    min_top_up_amount: numberOf(form.minTopUpAmount),
    auto_reload_enabled: form.autoReloadEnabled,
    auto_reload_threshold: form.autoReloadEnabled ? numberOf(form.autoReloadThreshold) : saved.auto_reload_threshold,
    auto_reload_amount: form.autoReloadEnabled ? numberOf(form.autoReloadAmount) : saved.auto_reload_amount,
  };
  const problems: Partial<Record<WalletSettingsField, string>> = {};
  const parsed = updateWalletSettingsRequestSchema.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfRequest[issue.path[0] as keyof typeof fieldOfRequest];
      if (field && !problems[field]) problems[field] = issue.message;
    }
  }
  if (form.autoReloadEnabled && !problems.autoReloadAmount && request.auto_reload_amount === 0)
    problems.autoReloadAmount = walletMessages.reloadAmountZero;
  if (Object.keys(problems).length > 0) return { problems, values: null };
  return { problems, values: request };
}
