import type { WalletBalance } from '@contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { ErrorBanner } from '../../admin/components/error-banner';
import { CheckboxField } from '../../admin/components/form-fields';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import {
  validateWalletSettings,
  walletSettingsDraft,
  type WalletSettingsField,
  type WalletSettingsForm,
} from '../lib/wallet-settings-form';

interface WalletSettingsDialogProps {
  wallet: WalletBalance;
  onSave: (settings: {
    min_top_up_amount: number;
    auto_reload_enabled: boolean;
    auto_reload_threshold: number;
    auto_reload_amount: number;
  }) => Promise<unknown>;
  onClose: () => void;
}

/** Spec section 2's Wallet Settings dialog: threshold and amount appear only while auto-reload is on. */
export function WalletSettingsDialog({ wallet, onSave, onClose }: WalletSettingsDialogProps) {
  const [form, setForm] = useState<WalletSettingsForm>(() => walletSettingsDraft(wallet.settings));
  const [problems, setProblems] = useState<Partial<Record<WalletSettingsField, string>>>({});
  const [saving, setSaving] = useState(false);
  const banner = useErrorBanner();
  const currency = wallet.currency;

  const edit = (field: WalletSettingsField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _cleared, ...rest }) => rest);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { values, problems: found } = validateWalletSettings(form, wallet.settings);
    setProblems(found);
    if (!values) return;
    setSaving(true);
    try {
      await onSave(values);
    } catch (error) {
      banner.show(error);
      setSaving(false);
    }
  }

  const amountField = (field: WalletSettingsField, label: string, hint?: string, autoFocus = false) => (
    <TextField
      label={`${label} (${currency})`}
      type="number"
      inputMode="decimal"
      step="0.01"
      min={0}
      data-autofocus={autoFocus ? true : undefined}
      value={form[field]}
      error={problems[field]}
      hint={hint}
      onChange={(event) => edit(field, event.target.value)}
    />
  );

  return (
    <Dialog title="Wallet Settings" onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <ErrorBanner banner={banner} />
        {amountField('minTopUpAmount', 'Minimum top-up amount', 'The smallest top-up the Top Up dialog accepts.', true)}
        <CheckboxField
          label="Enable auto-reload"
          checked={form.autoReloadEnabled}
          hint="Tops the wallet up with the saved card when the balance falls below the threshold."
          onChange={(checked) => {
            setForm((current) => ({ ...current, autoReloadEnabled: checked }));
            if (!checked) setProblems(({ minTopUpAmount }) => (minTopUpAmount ? { minTopUpAmount } : {}));
          }}
        />
        {form.autoReloadEnabled ? (
          <>
            {amountField('autoReloadThreshold', 'Auto-reload threshold')}
            {amountField('autoReloadAmount', 'Auto-reload amount')}
          </>
        ) : null}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
