import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setAuthFailureHandler } from '../../../lib/api-client';
import { rememberRedirectPath } from '../../../lib/redirect-storage';

const protectedPrefixes = ['/chat', '/admin', '/profile', '/settings', '/dashboard'];

export function isProtectedPath(pathname: string): boolean {
  return protectedPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** When the API client cannot refresh a session, send the user to /login and back afterwards. */
export function AuthFailureRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
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
