import { messages } from '@contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-error';
import { confirmPasswordReset } from '../api/account-api';
import { useRedirectToLoginAfterSuccess } from '../hooks/use-redirect-to-login';
import { findNewPasswordProblem, NewPasswordFields } from './new-password-fields';

/** A refused token (4xx) reads as "expired or invalid"; anything else as a general failure. */
function failureText(answerSuccess: boolean | undefined, error: Error | null): string | undefined {
  if (answerSuccess === false) return messages.resetFailed;
  if (!error) return undefined;
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? messages.resetFailed
    : messages.resetError;
}

export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string>();
  const reset = useMutation({ mutationFn: () => confirmPasswordReset(token, password) });
  const succeeded = reset.data?.success === true;
  useRedirectToLoginAfterSuccess(succeeded);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = findNewPasswordProblem(password, confirmation);
    setProblem(found);
    if (!found) reset.mutate();
  }

  if (succeeded) {
    return <FormAlert tone="success">Your password has been reset. Redirecting you to the login page...</FormAlert>;
  }
  const error = problem ?? failureText(reset.data?.success, reset.error);
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <NewPasswordFields
        passwordLabel="New password"
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
      />
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}
