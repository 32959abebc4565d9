import { singleSignOnMessages } from '@contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { selectErrorMessage } from '../../../lib/api-error';
import { startSingleSignOnRequest } from '../api/session-api';

/** Where the browser goes next; a seam for tests, which cannot leave the page. */
export const browserLocation = { assign: (url: string) => window.location.assign(url) };

/**
 * "Continue with single sign-on": a work e-mail address (its domain names the organisation) or
 * the organisation's single sign-on name; the browser then goes to that organisation's identity provider.
 */
export function SingleSignOnForm({
  onBack,
  initialIdentifier = '',
}: {
  onBack: () => void;
  initialIdentifier?: string;
}) {
  const [identifier, setIdentifier] = useState(initialIdentifier);
  const [problem, setProblem] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!identifier.trim()) {
      setProblem(singleSignOnMessages.identifierRequired);
      return;
    }
    setProblem(null);
    setRedirecting(true);
    try {
      const { authorization_url: authorizationUrl } = await startSingleSignOnRequest(identifier.trim());
      browserLocation.assign(authorizationUrl);
    } catch (error) {
      setProblem(selectErrorMessage(error));
      setRedirecting(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      <TextField
        label="Work e-mail or organization"
        name="identifier"
        autoComplete="username"
        autoFocus
        placeholder="you@company.com or company"
        hint="We send you to your organization's identity provider to sign in."
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
      />
      <Button type="submit" className="w-full" disabled={redirecting}>
        {redirecting ? 'Redirecting...' : 'Continue'}
      </Button>
      <div className="text-center">
        <button
          type="button"
          onClick={onBack}
          className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
        >
          Sign in with a password instead
        </button>
      </div>
    </form>
  );
}
