import { messages, passwordResetRequestSchema } from '@contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { selectErrorMessage } from '../../../lib/api-error';
import { requestPasswordReset } from '../api/account-api';

/** Always the same neutral answer, so the form does not reveal which e-mails have accounts. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const reset = useMutation({ mutationFn: requestPasswordReset });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = passwordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? messages.invalidEmail);
      return;
    }
    setFieldError(undefined);
    reset.mutate(parsed.data.email, { onError: (error) => toast.error(selectErrorMessage(error)) });
  }

  return (
    <div className="space-y-4">
      {reset.isSuccess ? (
        <FormAlert tone="success">{messages.resetRequested}</FormAlert>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </p>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            error={fieldError}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <button
        type="button"
        onClick={onBack}
        className="w-full text-center text-sm font-medium text-brand-ink hover:underline"
      >
        Back to sign in
      </button>
    </div>
  );
}
