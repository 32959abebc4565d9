import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { PasswordField } from '../../../components/ui/password-field';
import { inputStyle, TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import type { ListedRole } from '../../role-management/api/roles-api';
import {
  emptyCreateUserForm,
  validateCreateUser,
  type CreateUserField,
  type CreateUserForm,
  type CreateUserValues,
} from '../lib/create-user-form';
import { SignInSetupChoice } from './sign-in-setup-choice';

interface CreateUserDialogProps {
  roles: readonly ListedRole[];
  onCreate: (user: CreateUserValues) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Create New User (spec sections 2 and 5): each error clears when its field is edited; closing
 * the dialog unmounts it, so the form and its errors start empty next time. The person is invited
 * by e-mail to choose their own password (the default), or the admin sets one (issue 21).
 */
export function CreateUserDialog({ roles, onCreate, onClose }: CreateUserDialogProps) {
  const roleSelectId = useId();
  const [form, setForm] = useState<CreateUserForm>(emptyCreateUserForm);
  const [problems, setProblems] = useState<Partial<Record<CreateUserField, string>>>({});
  const [saving, setSaving] = useState(false);
  const banner = useErrorBanner();

  const edit = (field: CreateUserField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _cleared, ...rest }) => rest);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { values, problems: found } = validateCreateUser(form);
    setProblems(found);
    if (!values) return;
    setSaving(true);
    try {
      await onCreate(values);
    } catch (error) {
      if (error instanceof ApiError && error.fields)
        setProblems(error.fields as Partial<Record<CreateUserField, string>>);
      banner.show(error);
      setSaving(false);
    }
  }

  return (
    <Dialog title="Create New User" onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <ErrorBanner banner={banner} />
        <TextField
          label="Username"
          autoComplete="off"
          data-autofocus
          value={form.username}
          error={problems.username}
          onChange={(event) => edit('username', event.target.value)}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          value={form.email}
          error={problems.email}
          onChange={(event) => edit('email', event.target.value)}
        />
        <SignInSetupChoice
          value={form.setup}
          onChange={(setup) => {
            setForm((current) => ({ ...current, setup }));
            setProblems(({ password: _cleared, ...rest }) => rest);
          }}
        />
        {form.setup === 'password' ? (
          <PasswordField
            label="Password"
            autoComplete="new-password"
            value={form.password}
            error={problems.password}
            onChange={(event) => edit('password', event.target.value)}
          />
        ) : null}
        <div>
          <label htmlFor={roleSelectId} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
            Role
          </label>
          <select
            id={roleSelectId}
            className={inputStyle}
            value={form.role_id}
            aria-invalid={problems.role_id ? true : undefined}
            aria-describedby={problems.role_id ? `${roleSelectId}-error` : undefined}
            onChange={(event) => edit('role_id', event.target.value)}
          >
            <option value="">Select Role</option>
            {roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </select>
          {problems.role_id ? (
            <p id={`${roleSelectId}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
              {problems.role_id}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Creating...' : 'Create User'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
