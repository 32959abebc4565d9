import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { rememberRedirectPath } from '../../../lib/redirect-storage';
import { isTokenExpired } from '../../../lib/token-storage';
import { useAuth } from '../hooks/use-auth';

function RedirectToLogin({ from }: { from: string }) {
  // A layout effect runs before <Navigate>'s effect, so the path is stored before the login page reads it.
  useLayoutEffect(() => rememberRedirectPath(from), [from]);
  return <Navigate to="/login" replace />;
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
  if (!token) return <RedirectToLogin from={`${location.pathname}${location.search}`} />;
  if (expired || !user) return <FullPageSpinner label="Loading your profile" />;
  return children ?? <Outlet />;
}
