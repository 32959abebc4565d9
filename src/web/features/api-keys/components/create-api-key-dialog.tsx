import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { ErrorBanner } from '../../admin/components/error-banner';
import { SelectField } from '../../admin/components/form-fields';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import { emptyNewKeyForm, validateNewKey, type NewKeyField, type NewKeyForm } from '../lib/new-key-form';

interface CreateApiKeyDialogProps {
  /** Service keys are bound to one of these roles; personal keys act with their owner's role. */
  roles?: readonly { id: string; name: string }[];
  onCreate: (request: NonNullable<ReturnType<typeof validateNewKey>['values']>) => Promise<unknown>;
  onClose: () => void;
}

const serverField: Record<string, NewKeyField> = { expires_at: 'expires_on' };

/** Create API key: a name, an optional expiry day and monthly budget (and a role for a service key). */
export function CreateApiKeyDialog({ roles, onCreate, onClose }: CreateApiKeyDialogProps) {
  const service = roles !== undefined;
  const [form, setForm] = useState<NewKeyForm>(emptyNewKeyForm);
  const [problems, setProblems] = useState<Partial<Record<NewKeyField, string>>>({});
  const [saving, setSaving] = useState(false);
  const banner = useErrorBanner();

  const edit = (field: NewKeyField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _cleared, ...rest }) => rest);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { values, problems: found } = validateNewKey(form, service ? 'service' : 'personal');
    setProblems(found);
    if (!values) return;
    setSaving(true);
    try {
      await onCreate(values);
    } catch (error) {
      if (error instanceof ApiError && error.fields)
        setProblems(
          Object.fromEntries(
            Object.entries(error.fields).map(([field, message]) => [serverField[field] ?? field, message]),
          ),
        );
      banner.show(error);
      setSaving(false);
    }
  }

  return (
    <Dialog title={service ? 'Create service key' : 'Create API key'} onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <ErrorBanner banner={banner} />
        <TextField
          label="Name"
          autoComplete="off"
          data-autofocus
          hint="What the key is for, such as the program or notebook that uses it."
          value={form.name}
          error={problems.name}
          onChange={(event) => edit('name', event.target.value)}
        />
        {service ? (
          <SelectField
            label="Role"
            value={form.role_id}
            error={problems.role_id}
            hint="The key acts with this role's models and limits."
            onChange={(event) => edit('role_id', event.target.value)}
          >
            <option value="">Select Role</option>
            {roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <TextField
          label="Expires on (optional)"
          type="date"
          hint="The key works through the end of this day (UTC). Leave empty for a key that does not expire."
          value={form.expires_on}
          error={problems.expires_on}
          onChange={(event) => edit('expires_on', event.target.value)}
        />
        <TextField
          label="Monthly budget in USD (optional)"
          inputMode="decimal"
          placeholder="e.g. 25.00"
          hint="Calls are refused once the key has spent this much in a calendar month (UTC)."
          value={form.monthly_budget_usd}
          error={problems.monthly_budget_usd}
          onChange={(event) => edit('monthly_budget_usd', event.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Creating...' : 'Create key'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
