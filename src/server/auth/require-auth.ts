import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { messages } from '../../contracts';
import { unauthorized } from '../http/app-error';
import type { AppEnv } from '../http/context';
import type { AuthDependencies } from './auth-dependencies';
import { authenticate, authenticateProvisionally } from './session-service';

export function readBearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

function bearerTokenOf(context: Context<AppEnv>): string {
  const token = readBearerToken(context.req.header('authorization'));
  if (!token) throw unauthorized(messages.noAuthToken);
  return token;
}

/**
 * The calls a person may make while their organisation requires two-factor authentication they
 * have not set up: setting it up, their profile (the web app's start), the branding the screens
 * show, and signing out. Everything else answers 403 `two_factor_setup_required`.
 */
const openDuringTwoFactorSetup = new Set([
  'GET /api/auth/2fa/setup',
  'POST /api/auth/2fa/enable',
  'GET /api/user/profile',
  'GET /api/org/me/branding',
  'POST /api/auth/logout',
]);

/** What the organisation's sign-in rules look at in a request. */
function signInRequestOf(context: Context<AppEnv>) {
  return {
    clientAddress: context.get('clientAddress'),
    openDuringTwoFactorSetup: openDuringTwoFactorSetup.has(`${context.req.method} ${context.req.path}`),
  };
}

/** Puts the signed-in caller on the context or answers 401 (403 where the organisation's sign-in rules refuse). */
export function requireAuth(dependencies: AuthDependencies) {
  return createMiddleware<AppEnv>(async (context, next) => {
    const caller = await authenticate(dependencies, bearerTokenOf(context), signInRequestOf(context));
    if (!caller) throw unauthorized(messages.sessionExpired);
    const { expiresAt: _expiresAt, ...plainCaller } = caller;
    context.set('caller', plainCaller);
    await next();
  });
}

/**
 * Like requireAuth, but a caller looked up recently is put on the context at once, with the check
 * against the database left to the route (`signIn`, set only then), which must run it before it
 * saves or answers anything. Only for routes built for it (the chat message, docs/decisions/013).
 */
export function requireAuthProvisionally(dependencies: AuthDependencies) {
  return createMiddleware<AppEnv>(async (context, next) => {
    const signIn = await authenticateProvisionally(dependencies, bearerTokenOf(context), signInRequestOf(context));
    if (!signIn) throw unauthorized(messages.sessionExpired);
    context.set('caller', signIn.caller);
    if (signIn.pending) context.set('signIn', signIn.pending);
    await next();
  });
}
