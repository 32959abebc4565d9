import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setAuthFailureHandler, setTwoFactorSetupHandler } from '../../../lib/api-client';
import { rememberRedirectPath } from '../../../lib/redirect-storage';
import { useAuth } from '../hooks/use-auth';

const protectedPrefixes = ['/chat', '/admin', '/profile', '/settings', '/dashboard'];

function isProtectedPath(pathname: string): boolean {
  return protectedPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * When the API client cannot refresh a session, send the user to /login and back afterwards; when
 * a call is refused until two-factor authentication is set up, route protection sends them to it.
 */
export function AuthFailureRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const { requireTwoFactorSetup } = useAuth();
  useEffect(() => setTwoFactorSetupHandler(requireTwoFactorSetup), [requireTwoFactorSetup]);
  const currentLocation = useRef(location);
  useEffect(() => {
    currentLocation.current = location;
  }, [location]);

  useEffect(
    () =>
      setAuthFailureHandler(() => {
        const { pathname, search } = currentLocation.current;
        if (isProtectedPath(pathname)) rememberRedirectPath(`${pathname}${search}`);
        void navigate('/login', { replace: true });
      }),
    [navigate],
  );
  return null;
}
