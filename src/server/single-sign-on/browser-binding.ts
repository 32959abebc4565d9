import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { attemptLifetimeMs } from './sign-in-start';

/** The cookie that ties a sign-in to the browser that started it (login CSRF, a code replayed from elsewhere). */
const cookieName = 'tokenwise_sso';
const cookiePath = '/api/auth/sso';

export function setBrowserBinding(context: Context, value: string, secure: boolean): void {
  // Lax: sent on the identity provider's top-level redirect back to the callback, not on other sites' requests.
  setCookie(context, cookieName, value, {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    maxAge: Math.floor(attemptLifetimeMs / 1000),
  });
}

export function readBrowserBinding(context: Context): string | undefined {
  return getCookie(context, cookieName);
}

export function clearBrowserBinding(context: Context, secure: boolean): void {
  deleteCookie(context, cookieName, { path: cookiePath, secure });
}
