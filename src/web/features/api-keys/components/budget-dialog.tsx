import type { ApiKeyView } from '@contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import { validateBudget } from '../lib/new-key-form';

interface BudgetDialogProps {
  apiKey: ApiKeyView;
  onSave: (monthlyBudgetUsd: number | null) => Promise<unknown>;
  onClose: () => void;
}

/** Change a key's monthly budget; empty removes it. */
export function BudgetDialog({ apiKey, onSave, onClose }: BudgetDialogProps) {
  const [typed, setTyped] = useState(apiKey.monthly_budget_usd === null ? '' : apiKey.monthly_budget_usd.toFixed(2));
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const banner = useErrorBanner();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { value, problem: found } = validateBudget(typed);
    setProblem(found);
    if (found !== undefined) return;
    setSaving(true);
    try {
      await onSave(value);
    } catch (error) {
      banner.show(error);
      setSaving(false);
    }
  }

  return (
    <Dialog title={`Monthly budget of ${apiKey.name}`} onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <ErrorBanner banner={banner} />
        <TextField
          label="Monthly budget in USD"
          inputMode="decimal"
          data-autofocus
          hint="Leave empty for no budget of its own (the role's limits and the wallet still apply)."
          value={typed}
          error={problem}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(undefined);
          }}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save budget'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
