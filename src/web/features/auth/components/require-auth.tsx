import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { rememberRedirectPath } from '../../../lib/redirect-storage';
import { isTokenExpired } from '../../../lib/token-storage';
import { mustSetUpTwoFactor, useAuth } from '../hooks/use-auth';

/** Where someone whose organisation requires two-factor authentication sets it up before anything else. */
export const twoFactorSetupPath = '/setup-two-factor';

/** Goes to `to`, remembering `from` to come back to afterwards (after signing in, or setting up two-factor). */
function RedirectRemembering({ from, to }: { from: string; to: string }) {
  // A layout effect runs before <Navigate>'s effect, so the path is stored before the next page reads it.
  useLayoutEffect(() => rememberRedirectPath(from), [from]);
  return <Navigate to={to} replace />;
}

/** Route protection of spec section 2 for every signed-in screen. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isInitialized, token, user, expiresAt, signedOutByUser, refreshExpiredSession } = useAuth();
  const location = useLocation();
  const expired = token !== null && isTokenExpired(expiresAt);

  useEffect(() => {
    if (isInitialized && expired) void refreshExpiredSession();
  }, [isInitialized, expired, refreshExpiredSession]);

  if (!isInitialized) return <FullPageSpinner label="Checking your session" />;
  if (!token && signedOutByUser) return <Navigate to="/" replace />;
  const here = `${location.pathname}${location.search}`;
  if (!token) return <RedirectRemembering from={here} to="/login" />;
  if (expired || !user) return <FullPageSpinner label="Loading your profile" />;
  // The server refuses everything else until it is set up (docs/decisions/021).
  if (mustSetUpTwoFactor(user) && location.pathname !== twoFactorSetupPath)
    return <RedirectRemembering from={here} to={twoFactorSetupPath} />;
  return children ?? <Outlet />;
}
