import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { selectErrorMessage } from '../../../lib/api-error';
import { resendVerification } from '../api/account-api';
import { useAuth } from '../hooks/use-auth';

const dismissedKey = (userId: string) => `tokenwise:verify-email-dismissed:${userId}`;

/**
 * Asks a signed-in person whose address is not verified yet to follow the link we e-mailed them
 * (at sign-up), offering a new one; never someone who was sent no link. Hidden for the rest of the browser session once dismissed, and on the
 * verify page itself. Under the top bar on every page, and at the top of the conversation in the
 * chat, which has no top bar (`inChat`).
 */
export function VerifyEmailBanner({ inChat = false }: { inChat?: boolean }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  // Re-rendered on dismissing; the browser session's storage is what remembers it.
  const [, setDismissedNow] = useState(false);
  const resend = useMutation({ mutationFn: resendVerification });
  // The chat screen has no top bar and shows the reminder in its own column instead.
  const chatPage = pathname === '/chat' || pathname.startsWith('/chat/');
  // Only people who were e-mailed a link are asked to follow it (someone an admin gave a password was sent none).
  if (!user || user.email_verified || !user.email_verification_sent) return null;
  if (pathname.startsWith('/verify-email') || chatPage !== inChat) return null;
  if (sessionStorage.getItem(dismissedKey(user.id)) === 'yes') return null;

  const dismiss = () => {
    sessionStorage.setItem(dismissedKey(user.id), 'yes');
    setDismissedNow(true);
  };
  return (
    <section
      aria-label="Verify your email address"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1">
        <p className="min-w-0 flex-1 break-words">
          {resend.isSuccess
            ? `A new link is on its way to ${resend.data.email}.`
            : `Please verify your email address: follow the link we sent to ${user.email}.`}
          {resend.isError ? <span className="ml-1 font-medium">{selectErrorMessage(resend.error)}</span> : null}
        </p>
        <div className="flex gap-2">
          {resend.isSuccess ? null : (
            <button
              type="button"
              className="rounded px-2 py-1 font-medium underline underline-offset-2 hover:bg-amber-100 disabled:opacity-60 dark:hover:bg-amber-900"
              disabled={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {resend.isPending ? 'Sending...' : 'Send a new link'}
            </button>
          )}
          <button
            type="button"
            className="rounded px-2 py-1 hover:bg-amber-100 dark:hover:bg-amber-900"
            onClick={dismiss}
          >
            Dismiss
          </button>
        </div>
      </div>
    </section>
  );
}
