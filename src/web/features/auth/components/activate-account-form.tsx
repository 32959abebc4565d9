import { messages } from '@contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { activateAccount } from '../api/account-api';
import { useRedirectToLoginAfterSuccess } from '../hooks/use-redirect-to-login';
import { findNewPasswordProblem, NewPasswordFields } from './new-password-fields';

const linkStyle = 'font-medium text-brand-ink underline';

function failureText(answerSuccess: boolean | undefined, error: Error | null): string | undefined {
  if (answerSuccess === false) return messages.activateFailed;
  if (error) return error.message || messages.activateError;
  return undefined;
}

export function ActivateAccountForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<string>();
  const activation = useMutation({ mutationFn: () => activateAccount(token, password) });
  const succeeded = activation.data?.success === true;
  useRedirectToLoginAfterSuccess(succeeded);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found =
      findNewPasswordProblem(password, confirmation) ?? (consent ? undefined : messages.gdprConsentRequired);
    setProblem(found);
    if (!found) activation.mutate();
  }

  if (succeeded) {
    return <FormAlert tone="success">Your account is active. Redirecting you to the login page...</FormAlert>;
  }
  const error = problem ?? failureText(activation.data?.success, activation.error);
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <NewPasswordFields
        passwordLabel="Password"
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
      />
      <div className="flex items-start gap-2">
        <input
          id="gdpr-consent"
          type="checkbox"
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
          className="mt-1 h-4 w-4 rounded border-slate-300 text-brand focus-visible:outline-2 focus-visible:outline-brand-ink"
        />
        <label htmlFor="gdpr-consent" className="text-sm text-slate-700 dark:text-slate-300">
          I agree to the{' '}
          <Link to="/privacy-policy" target="_blank" className={linkStyle}>
            Privacy Policy
          </Link>{' '}
          and the{' '}
          <Link to="/terms" target="_blank" className={linkStyle}>
            Terms of Service
          </Link>
          .
        </label>
      </div>
      <Button type="submit" className="w-full" disabled={activation.isPending}>
        {activation.isPending ? 'Activating...' : 'Activate Account'}
      </Button>
    </form>
  );
}
