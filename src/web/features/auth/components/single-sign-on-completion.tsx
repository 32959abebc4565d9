import { isSingleSignOnFailureCode, singleSignOnFailures } from '@contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { selectErrorMessage } from '../../../lib/api-error';
import { takeRedirectPath } from '../../../lib/redirect-storage';
import { useAuth } from '../hooks/use-auth';

/** What the callback left in the address's fragment: a one-time code, or why it refused. */
function readFragment(): { handoff?: string; error?: string } {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  return { handoff: fragment.get('handoff') ?? undefined, error: fragment.get('error') ?? undefined };
}

/**
 * /sso/complete: the identity provider sent the person back. The one-time code is traded for the
 * sign-in's tokens and the app goes where they were going; a refusal is shown with its reason.
 * The fragment is cleared at once, so a reload or the history never holds the code.
 */
export function SingleSignOnCompletion() {
  const { signInWithHandoff } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { handoff, error } = readFragment();
    window.history.replaceState(null, '', window.location.pathname);
    if (!handoff) {
      setFailure(
        error && isSingleSignOnFailureCode(error)
          ? singleSignOnFailures[error]
          : 'This sign-in link is incomplete. Please sign in again.',
      );
      return;
    }
    signInWithHandoff(handoff)
      .then(() => navigate(takeRedirectPath(), { replace: true }))
      .catch((problem: unknown) => setFailure(selectErrorMessage(problem)));
  }, [navigate, signInWithHandoff]);

  if (!failure) return <Spinner label="Signing you in" />;
  return (
    <div className="space-y-4">
      <FormAlert tone="error">{failure}</FormAlert>
      <Link
        to="/login"
        className="inline-block text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
      >
        Back to sign in
      </Link>
    </div>
  );
}
