import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError } from '../../../lib/api-error';
import { useAuth } from '../../auth/hooks/use-auth';
import { changePassword } from '../api/password-api';

const passwordUpdatedMessage = 'Password updated successfully!';
const passwordFailedMessage = 'Failed to update password';
const passwordsDoNotMatchMessage = 'New passwords do not match';
const minimumPasswordLength = 8;

interface Problems {
  currentPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Security tab: change the password through the real change-password call. */
export function ChangePasswordForm() {
  const { user } = useAuth();
  const toast = useToast();
  const [values, setValues] = useState(empty);
  const [problems, setProblems] = useState<Problems>({});

  const mutation = useMutation({
    mutationFn: () => changePassword(user?.id ?? '', values.currentPassword, values.newPassword),
    onSuccess: () => {
      setValues(empty);
      setProblems({});
      toast.success(passwordUpdatedMessage);
    },
    onError: (error) => {
      const fieldProblem = error instanceof ApiError ? error.fields?.current_password : undefined;
      if (fieldProblem) setProblems({ currentPassword: fieldProblem });
      toast.error(fieldProblem ? `${passwordFailedMessage}: ${fieldProblem}` : passwordFailedMessage);
    },
  });

  const field = (name: keyof typeof empty) => ({
    name,
    value: values[name],
    error: problems[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Problems = {};
    if (!values.currentPassword) found.currentPassword = 'Current password is required';
    if (!values.newPassword) found.newPassword = 'New password is required';
    else if (values.newPassword.length < minimumPasswordLength)
      found.newPassword = 'Password must be at least 8 characters long.';
    if (values.newPassword && values.confirmPassword !== values.newPassword)
      found.confirmPassword = passwordsDoNotMatchMessage;
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate();
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Change password
      </h2>
      <div className="space-y-4 sm:max-w-sm">
        <PasswordField label="Current password" autoComplete="current-password" {...field('currentPassword')} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...field('newPassword')}
        />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...field('confirmPassword')} />
      </div>
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}
