import { messages } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonStyle } from '../../../components/ui/button';
import { useAuth } from '../hooks/use-auth';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { verifyEmail } from '../api/account-api';
import { BackToLoginLink } from './back-to-login-link';

/** A query (not an effect) so the one-time token is sent once even when React mounts twice. */
export function VerifyEmailStatus({ token }: { token: string }) {
  const { user, reloadProfile } = useAuth();
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  const verified = verification.data?.success === true;
  useEffect(() => {
    // Signed in here: the profile now says verified, so the reminder goes.
    if (verified && user && !user.email_verified) void reloadProfile().catch(() => undefined);
  }, [verified, user, reloadProfile]);

  if (verification.isPending) {
    return (
      <div className="flex items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
        <Spinner className="h-5 w-5" label="Verifying" />
        Verifying your email address...
      </div>
    );
  }
  const answer = verification.data;
  const refused =
    answer?.success === false ||
    (verification.error instanceof ApiError && verification.error.status >= 400 && verification.error.status < 500);
  return (
    <div className="space-y-6">
      {answer?.success ? (
        <FormAlert tone="success">
          {answer.activation_email_sent ? messages.verifySuccess : messages.verifySuccessSignedUp}
        </FormAlert>
      ) : (
        <FormAlert tone="error">{refused ? messages.verifyFailed : messages.verifyError}</FormAlert>
      )}
      {user ? (
        <Link to="/chat" className={buttonStyle('primary', 'w-full')}>
          Continue to chat
        </Link>
      ) : (
        <BackToLoginLink />
      )}
    </div>
  );
}
